import {
  apiErrorSchema,
  clerkPermissionListSchema,
  dashboardEntityListSchema,
  dashboardEntityResponseSchema,
  gateLayoutSchema,
} from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { requireAdmin, requireUser } from '../auth';
import { activeRolesOf, requireEntityRole } from './entity-access';
import { gateLayout } from './gate-layout';
import { listActiveClerks } from './list-active-clerks';
import { sidebarCounts } from './sidebar-counts';
import { toDashboardEntity } from './to-dashboard-entity';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const entityParams = z.object({ id: z.string().max(64) });

/** Entities of the dashboard and gate layouts; inside the authenticated route tree. */
export async function staffRoutes(app: FastifyInstance, database: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  api.get(
    '/entities',
    {
      schema: {
        tags: ['dashboard'],
        summary: "The entities where the caller holds an active role, with the caller's roles",
        security: [{ bearer: [] }],
        response: { 200: dashboardEntityListSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireAdmin(request);
      const roles = await activeRolesOf(db, user.id);
      if (roles.size === 0) return { data: [] };
      const entities = await db
        .selectFrom('entities')
        .selectAll()
        .where('id', 'in', [...roles.keys()])
        .orderBy('codename')
        .execute();
      const counts = await sidebarCounts(db, [...roles.keys()], user.id);
      return {
        data: entities.map((e) => ({
          ...toDashboardEntity(e, roles.get(e.id) ?? []),
          counts: counts.get(e.id) ?? { incoming: 0, me: 0 },
        })),
      };
    },
  );

  api.get(
    '/entities/:id',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'One entity (any active role there)',
        security: [{ bearer: [] }],
        params: entityParams,
        response: { 200: dashboardEntityResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      // Any active role: the settings owner and the templates author read it too.
      const roles = (await activeRolesOf(db, user.id)).get(request.params.id.toLowerCase());
      const access = await requireEntityRole(db, user, request.params.id, roles?.[0] ?? 'clerk');
      return { data: toDashboardEntity(access.entity, access.roles) };
    },
  );

  api.get(
    '/entities/:id/active-clerk-permissions',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Who a case can be assigned to: the active clerks and heads of the entity',
        security: [{ bearer: [] }],
        params: entityParams,
        // A user id is a UUID: anything else is a 400 here, never a database error on the column.
        querystring: z.object({ user_id: z.guid().optional() }),
        response: { 200: clerkPermissionListSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { entity } = await requireEntityRole(db, user, request.params.id, 'clerk');
      return { data: await listActiveClerks(db, entity.id, request.query.user_id) };
    },
  );

  api.get(
    '/gates/:codename/gate/layout',
    {
      schema: {
        tags: ['dashboard'],
        summary: "A mailbox's navigation and landing page: USER for the citizen, else an entity",
        security: [{ bearer: [] }],
        params: z.object({ codename: z.string().max(64) }),
        response: { 200: gateLayoutSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { data: await gateLayout(db, user, request.params.codename) };
    },
  );
}
