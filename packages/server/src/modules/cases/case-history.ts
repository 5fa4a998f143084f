import type { CaseNote, CaseMessage, HistoryItem } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { userDisplayName } from '../staff';
import { findCase } from './case-queries';

type Named = { user_id: string | null; firstname: string | null; surname: string | null };
const nameOf = (row: Named) =>
  row.user_id
    ? userDisplayName({ id: row.user_id, firstname: row.firstname, surname: row.surname })
    : null;

/** GET .../history: every action on the case, oldest first. */
export async function listCaseHistory(
  db: Kysely<DB>,
  input: { entityId: string; inboxId: string },
): Promise<HistoryItem[]> {
  const entry = await findCase(db, input.entityId, input.inboxId);
  const rows = await db
    .selectFrom('case_events')
    .leftJoin('users', 'users.id', 'case_events.user_id')
    .select([
      'case_events.id',
      'case_events.action',
      'case_events.user_id',
      'case_events.details',
      'case_events.at',
      'users.firstname',
      'users.surname',
    ])
    .where('case_events.inbox_entry_id', '=', entry.id)
    .orderBy('case_events.id')
    .execute();
  return rows.map((row) => ({
    id: String(row.id),
    entry_id: entry.id,
    timestamp: new Date(row.at).toISOString(),
    action: row.action,
    action_user_display_name: nameOf(row),
    details: row.details,
    declaration: { reference_code: entry.reference_code },
  }));
}

/** GET .../comments: the internal notes, oldest first. */
export async function listCaseNotes(
  db: Kysely<DB>,
  input: { entityId: string; inboxId: string },
): Promise<CaseNote[]> {
  const entry = await findCase(db, input.entityId, input.inboxId);
  const rows = await db
    .selectFrom('case_comments')
    .leftJoin('users', 'users.id', 'case_comments.user_id')
    .select([
      'case_comments.id',
      'case_comments.comment',
      'case_comments.created_at',
      'case_comments.user_id',
      'users.firstname',
      'users.surname',
    ])
    .where('case_comments.inbox_entry_id', '=', entry.id)
    .orderBy('case_comments.created_at')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    comment: row.comment,
    user_display_name: nameOf(row) ?? '',
    timestamp: new Date(row.created_at).toISOString(),
  }));
}

/** GET .../communications: messages with the citizen, oldest first. */
export async function listCaseMessages(
  db: Kysely<DB>,
  input: { entityId: string; inboxId: string },
): Promise<CaseMessage[]> {
  const entry = await findCase(db, input.entityId, input.inboxId);
  const rows = await db
    .selectFrom('case_messages')
    .leftJoin('users', 'users.id', 'case_messages.user_id')
    .select([
      'case_messages.id',
      'case_messages.message',
      'case_messages.direction',
      'case_messages.created_at',
      'case_messages.user_id',
      'users.firstname',
      'users.surname',
    ])
    .where('case_messages.inbox_entry_id', '=', entry.id)
    .orderBy('case_messages.created_at')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    message: row.message,
    direction: row.direction,
    user_display_name: row.direction === 'citizen' ? entry.citizen_name : (nameOf(row) ?? ''),
    timestamp: new Date(row.created_at).toISOString(),
  }));
}
