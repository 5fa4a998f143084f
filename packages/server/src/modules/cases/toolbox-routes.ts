import {
  binListSchema,
  binQuerySchema,
  apiErrorSchema,
  caseDetailResponseSchema,
  caseDownloadSchema,
  caseFollowSchema,
  caseStatisticsQuerySchema,
  caseStatisticsSchema,
  inboxTemplatesSchema,
  savedViewListSchema,
  savedViewRequestSchema,
  savedViewSchema,
} from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { docsOf, routeErrors } from '../../lib/route-schemas';
import { requireUser } from '../auth';
import { requireEntityClerk, requireEntityRole } from '../staff';
import { listBin, restoreCase } from './case-bin';
import { setCaseFollowed } from './case-follows';
import { getCase } from './get-case';
import { caseZipUrl, replyWithCaseZip } from './case-zip';
import type { CaseServices } from './case-services';
import { caseStatistics } from './case-statistics';
import { filterableFields } from './inbox-filters';
import { deleteSavedView, listSavedViews, saveView } from './saved-views';

const docs = docsOf('cases');

/**
 * The head's statistics and the clerks' bin of an entity (issue #41; our extensions, docs/api.md
 * "An entity's statistics" and "The bin").
 *
 * The statistics (issue #41; our extension, docs/api.md "Statistics"), for its heads:
 * a clerk gets 403 head_permission_denied, other entities' staff 404, citizens 403.
 */
