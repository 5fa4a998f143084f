import { isUuid } from '@dilosi/domain';
import type { Permission, PermissionResponse, PermissionState } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { userDisplayName } from './entity-access';

/** Permissions with their person and entity, as the requests lists show them. */
export function selectPermissions(db: Kysely<DB>) {
  return db
    .selectFrom('permissions')
    .innerJoin('users', 'users.id', 'permissions.user_id')
    .innerJoin('entities', 'entities.id', 'permissions.entity_id')
    .select([
      'permissions.id',
      'permissions.user_id',
      'permissions.role',
      'permissions.state',
      'permissions.created_at',
      'permissions.decided_at',
      'users.firstname',
      'users.surname',
      'users.username',
      'users.email',
      'users.afm',
      'entities.id as entity_id',
      'entities.codename',
      'entities.display_name',
    ]);
}

type PermissionRow = Awaited<
  ReturnType<ReturnType<typeof selectPermissions>['executeTakeFirstOrThrow']>
>;

/** The spec's `response`: null while the request waits, else what the head answered. */
const RESPONSES: Record<PermissionState, PermissionResponse | null> = {
  pending: null,
  active: 'accept',
  deactivated: 'accept',
  rejected: 'reject',
  withdrawn: null,
};

export function toPermission(row: PermissionRow): Permission {
  const name = row.display_name;
  return {
    id: row.id,
    user_id: row.user_id,
    role: row.role,
    state: row.state,
    response: RESPONSES[row.state],
    user_info: {
      id: row.user_id,
      firstname: row.firstname,
      surname: row.surname,
      username: row.username,
      afm: row.afm,
    },
    user_display_name: userDisplayName({ ...row, id: row.user_id }),
    entity: {
      id: row.entity_id,
      codename: row.codename,
      display_name: { el: name.el, en: name.en ?? name.el, fr: name.fr ?? name.en ?? name.el },
    },
    created_at: new Date(row.created_at).toISOString(),
    decided_at: row.decided_at ? new Date(row.decided_at).toISOString() : null,
  };
}

/** One permission of the entity, locked for its change; 404 when it is another entity's. */
export async function lockPermission(trx: Kysely<DB>, entityId: string, permissionId: string) {
  const row = isUuid(permissionId)
    ? await trx
        .selectFrom('permissions')
        .innerJoin('users', 'users.id', 'permissions.user_id')
        .select([
          'permissions.id',
          'permissions.user_id',
          'permissions.role',
          'permissions.state',
          'users.afm',
          'users.firstname',
          'users.surname',
        ])
        .where('permissions.id', '=', permissionId.toLowerCase())
        .where('permissions.entity_id', '=', entityId)
        .forUpdate('permissions')
        .executeTakeFirst()
    : undefined;
  if (!row) throw new AppError(404, 'not_found');
  return row;
}

/** A second open request or role for the same person, entity and role (the partial index). */
export function isOpenPermissionClash(error: unknown): boolean {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === '23505' && (constraint === undefined || constraint.includes('permissions_open'));
}
