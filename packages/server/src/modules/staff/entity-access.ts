import { PERMISSION_GRANTING_STATE, hasEntityRole, type EntityRole, isUuid } from '@dilosi/domain';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB, Entity } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { requireUser, type CurrentUser } from '../auth';

export type EntityAccess = { entity: Entity; roles: EntityRole[] };

/** A head holds every other role too: a clerk for inbox purposes (DESIGN section 8), … */
export function hasRole(roles: readonly EntityRole[], role: EntityRole): boolean {
  return hasEntityRole(roles, role);
}

/** The refusal for lacking `role` at an entity where the caller holds another one. */
export function roleDenied(role: EntityRole): AppError {
  if (role === 'head') return new AppError(403, 'head_permission_denied');
  if (role === 'clerk') return new AppError(403, 'inbox_permission_denied');
  return new AppError(403, 'role_permission_denied');
}

/** The caller's active roles per entity, read on every request (a deactivation is immediate). */
export async function activeRolesOf(
  db: Kysely<DB>,
  userId: string,
): Promise<Map<string, EntityRole[]>> {
  const rows = await db
    .selectFrom('permissions')
    .select(['entity_id', 'role'])
    .where('user_id', '=', userId)
    .where('state', '=', PERMISSION_GRANTING_STATE)
    .execute();
  const roles = new Map<string, EntityRole[]>();
  for (const row of rows) roles.set(row.entity_id, [...(roles.get(row.entity_id) ?? []), row.role]);
  return roles;
}

/**
 * Who may act on an entity. A citizen session: 403 permission_denied. A dashboard admin with no
 * active role anywhere: 403 permission_denied. Staff of other entities asking for this one (or an
 * unknown id): 404, so an entity's existence and cases are not revealed to other entities' staff.
 * Staff of this entity lacking `role`: 403 inbox_permission_denied (head_permission_denied for
 * the head's pages, role_permission_denied for the extra roles).
 */
export async function requireEntityRole(
  db: Kysely<DB>,
  user: CurrentUser,
  entityId: string,
  role: EntityRole,
): Promise<EntityAccess> {
  if (!user.isAdmin) throw new AppError(403, 'permission_denied');
  const all = await activeRolesOf(db, user.id);
  const roles = isUuid(entityId) ? all.get(entityId.toLowerCase()) : undefined;
  if (!roles) {
    if (all.size === 0) throw new AppError(403, 'permission_denied');
    throw new AppError(404, 'not_found');
  }
  if (!hasRole(roles, role)) throw roleDenied(role);
  const entity = await db
    .selectFrom('entities')
    .selectAll()
    .where('id', '=', entityId.toLowerCase())
    .executeTakeFirst();
  if (!entity) throw new AppError(404, 'not_found');
  return { entity, roles };
}

/** A disabled entity's cases are read-only (spec section 4): every change answers 409. */
export function requireEnabledEntity(access: EntityAccess): EntityAccess {
  if (!access.entity.enabled) throw new AppError(409, 'entity_disabled');
  return access;
}

/**
 * The preamble of an entity's staff routes: the signed-in caller and their clerk (or head)
 * access to the entity, re-checked on every request (requireEntityRole). `write` also refuses a
 * disabled entity, whose cases are read-only (409 entity_disabled).
 */
export async function requireEntityClerk(
  db: Kysely<DB>,
  request: FastifyRequest,
  entityId: string,
  options: { write?: boolean } = {},
): Promise<EntityAccess & { user: CurrentUser }> {
  const user = requireUser(request);
  const access = await requireEntityRole(db, user, entityId, 'clerk');
  return { user, ...(options.write ? requireEnabledEntity(access) : access) };
}

/** The display name of a user; it lives in domain, where documents' replies also read it. */
export { userDisplayName } from '@dilosi/domain';
