import type { CaseNote } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import { now } from '../../clock';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { userDisplayName } from '../staff';
import { findCase } from './case-queries';
import { recordCaseEvent } from './record-case-event';

/** An internal note on a case (never shown to the citizen), with its history row. */
export async function addCaseNote(
  db: Kysely<DB>,
  input: { entityId: string; inboxId: string; userId: string; comment: string },
): Promise<CaseNote> {
  const comment = input.comment.trim();
  if (comment === '') {
    throw new AppError(400, 'invalid_request', {
      invalid_fields: [{ invalid_field: 'comment', error_info: { code: 'comment_required' } }],
    });
  }
  return db.transaction().execute(async (trx) => {
    const entry = await findCase(trx, input.entityId, input.inboxId);
    const at = now();
    const note = await trx
      .insertInto('case_comments')
      .values({ inbox_entry_id: entry.id, user_id: input.userId, comment, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordCaseEvent(trx, { entryId: entry.id, action: 'comment', userId: input.userId, at });
    const author = await trx
      .selectFrom('users')
      .select(['id', 'firstname', 'surname', 'email', 'username'])
      .where('id', '=', input.userId)
      .executeTakeFirstOrThrow();
    return {
      id: note.id,
      comment,
      user_display_name: userDisplayName(author),
      timestamp: at.toISOString(),
    };
  });
}
