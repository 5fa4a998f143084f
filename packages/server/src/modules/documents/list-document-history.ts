import {
  apiErrorSchema,
  documentHistoryPageSchema,
  type DocumentHistoryPage,
  type Locale,
} from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { listDocumentHistory } from '../../lib/document-history';
import { requestLocale } from '../../lib/i18n';
import { pagingQuery } from '../../lib/paging';
import { requireUser } from '../auth';
import { declarationNotFound } from './document-errors';
import { findOwnedDocument, findReceivedDocument } from './document-queries';
import { documentParamsSchema } from './schemas';

/**
 * The history of the citizen's own document, or of one an entity issued to her (a reply): the
 * same 404 as the document itself for anyone else, a malformed id, or none.
 */
export async function listOwnDocumentHistory(
  database: Database,
  input: { id: string; userId: string; locale: Locale; limit: number; offset: number },
): Promise<DocumentHistoryPage> {
  const { db } = database;
  const document =
    (await findOwnedDocument(db, input.id, input.userId)) ??
    (await findReceivedDocument(db, input.id, input.userId));
  if (!document) throw declarationNotFound();
  return listDocumentHistory(db, {
    document,
    reader: 'citizen',
    locale: input.locale,
    limit: input.limit,
    offset: input.offset,
  });
}

/** GET /api/my-declarations/{id}/history (spec section 4, document history); authenticated tree. */
export async function documentHistoryRoute(
  app: FastifyInstance,
  services: { database: Database },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/my-declarations/:id/history',
    {
      schema: {
        tags: ['documents'],
        summary: "The history of the logged-in citizen's document, oldest first",
        security: [{ bearer: [] }],
        params: documentParamsSchema,
        querystring: z.object({ ...pagingQuery(50), lang: z.string().max(8).optional() }),
        response: {
          200: documentHistoryPageSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return listOwnDocumentHistory(services.database, {
        id: request.params.id,
        userId: user.id,
        locale: requestLocale(request),
        limit: request.query.limit,
        offset: request.query.offset,
      });
    },
  );
}
