import { caseActionResponseSchema, caseActionSchema } from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../lib/i18n';
import { docsOf, routeErrors } from '../../lib/route-schemas';
import { findCase, getCase } from '../cases';
import { runScopeAction, toActionAnswer } from '../documents';
import { requireEntityClerk } from '../staff';
import { caseScopeActions } from './case-scope-actions';
import type { ScopeActionRouteServices } from './index';

const docs = docsOf('cases');
const CASE_WRITES: readonly string[] = ['share', 'dismiss'];

/**
 * POST /api/entity/{e}/inbox/{i}/action — the case's scope action (spec section 7): the
 * entity's clerks and heads read its document (retrieve, pdf, download-attachment), share it
 * with persons, or dismiss the closed case; share and dismiss need the entity enabled. The
 * answer is the spec's, plus `data.case` as it now stands.
 */
export async function caseActionRoute(app: FastifyInstance, services: ScopeActionRouteServices) {
  const { db } = services.database;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/entity/:e/inbox/:i/action',
    {
      schema: {
        ...docs(
          "An action on the case's document: retrieve, pdf, download-attachment, share with " +
            'persons (`targets`), or dismiss a closed case from the lists',
        ),
        params: z.object({ e: z.string().max(64), i: z.string().max(64) }),
        body: caseActionSchema,
        response: { 200: caseActionResponseSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { action, arguments: args } = request.body;
      const access = await requireEntityClerk(db, request, request.params.e, {
        write: CASE_WRITES.includes(action),
      });
      const entityId = access.entity.id;
      const inboxId = request.params.i;
      const entry = await findCase(db, entityId, inboxId);
      const stored = entry.document_id
        ? ((await db
            .selectFrom('documents')
            .selectAll()
            .where('id', '=', entry.document_id)
            .executeTakeFirst()) ?? null)
        : null;
      const { document, outcome } = await runScopeAction(
        services,
        caseScopeActions({ entityId, inboxId, userId: access.user.id }),
        { scope: 'entity/{entityId}/inbox/{inboxId}', role: 'staff', user: access.user, stored },
        { action, args: args ?? {}, locale: requestLocale(request) },
      );
      // The owner's access log says staff took the PDF, as the case's pdf/token does.
      if (action === 'pdf' && stored) {
        services.accessLog.record({
          documentId: stored.id,
          kind: 'pdf_download',
          entityId,
          staffRole: access.roles.includes('head') ? 'head' : 'clerk',
        });
      }
      const answer = toActionAnswer(document, outcome);
      const detail = await getCase(db, services.catalog, { entityId, inboxId });
      return { ...answer, data: { ...answer.data, case: detail } };
    },
  );
}
