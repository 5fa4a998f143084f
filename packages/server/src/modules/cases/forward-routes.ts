import { forwardActionSchema, forwardResultSchema, forwardTargetsSchema } from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { docsOf, routeErrors } from '../../lib/route-schemas';
import { requireUser } from '../auth';
import { requireEnabledEntity, requireEntityRole } from '../staff';
import type { EntityAlertServices } from './alert-entity-staff';
import { forwardCase } from './forward-case';
import { listForwardTargets } from './list-forward-targets';

const docs = docsOf('cases');

/**
 * Forwarding a case between entities (spec section 7): the action on an entity's gate, addressed
 * by its codename (the `USER` gate is the citizen's own mailbox, a route of its own), and the
 * list of entities and datasets to choose from. Only the entity's clerks and heads.
 */
export async function forwardRoutes(
  app: FastifyInstance,
  services: EntityAlertServices & { database: Database },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = services.database;

  api.post(
    '/gates/:codename/gate/inbox-entries/action',
    {
      schema: {
        ...docs("Forward one of the entity's cases to other entities or a recipient dataset"),
        params: z.object({ codename: z.string().max(64) }),
        body: forwardActionSchema,
        response: { 200: forwardResultSchema, ...routeErrors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const entity = await db
        .selectFrom('entities')
        .select('id')
        .where('codename', '=', request.params.codename)
        .executeTakeFirst();
      // An unknown gate answers like an entity the caller holds no role in.
      const access = requireEnabledEntity(
        await requireEntityRole(db, user, entity?.id ?? '', 'clerk'),
      );
      const forwarded = await forwardCase(db, services, {
        entityId: access.entity.id,
        userId: user.id,
        request: request.body,
      });
      return { data: { forwarded } };
    },
  );

  api.get(
    '/entity/:e/forward-targets',
    {
      schema: {
        ...docs('The entities and recipient datasets a case of this entity can be forwarded to'),
        params: z.object({ e: z.string().max(64) }),
        response: { 200: forwardTargetsSchema, ...routeErrors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const access = await requireEntityRole(db, user, request.params.e, 'clerk');
      return { data: await listForwardTargets(db, { entityId: access.entity.id }) };
    },
  );
}
