import {
  nameKey,
  normalizeEntityName,
  PERMISSION_GRANTING_STATE,
  PERMISSION_WAITING_STATE,
  permissionMachine,
  type EntityRole,
  type Permission,
} from '@dilosi/domain';
import type { Kysely } from 'kysely';
import { now } from '../../clock';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hasRole } from './entity-access';
import { isOpenPermissionClash, selectPermissions, toPermission } from './permission-queries';
import { recordEntityDecision } from './record-entity-decision';

/**
 * The entity a request names (spec section 5: the name upper-cased): its codename, else its
 * name in any language with accents and script folded. Only enabled entities take requests.
 */
export async function findEntityByName(db: Kysely<DB>, entityName: string) {
  const name = normalizeEntityName(entityName);
  if (name === '') return undefined;
  const byCodename = await db
    .selectFrom('entities')
    .select(['id'])
    .where('codename', '=', name)
    .where('enabled', '=', true)
    .executeTakeFirst();
  if (byCodename) return byCodename;
  // Entities are few (hundreds): fold their names here rather than keep another index.
  const key = nameKey(name);
  const all = await db
    .selectFrom('entities')
    .select(['id', 'display_name'])
    .where('enabled', '=', true)
    .execute();
  return all.find((e) =>
    [e.display_name.el, e.display_name.en, e.display_name.fr].some(
      (text) => text !== undefined && nameKey(text) === key,
    ),
  );
}

/**
 * A person asks for a role at an entity (POST /api/my-permission-requests and
 * .../entities/{id}/enroll). Refused when they already hold it (a head holds clerk too) or a
 * request for it waits; the request is recorded in the entity's decisions.
 */
export async function requestPermission(
  db: Kysely<DB>,
  input: { userId: string; entityId: string; role: EntityRole },
): Promise<Permission> {
  try {
    return await db.transaction().execute(async (trx) => {
      const open = await trx
        .selectFrom('permissions')
        .select(['role', 'state'])
        .where('user_id', '=', input.userId)
        .where('entity_id', '=', input.entityId)
        .where('state', 'in', [PERMISSION_GRANTING_STATE, PERMISSION_WAITING_STATE])
        .execute();
      const held = open.filter((p) => p.state === PERMISSION_GRANTING_STATE).map((p) => p.role);
      if (hasRole(held, input.role)) throw new AppError(409, 'already_enrolled');
      if (open.some((p) => p.state === PERMISSION_WAITING_STATE && p.role === input.role)) {
        throw new AppError(409, 'request_exists');
      }
      const at = now();
      const created = await trx
        .insertInto('permissions')
        .values({
          user_id: input.userId,
          entity_id: input.entityId,
          role: input.role,
          state: permissionMachine.initial,
          requested_by: input.userId,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordEntityDecision(trx, {
        entityId: input.entityId,
        action: 'request',
        userId: input.userId,
        subjectUserId: input.userId,
        permissionId: created.id,
        details: { role: input.role },
        at,
      });
      const row = await selectPermissions(trx)
        .where('permissions.id', '=', created.id)
        .executeTakeFirstOrThrow();
      return toPermission(row);
    });
  } catch (error) {
    // Two requests at once: the partial unique index lets one through.
    if (isOpenPermissionClash(error)) throw new AppError(409, 'request_exists');
    throw error;
  }
}
