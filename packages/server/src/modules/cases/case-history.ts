import elDashboard from '@dilosi/domain/i18n/el/dashboard.json' with { type: 'json' };
import enDashboard from '@dilosi/domain/i18n/en/dashboard.json' with { type: 'json' };
import frDashboard from '@dilosi/domain/i18n/fr/dashboard.json' with { type: 'json' };
import {
  isUuid,
  type CaseNote,
  type CaseMessage,
  type HistoryItem,
  type Locale,
} from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { registerCatalog, translate } from '../../lib/i18n';
import { userDisplayName } from '../staff';
import { findCase } from './case-queries';

// The names of a case's history actions (spec section 3, History item: action_display), shared
// with the web's history tab.
registerCatalog('case-history', {
  el: elDashboard.history,
  en: enDashboard.history,
  fr: frDashboard.history,
});

/** An action's name in a language; an action without a text keeps its code. */
function actionDisplay(locale: Locale, action: string): string {
  return translate(locale, 'case-history', action);
}

type Named = { user_id: string | null; firstname: string | null; surname: string | null };
const nameOf = (row: Named) =>
  row.user_id
    ? userDisplayName({ id: row.user_id, firstname: row.firstname, surname: row.surname })
    : null;

/** The assignee an `assign` row names (`details.assignee_id`), if it names one. */
function assigneeIdOf(action: string, details: Record<string, unknown>): string | null {
  const id = details.assignee_id;
  return action === 'assign' && typeof id === 'string' && isUuid(id) ? id.toLowerCase() : null;
}

/**
 * GET .../history: every action on the case, oldest first; an assignment names its assignee by
 * their current name (the rows keep only the id where the demo data wrote them).
 */
export async function listCaseHistory(
  db: Kysely<DB>,
  input: { entityId: string; inboxId: string; locale: Locale },
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
  const assigneeIds = [
    ...new Set(rows.flatMap((row) => assigneeIdOf(row.action, row.details) ?? [])),
  ];
  const assignees = new Map(
    assigneeIds.length === 0
      ? []
      : (
          await db
            .selectFrom('users')
            .select(['id', 'firstname', 'surname'])
            .where('id', 'in', assigneeIds)
            .execute()
        ).map((user) => [user.id, userDisplayName(user)] as const),
  );
  return rows.map((row) => {
    const assigneeId = assigneeIdOf(row.action, row.details);
    const stored = row.details.assignee;
    return {
      id: String(row.id),
      entry_id: entry.id,
      timestamp: new Date(row.at).toISOString(),
      action: row.action,
      action_display: actionDisplay(input.locale, row.action),
      action_user_display_name: nameOf(row),
      ...(assigneeId
        ? {
            assignee_display_name:
              assignees.get(assigneeId) ?? (typeof stored === 'string' ? stored : null),
          }
        : {}),
      details: row.details,
      declaration: { reference_code: entry.reference_code },
    };
  });
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

/** GET .../communications: messages with the citizen, both ways, oldest first. */
export async function listCaseMessages(
  db: Kysely<DB>,
  input: { entityId: string; inboxId: string },
): Promise<CaseMessage[]> {
  const entry = await findCase(db, input.entityId, input.inboxId);
  const rows = await db
    .selectFrom('case_messages')
    .leftJoin('users', 'users.id', 'case_messages.user_id')
    .leftJoin('case_message_files as file', 'file.case_message_id', 'case_messages.id')
    .select([
      'case_messages.id',
      'case_messages.message',
      'case_messages.direction',
      'case_messages.created_at',
      'case_messages.user_id',
      'users.firstname',
      'users.surname',
      'file.filename',
      'file.size',
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
    attachment: row.filename === null ? null : { filename: row.filename, size: row.size ?? 0 },
  }));
}
