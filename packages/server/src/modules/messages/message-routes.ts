import {
  apiErrorSchema,
  inboxEntriesQuerySchema,
  inboxEntriesResponseSchema,
} from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { Notifier } from '../../notify';
import { requireUser } from '../auth';
import { listCitizenMessages } from './list-citizen-messages';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const docs = (summary: string) => ({ tags: ['messages'], summary, security: [{ bearer: [] }] });

/**
 * The citizen's own mailbox, the `USER` gate (spec section 7, DESIGN section 8); inside the
 * authenticated route tree. Every query is bound to the caller: another person's message is
 * not found. Its actions (`inbox-entries/action`) are a scope action: modules/scope-actions.
 */
export async function messageRoutes(
  app: FastifyInstance,
  services: { database: Database; config: Config; notifier: Notifier },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = services.database;
  const limits = {
    incoming: services.config.USER_INBOX_INCOMING_LIMIT,
    retrieved: services.config.USER_INBOX_RETRIEVED_LIMIT,
  };

  api.post(
    '/gates/USER/gate/inbox-entries',
    {
      schema: {
        ...docs('The caller’s messages: new, read, archived; paging and polling by tsid'),
        body: inboxEntriesQuerySchema,
        response: { 200: inboxEntriesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return listCitizenMessages(db, limits, { ownerId: user.id, query: request.body });
    },
  );
}
