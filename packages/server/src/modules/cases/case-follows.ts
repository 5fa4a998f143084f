import type { Kysely } from 'kysely';
import { now } from '../../clock';
import type { DB } from '../../db/schema';
import { findCase } from './case-queries';

/**
 * A staff member follows a case or stops (issue #41): her "followed by me" list. Following twice
 * is following; stopping what she does not follow changes nothing. Another entity's case: 404.
 */
export async function setCaseFollowed(
  db: Kysely<DB>,
  input: { entityId: string; inboxId: string; userId: string; followed: boolean },
): Promise<boolean> {
  const entry = await findCase(db, input.entityId, input.inboxId);
  if (input.followed) {
    await db
      .insertInto('case_follows')
      .values({ inbox_entry_id: entry.id, user_id: input.userId, created_at: now() })
      .onConflict((oc) => oc.columns(['user_id', 'inbox_entry_id']).doNothing())
      .execute();
  } else {
    await db
      .deleteFrom('case_follows')
      .where('inbox_entry_id', '=', entry.id)
      .where('user_id', '=', input.userId)
      .execute();
  }
  return input.followed;
}

export async function isCaseFollowed(
  db: Kysely<DB>,
  input: { inboxId: string; userId: string },
): Promise<boolean> {
  const row = await db
    .selectFrom('case_follows')
    .select('inbox_entry_id')
    .where('inbox_entry_id', '=', input.inboxId)
    .where('user_id', '=', input.userId)
    .executeTakeFirst();
  return row !== undefined;
}
