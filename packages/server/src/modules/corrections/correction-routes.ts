import {
  caseCorrectionRequestSchema,
  caseDetailResponseSchema,
  correctionDraftRequestSchema,
  myCorrectionSchema,
} from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../lib/i18n';
import { docsOf, routeErrors } from '../../lib/route-schemas';
import { requireUser } from '../auth';
import { getCase, type CaseServices } from '../cases';
import { documentWriteResponseSchema, writeAnswer, type DocumentServices } from '../documents';
import { requireEntityClerk } from '../staff';
import { getMyCorrection, startCorrectionDraft } from './my-correction';
import { requestCorrection, withdrawCorrection } from './request-correction';

const caseParams = z.object({ e: z.string().max(64), i: z.string().max(64) });
const idParams = z.object({ id: z.string().max(64) });
const docs = docsOf('cases');

/**
 * Corrections (issue #41): a clerk asks the citizen to correct her document (and may take it
 * back); the citizen reads what is asked and starts her corrected draft, which, issued, goes to
 * the same case (documents/deliver-correction.ts).
 */
export async function correctionRoutes(
  app: FastifyInstance,
  services: { cases: CaseServices; documents: DocumentServices },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = services.cases.database;

  api.post(
    '/entity/:e/inbox/:i/correction',
    {
      schema: {
        ...docs('Ask the citizen to correct her document, with a reason (an open case)'),
        params: caseParams,
        body: caseCorrectionRequestSchema,
        response: { 200: caseDetailResponseSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { user, entity } = await requireEntityClerk(db, request, request.params.e, {
        write: true,
      });
      const input = { entityId: entity.id, inboxId: request.params.i, userId: user.id };
      await requestCorrection(services.cases, db, { ...input, reason: request.body.reason });
      return { data: await getCase(db, services.cases.catalog, input) };
    },
  );

  api.delete(
    '/entity/:e/inbox/:i/correction',
    {
      schema: {
        ...docs("Take back the case's open correction"),
        params: caseParams,
        response: { 200: caseDetailResponseSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { user, entity } = await requireEntityClerk(db, request, request.params.e, {
        write: true,
      });
      const input = { entityId: entity.id, inboxId: request.params.i, userId: user.id };
      await withdrawCorrection(db, input);
      return { data: await getCase(db, services.cases.catalog, input) };
    },
  );

  api.get(
    '/my-corrections/:id',
    {
      schema: {
        tags: ['documents'],
        summary: 'A correction asked of me: what, by whom, and my draft',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: z.object({ data: myCorrectionSchema }), ...routeErrors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { data: await getMyCorrection(services.documents, { id: request.params.id, user }) };
    },
  );

  api.post(
    '/my-corrections/:id/draft',
    {
      schema: {
        tags: ['documents'],
        summary: 'Start my corrected draft, pre-filled from the document to correct',
        security: [{ bearer: [] }],
        params: idParams,
        body: correctionDraftRequestSchema,
        response: { 201: documentWriteResponseSchema, ...routeErrors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const draft = await startCorrectionDraft(services.documents, {
        id: request.params.id,
        user,
        revokePrevious: request.body.revoke_previous,
        locale: requestLocale(request),
      });
      return reply.status(201).send(writeAnswer(draft, true));
    },
  );
}
