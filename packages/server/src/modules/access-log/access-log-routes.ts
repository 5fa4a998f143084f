import { accessLogResponseSchema, apiErrorSchema } from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { requestLocale } from '../../lib/i18n';
import { requireUser } from '../auth';
import { pagingQuery } from '../../lib/paging';
import { listAccessLog } from './list-access-log';

/**
 * GET /api/citizen-declarations/{ref}/access-log — who looked at the owner's document
 * (validation look-ups and staff case views), newest first. Inside the authenticated tree:
 * anonymous 401; anyone but the owner the same 404 as GET /api/citizen-declarations/{ref}.
 */
export async function accessLogRoutes(app: FastifyInstance, database: Database) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/citizen-declarations/:ref/access-log',
    {
      schema: {
        tags: ['documents'],
        summary: "Who looked at the logged-in citizen's document",
        security: [{ bearer: [] }],
        params: z.object({ ref: z.string().max(64) }),
        querystring: z.object({ ...pagingQuery(30), lang: z.string().max(8).optional() }),
        response: { 200: accessLogResponseSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return listAccessLog(database.db, {
        ownerId: user.id,
        ref: request.params.ref,
        limit: request.query.limit,
        offset: request.query.offset,
        locale: requestLocale(request),
      });
    },
  );
}
