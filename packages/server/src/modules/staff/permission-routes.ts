import {
  dashboardEntityResponseSchema,
  entityDecisionPageSchema,
  entitySettingsSchema,
  enrollSchema,
  entityDirectoryQuerySchema,
  entityDirectorySchema,
  newPermissionRequestSchema,
  newStaffSchema,
  pageQuerySchema,
  permissionPageSchema,
  permissionResponseSchema,
  staffListSchema,
  staffRolesSchema,
  isUuid,
  type EntityRole,
} from '@dilosi/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { docsOf, routeErrors } from '../../lib/route-schemas';
import { requireAdmin, requireUser } from '../auth';
import { addStaffMember } from './add-staff-member';
import { deactivatePermission } from './deactivate-permission';
import { decidePermissionRequest } from './decide-permission-request';
import { requireEntityRole } from './entity-access';
import { listEntityDecisions } from './list-entity-decisions';
import { listMyPermissionRequests } from './list-my-permission-requests';
import { listPendingPermissions } from './list-pending-permissions';
import { listStaff } from './list-staff';
import { findEntityByName, requestPermission } from './request-permission';
import { searchEntityDirectory } from './search-entity-directory';
import { setStaffRoles } from './set-staff-roles';
import { updateEntitySettings } from './update-entity-settings';
import { withdrawPermissionRequest } from './withdraw-permission-request';

const docs = docsOf('staff');
const entityParams = z.object({ id: z.string().max(64) });
const permissionParams = z.object({ id: z.string().max(64), pid: z.string().max(64) });

/**
 * Permission requests, staff and entity settings (spec section 7; issue #14); inside the
 * authenticated route tree. Anyone on the dashboard may ask for a role; everything about an
 * entity's staff and settings needs its active head (a head of another entity gets 404).
 */
