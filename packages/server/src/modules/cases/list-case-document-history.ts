import { documentHistoryPageSchema, type DocumentHistoryPage, type Locale } from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema';
import { listDocumentHistory } from '../../lib/document-history';
import { requestLocale } from '../../lib/i18n';
import { pageMeta, pagingQuery } from '../../lib/paging';
import { docsOf, routeErrors } from '../../lib/route-schemas';
import { requireEntityClerk } from '../staff';
import { findCase } from './case-queries';
import type { CaseServices } from './case-services';

/**
 * The history of a case's document, as its entity's staff read it (names included). Only the
 * case's own document; a case this entity does not hold (its own or forwarded to it) is 404, as
 * every other case route answers. A case without a document has an empty history.
 */
export async function listCaseDocumentHistory(
  db: Kysely<DB>,
  input: { entityId: string; inboxId: string; locale: Locale; limit: number; offset: number },
): Promise<DocumentHistoryPage> {
  const entry = await findCase(db, input.entityId, input.inboxId);
  const document = entry.document_id
    ? await db
        .selectFrom('documents')
        .select(['id', 'owner_id', 'issuer_entity_id', 'recipient_user_id'])
        .where('id', '=', entry.document_id)
        .executeTakeFirst()
    : undefined;
  if (!document) return { data: [], meta: pageMeta(0, input.limit, input.offset) };
  return listDocumentHistory(db, {
    document,
    reader: 'staff',
    locale: input.locale,
    limit: input.limit,
    offset: input.offset,
  });
}

/** GET /api/entity/{e}/inbox/{i}/document-history; for the entity's clerks and heads. */
export async function caseDocumentHistoryRoute(
  app: FastifyInstance,
  services: Pick<CaseServices, 'database'>,
): Promise<void> {
  const { db } = services.database;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/entity/:e/inbox/:i/document-history',
    {
      schema: {
        ...docsOf('cases')("The history of the case's document, oldest first"),
        params: z.object({ e: z.string().max(64), i: z.string().max(64) }),
        querystring: z.object({ ...pagingQuery(50), lang: z.string().max(8).optional() }),
        response: { 200: documentHistoryPageSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { entity } = await requireEntityClerk(db, request, request.params.e);
      return listCaseDocumentHistory(db, {
        entityId: entity.id,
        inboxId: request.params.i,
        locale: requestLocale(request),
        limit: request.query.limit,
        offset: request.query.offset,
      });
    },
  );
}
