import { apiErrorSchema, normalizeUpper, type LocalizedText } from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { requireUser } from '../auth';
import { RECIPIENT_QUERY_MIN, recipientListSchema, searchRecipientsQuerySchema } from './schemas';

const MAX_RESULTS = 20;

/**
 * GET /api/recipients?q= — enabled, addressable entities whose codename or name (any language,
 * accents and case ignored) contains q; at most 20. Fewer than 3 characters: 400
 * query_too_short.
 */
export async function searchRecipientsRoute(app: FastifyInstance, database: Database) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/recipients',
    {
      schema: {
        tags: ['recipients'],
        summary: 'Search the bodies a document can be addressed to',
        security: [{ bearer: [] }],
        querystring: searchRecipientsQuerySchema,
        response: { 200: recipientListSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      requireUser(request);
      const query = request.query.q.trim();
      if ([...query].length < RECIPIENT_QUERY_MIN) {
        throw new AppError(400, 'query_too_short', { min: RECIPIENT_QUERY_MIN });
      }
      const needle = normalizeUpper(query);
      const entities = await database.db
        .selectFrom('entities')
        .select(['codename', 'display_name'])
        .where('enabled', '=', true)
        .where('is_addressable', '=', true)
        .execute();
      const found = entities
        .map((entity) => {
          const { el, en, fr } = entity.display_name;
          const name: LocalizedText = { el, en: en ?? el, fr: fr ?? el };
          return { codename: entity.codename, name };
        })
        .filter((entity) =>
          [entity.codename, entity.name.el, entity.name.en, entity.name.fr].some((text) =>
            normalizeUpper(text).includes(needle),
          ),
        )
        .sort((a, b) => a.name.el.localeCompare(b.name.el, 'el'))
        .slice(0, MAX_RESULTS);
      return { data: found };
    },
  );
}
