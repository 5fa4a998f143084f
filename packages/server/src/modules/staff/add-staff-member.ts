import {
  invalidFieldsOf,
  personByAfmSchema,
  PERMISSION_GRANTING_STATE,
  type EntityRole,
} from '@dilosi/domain';
import type { Kysely } from 'kysely';
import { now } from '../../clock';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { grantRole } from './grant-role';
import { isOpenPermissionClash } from './permission-queries';
import { recordEntityDecision } from './record-entity-decision';

export type NewStaffInput = { firstname: string; surname: string; afm: string; role: EntityRole };

/**
 * A head adds a person as staff by tax number (spec sections 5 and 6). A person who has never
 * logged in gets a user record now, named as the head typed; their first login completes it.
 */
export async function addStaffMember(
  db: Kysely<DB>,
  input: { entityId: string; userId: string; person: NewStaffInput },
): Promise<void> {
  // The same schema the web form runs (domain): required names, a valid tax number.
  const checked = personByAfmSchema.safeParse(input.person);
  if (!checked.success) {
    throw new AppError(400, 'invalid_request', {
      invalid_fields: invalidFieldsOf(personByAfmSchema, input.person),
    });
  }
  const person = checked.data;

  try {
    await db.transaction().execute(async (trx) => {
      const at = now();
      const user =
        (await trx
          .selectFrom('users')
          .select('id')
          .where('afm', '=', person.afm)
          .executeTakeFirst()) ??
        (await trx
          .insertInto('users')
          .values({ ...person, created_at: at, updated_at: at })
          .returning('id')
          .executeTakeFirstOrThrow());
      const held = await trx
        .selectFrom('permissions')
        .select('id')
        .where('user_id', '=', user.id)
        .where('entity_id', '=', input.entityId)
        .where('role', '=', input.person.role)
        .where('state', '=', PERMISSION_GRANTING_STATE)
        .executeTakeFirst();
      if (held) throw new AppError(409, 'already_enrolled');
      const permissionId = await grantRole(trx, {
        entityId: input.entityId,
        subjectUserId: user.id,
        role: input.person.role,
        userId: input.userId,
        at,
      });
      await recordEntityDecision(trx, {
        entityId: input.entityId,
        action: 'add',
        userId: input.userId,
        subjectUserId: user.id,
        permissionId,
        details: { role: input.person.role, afm: person.afm },
        at,
      });
    });
  } catch (error) {
    if (isOpenPermissionClash(error)) throw new AppError(409, 'already_enrolled');
    throw error;
  }
}