export async function caseToolboxRoutes(app: FastifyInstance, services: CaseServices) {
  const entityParams = z.object({ e: z.string().max(64) });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = services.database;
  api.get(
    '/entity/:e/statistics',
    {
      schema: {
        ...docs(
          "The entity's figures for a range of days: per week, time to finish, open cases by age, load per assignee, statuses",
        ),
        params: entityParams,
        querystring: caseStatisticsQuerySchema,
        response: { 200: caseStatisticsSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { entity } = await requireEntityRole(
        db,
        requireUser(request),
        request.params.e,
        'head',
      );
      return {
        data: await caseStatistics(db, services.catalog, {
          entityId: entity.id,
          query: request.query,
        }),
      };
    },
  );

  // The templates of the entity's cases, the search panel's pick-list (issue #41).
  api.get(
    '/entity/:e/inbox-templates',
    {
      schema: {
        ...docs("The templates of the entity's cases, by name"),
        params: entityParams,
        response: { 200: inboxTemplatesSchema, ...routeErrors },
      },
    },
    async (request, reply) => {
      const { entity } = await requireEntityClerk(db, request, request.params.e);
      const rows = await db
        .selectFrom('inbox_entries')
        .select('template_refname')
        .distinct()
        .where('entity_id', '=', entity.id)
        .execute();
      const known = new Map(services.catalog.list().map((t) => [t.refname, t]));
      const data = rows.flatMap((row) => {
        const template = known.get(row.template_refname);
        return template
          ? [
              {
                refname: template.refname,
                shortname: template.shortname,
                fields: filterableFields(template),
              },
            ]
          : [];
      });
      data.sort((a, b) => a.shortname.el.localeCompare(b.shortname.el, 'el'));
      void reply.header('Cache-Control', 'private, max-age=60');
      return { data };
    },
  );

  // A clerk's saved views of the list (issue #41): her own, per entity.
  api.get(
    '/entity/:e/saved-views',
    {
      schema: {
        ...docs("My saved views of the entity's list, by name"),
        params: entityParams,
        response: { 200: savedViewListSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { user, entity } = await requireEntityClerk(db, request, request.params.e);
      return { data: await listSavedViews(db, { entityId: entity.id, userId: user.id }) };
    },
  );

  api.post(
    '/entity/:e/saved-views',
    {
      schema: {
        ...docs("Save the list's filters under a name"),
        params: entityParams,
        body: savedViewRequestSchema,
        response: { 201: z.object({ data: savedViewSchema }), ...routeErrors },
      },
    },
    async (request, reply) => {
      const { user, entity } = await requireEntityClerk(db, request, request.params.e);
      const view = await saveView(db, { entityId: entity.id, userId: user.id, ...request.body });
      return reply.status(201).send({ data: view });
    },
  );

  api.delete(
    '/entity/:e/saved-views/:id',
    {
      schema: {
        ...docs('Delete one of my saved views'),
        params: z.object({ e: z.string().max(64), id: z.string().max(64) }),
        response: { 204: z.null(), ...routeErrors },
      },
    },
    async (request, reply) => {
      const { user, entity } = await requireEntityClerk(db, request, request.params.e);
      await deleteSavedView(db, { entityId: entity.id, userId: user.id, id: request.params.id });
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/entity/:e/bin',
    {
      schema: {
        ...docs("The entity's dismissed cases, newest first, each restorable until its purge"),
        params: entityParams,
        querystring: binQuerySchema,
        response: { 200: binListSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { entity } = await requireEntityClerk(db, request, request.params.e);
      return listBin(db, { entityId: entity.id, ...request.query });
    },
  );

  api.post(
    '/entity/:e/inbox/:i/restore',
    {
      schema: {
        ...docs('A dismissed case back to the lists, its status unchanged'),
        params: z.object({ e: z.string().max(64), i: z.string().max(64) }),
        response: { 200: caseDetailResponseSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { user, entity } = await requireEntityClerk(db, request, request.params.e, {
        write: true,
      });
      const inboxId = request.params.i;
      await restoreCase(db, { entityId: entity.id, inboxId, userId: user.id });
      return { data: await getCase(db, services.catalog, { entityId: entity.id, inboxId }) };
    },
  );

  const followParams = z.object({ e: z.string().max(64), i: z.string().max(64) });
  for (const [method, followed] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    api.route({
      method,
      url: '/entity/:e/inbox/:i/follow',
      schema: {
        ...docs(
          followed ? 'Follow the case (the "followed by me" list)' : 'Stop following the case',
        ),
        params: followParams,
        response: { 200: caseFollowSchema, ...routeErrors },
      },
      handler: async (request) => {
        const { user, entity } = await requireEntityClerk(db, request, request.params.e);
        const inboxId = request.params.i;
        return {
          data: {
            followed: await setCaseFollowed(db, {
              entityId: entity.id,
              inboxId,
              userId: user.id,
              followed,
            }),
          },
        };
      },
    });
  }

  api.post(
    '/entity/:e/inbox/:i/zip/token',
    {
      schema: {
        ...docs('A download address of the whole case as one ZIP (PDF, attachments, manifest)'),
        params: followParams,
        response: { 200: caseDownloadSchema, ...routeErrors },
      },
    },
    async (request) => {
      const access = await requireEntityClerk(db, request, request.params.e);
      const { url, documentId } = await caseZipUrl(services, db, {
        entityId: access.entity.id,
        inboxId: request.params.i,
      });
      // The owner's access log says staff took the PDF, as for the PDF alone.
      if (documentId) {
        services.accessLog.record({
          documentId,
          kind: 'pdf_download',
          entityId: access.entity.id,
          staffRole: access.roles.includes('head') ? 'head' : 'clerk',
        });
      }
      return { download_url: url };
    },
  );
}

/** GET /api/case-zips/{token}: public, the token is the authorisation. */
export async function caseZipPublicRoutes(app: FastifyInstance, services: CaseServices) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/case-zips/:token',
    {
      schema: {
        tags: ['cases'],
        summary: 'Download a whole case as one ZIP by its short-lived token',
        params: z.object({ token: z.string().max(100) }),
        response: { 404: apiErrorSchema, 410: apiErrorSchema },
      },
    },
    async (request, reply) => replyWithCaseZip(reply, services, request.params.token),
  );
}
