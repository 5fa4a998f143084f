import { caseExportListSchema, caseExportRequestSchema, caseExportSchema } from '@dilosi/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../lib/i18n';
import { docsOf, routeErrors } from '../../lib/route-schemas';
import { requireEntityClerk } from '../staff';
import { caseExportFile, listCaseExports, requestCaseExport } from './case-exports';
import type { CaseServices } from './case-services';

const docs = docsOf('cases');

/**
 * Exports of an entity's cases as XLSX or ODS, built in the background (issue #41; our
 * extension, docs/api.md "Spreadsheet exports"): a clerk's own, per entity. Other entities'
 * staff get 404, citizens 403, as every entity route.
 */
export async function caseExportRoutes(app: FastifyInstance, services: CaseServices) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = services.database;
  const entityParams = z.object({ e: z.string().max(64) });

  api.post(
    '/entity/:e/exports',
    {
      schema: {
        ...docs('Ask for the list as filtered as a spreadsheet, built in the background'),
        params: entityParams,
        body: caseExportRequestSchema,
        response: { 202: z.object({ data: caseExportSchema }), ...routeErrors },
      },
    },
    async (request, reply) => {
      const { user, entity } = await requireEntityClerk(db, request, request.params.e, {
        write: true,
      });
      const queued = await requestCaseExport(db, services.jobs?.() ?? null, {
        entityId: entity.id,
        userId: user.id,
        locale: requestLocale(request),
        ...request.body,
      });
      return reply.status(202).send({ data: queued });
    },
  );

  api.get(
    '/entity/:e/exports',
    {
      schema: {
        ...docs('My last exports of the entity’s cases: state, progress, the file when ready'),
        params: entityParams,
        response: { 200: caseExportListSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { user, entity } = await requireEntityClerk(db, request, request.params.e);
      return { data: await listCaseExports(db, { entityId: entity.id, userId: user.id }) };
    },
  );

  api.get(
    '/entity/:e/exports/:id/file',
    {
      schema: {
        ...docs('The file of one of my ready exports'),
        params: z.object({ e: z.string().max(64), id: z.string().max(64) }),
        produces: [
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'application/vnd.oasis.opendocument.spreadsheet',
        ],
        response: { 200: z.any().describe('The spreadsheet'), ...routeErrors },
      },
    },
    async (request, reply) => {
      const { user, entity } = await requireEntityClerk(db, request, request.params.e);
      const file = await caseExportFile(db, {
        entityId: entity.id,
        userId: user.id,
        id: request.params.id,
      });
      return (reply as FastifyReply)
        .header('Content-Type', file.mediaType)
        .header('Content-Disposition', `attachment; filename="${file.filename}"`)
        .header('Cache-Control', 'private, no-store')
        .send(file.bytes);
    },
  );
}