export async function permissionRoutes(app: FastifyInstance, database: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  const holderOf = async (request: FastifyRequest, entityId: string, role: EntityRole) => {
    const user = requireUser(request);
    const access = await requireEntityRole(db, user, entityId, role);
    return { user, entityId: access.entity.id, roles: access.roles };
  };
  const headOf = (request: FastifyRequest, entityId: string) => holderOf(request, entityId, 'head');
  // The settings and their record: the settings owner's (a head holds the role too).
  const settingsOwnerOf = (request: FastifyRequest, entityId: string) =>
    holderOf(request, entityId, 'settings_owner');

  api.get(
    '/my-permission-requests',
    {
      schema: {
        ...docs("The caller's own permission requests, newest first"),
        querystring: pageQuerySchema,
        response: { 200: permissionPageSchema, ...routeErrors },
      },
    },
    async (request) => {
      const user = requireAdmin(request);
      return listMyPermissionRequests(db, { userId: user.id, ...request.query });
    },
  );

  api.post(
    '/my-permission-requests',
    {
      schema: {
        ...docs('Ask for the clerk or head role at an entity named by its name'),
        body: newPermissionRequestSchema,
        response: { 201: permissionResponseSchema, ...routeErrors },
      },
    },
    async (request, reply) => {
      const user = requireAdmin(request);
      const entity = await findEntityByName(db, request.body.entity_name);
      if (!entity) throw new AppError(400, 'not_valid_entity');
      const data = await requestPermission(db, {
        userId: user.id,
        entityId: entity.id,
        role: request.body.role,
      });
      return reply.code(201).send({ data });
    },
  );

  api.post(
    '/my-permission-requests/:pid/withdraw',
    {
      schema: {
        ...docs("Withdraw one of the caller's own requests that no head has answered yet"),
        params: z.object({ pid: z.string().max(64) }),
        response: { 200: permissionResponseSchema, ...routeErrors },
      },
    },
    async (request) => {
      const user = requireAdmin(request);
      return {
        data: await withdrawPermissionRequest(db, {
          userId: user.id,
          permissionId: request.params.pid,
        }),
      };
    },
  );

  api.get(
    '/entity-directory',
    {
      schema: {
        ...docs('Enabled entities matching the words typed: suggestions for an access request'),
        querystring: entityDirectoryQuerySchema,
        response: { 200: entityDirectorySchema, ...routeErrors },
      },
    },
    async (request) => {
      requireAdmin(request);
      return searchEntityDirectory(db, request.query.q);
    },
  );

  api.post(
    '/entities/:id/enroll',
    {
      schema: {
        ...docs('Ask for a role at this entity'),
        params: entityParams,
        body: enrollSchema,
        response: { 201: permissionResponseSchema, ...routeErrors },
      },
    },
    async (request, reply) => {
      const user = requireAdmin(request);
      const entity = isUuid(request.params.id)
        ? await db
            .selectFrom('entities')
            .select('id')
            .where('id', '=', request.params.id.toLowerCase())
            .where('enabled', '=', true)
            .executeTakeFirst()
        : undefined;
      if (!entity) throw new AppError(404, 'not_found');
      const data = await requestPermission(db, {
        userId: user.id,
        entityId: entity.id,
        role: request.body.role,
      });
      return reply.code(201).send({ data });
    },
  );

  api.patch(
    '/entities/:id',
    {
      schema: {
        ...docs('Change the settings, activate management, disable or enable (settings owner)'),
        params: entityParams,
        body: entitySettingsSchema,
        response: { 200: dashboardEntityResponseSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { user, entityId, roles } = await settingsOwnerOf(request, request.params.id);
      const data = await updateEntitySettings(db, {
        entityId,
        userId: user.id,
        roles,
        patch: request.body,
      });
      return { data };
    },
  );

  api.get(
    '/entities/:id/active-permissions',
    {
      schema: {
        ...docs("The entity's staff, one entry per person with their roles (head only)"),
        params: entityParams,
        response: { 200: staffListSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { entityId } = await headOf(request, request.params.id);
      return { data: await listStaff(db, entityId) };
    },
  );

  api.post(
    '/entities/:id/active-permissions',
    {
      schema: {
        ...docs('Add a person by tax number as clerk or head (head only)'),
        params: entityParams,
        body: newStaffSchema,
        response: { 201: staffListSchema, ...routeErrors },
      },
    },
    async (request, reply) => {
      const { user, entityId } = await headOf(request, request.params.id);
      await addStaffMember(db, { entityId, userId: user.id, person: request.body });
      return reply.code(201).send({ data: await listStaff(db, entityId) });
    },
  );

  api.put(
    '/entities/:id/staff/:userId/roles',
    {
      schema: {
        ...docs("Set a staff member's roles (head only)"),
        params: z.object({ id: z.string().max(64), userId: z.string().max(64) }),
        body: staffRolesSchema,
        response: { 200: staffListSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { user, entityId } = await headOf(request, request.params.id);
      await setStaffRoles(db, {
        entityId,
        subjectUserId: request.params.userId,
        roles: request.body.roles,
        userId: user.id,
        userAfm: user.record.afm,
      });
      return { data: await listStaff(db, entityId) };
    },
  );

  api.post(
    '/entities/:id/active-permissions/:pid/deactivate',
    {
      schema: {
        ...docs('Deactivate an active permission; not your own head entry (head only)'),
        params: permissionParams,
        response: { 200: staffListSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { user, entityId } = await headOf(request, request.params.id);
      await deactivatePermission(db, {
        entityId,
        permissionId: request.params.pid,
        userId: user.id,
        userAfm: user.record.afm,
      });
      return { data: await listStaff(db, entityId) };
    },
  );

  api.get(
    '/entities/:id/pending-permissions',
    {
      schema: {
        ...docs('Requests waiting for the head, oldest first (head only)'),
        params: entityParams,
        querystring: pageQuerySchema,
        response: { 200: permissionPageSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { entityId } = await headOf(request, request.params.id);
      return listPendingPermissions(db, { entityId, ...request.query });
    },
  );

  for (const decision of ['accept', 'reject'] as const) {
    api.post(
      `/entities/:id/pending-permissions/:pid/${decision}`,
      {
        schema: {
          ...docs(`${decision === 'accept' ? 'Accept' : 'Reject'} a pending request (head only)`),
          params: permissionParams,
          response: { 200: permissionResponseSchema, ...routeErrors },
        },
      },
      async (request) => {
        const { user, entityId } = await headOf(request, request.params.id);
        const data = await decidePermissionRequest(db, {
          entityId,
          permissionId: request.params.pid,
          userId: user.id,
          decision,
        });
        return { data };
      },
    );
  }

  api.get(
    '/entities/:id/audit',
    {
      schema: {
        ...docs("The record of the entity's staff and settings decisions (settings owner)"),
        params: entityParams,
        querystring: pageQuerySchema,
        response: { 200: entityDecisionPageSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { entityId } = await settingsOwnerOf(request, request.params.id);
      return listEntityDecisions(db, { entityId, ...request.query });
    },
  );
}
