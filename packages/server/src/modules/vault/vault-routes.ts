import {
  answerReceivedDocumentSchema,
  apiErrorSchema,
  caseDownloadSchema,
  caseMessageSchema,
  vaultCasePageSchema,
  vaultCaseThreadSchema,
} from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { AppEventService } from '../../lib/after-commit';
import type { PdfInspector } from '../../lib/pdf-inspection/pdf-inspector';
import { docsOf, routeErrors } from '../../lib/route-schemas';
import { requireUser, type CurrentUser } from '../auth';
import {
  acceptCitizenMessageUploads,
  caseMessageFileUrl,
  findCitizenCase,
  sendCitizenMessageOf,
} from '../cases';
import type { TemplateCatalog } from '../templates';
import { getCaseThread } from './get-case-thread';
import { listVaultCases } from './list-vault-cases';
import { listVaultCasesQuerySchema } from './schemas';

const docs = docsOf('vault');
const caseParams = z.object({ id: z.string().max(64) });
const citizenOf = (user: CurrentUser) => ({ id: user.id, afm: user.record.afm ?? null });

/**
 * The citizen's vault (spec section 2, `/vault/cases`); inside the authenticated route tree.
 * Every query is bound to the caller: nobody else's cases are ever listed, and another
 * citizen's case is not found (404).
 */
export async function vaultRoutes(
  app: FastifyInstance,
  services: {
    database: Database;
    catalog: TemplateCatalog;
    config: Config;
    events: AppEventService;
    pdfInspector: PdfInspector;
    pdfTokenKey: Buffer;
  },
) {
  const { database, catalog } = services;
  const { db } = database;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/vault/cases',
    {
      schema: {
        tags: ['vault'],
        summary: "The caller's documents sent to entities: each case's status and what came back",
        security: [{ bearer: [] }],
        querystring: listVaultCasesQuerySchema,
        response: { 200: vaultCasePageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return listVaultCases(db, catalog, {
        ownerId: user.id,
        afm: user.record.afm ?? null,
        limit: request.query.limit,
        offset: request.query.offset,
      });
    },
  );

  api.get(
    '/vault/cases/:id/messages',
    {
      schema: {
        ...docs('One of the caller’s cases and its thread with the entity, both ways'),
        params: caseParams,
        response: { 200: vaultCaseThreadSchema, ...routeErrors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return {
        data: await getCaseThread(db, catalog, {
          citizen: citizenOf(user),
          entryId: request.params.id,
        }),
      };
    },
  );

  api.post(
    '/vault/cases/:id/messages/:m/attachment/token',
    {
      schema: {
        ...docs('A download address of the PDF the caller attached to one of her messages'),
        params: caseParams.extend({ m: z.string().max(64) }),
        response: { 200: caseDownloadSchema, ...routeErrors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const entry = await findCitizenCase(db, citizenOf(user), request.params.id);
      const url = await caseMessageFileUrl(services, db, {
        entryId: entry.id,
        messageId: request.params.m,
      });
      return { download_url: url };
    },
  );

  await app.register(async (writes) => {
    await acceptCitizenMessageUploads(writes, services);
    writes.withTypeProvider<ZodTypeProvider>().post(
      '/vault/cases/:id/messages',
      {
        schema: {
          ...docs(
            'Write into the thread of one of the caller’s cases (JSON, or multipart with one ' +
              'PDF in file__attachment); the entity’s clerks read it in the case’s messages',
          ),
          params: caseParams,
          body: answerReceivedDocumentSchema,
          response: {
            201: z.object({ data: caseMessageSchema }),
            ...routeErrors,
            429: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const message = await sendCitizenMessageOf(services, db, request, reply, {
          user: requireUser(request),
          target: { caseEntryId: request.params.id },
          message: request.body.message,
        });
        return reply.status(201).send({ data: message });
      },
    );
  });
}
