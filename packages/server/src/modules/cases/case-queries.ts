import { DAY_MS, type InboxItem, type LocalizedText, isUuid } from '@dilosi/domain';
import type { Kysely, Selectable, SqlBool } from 'kysely';
import type { DB, InboxEntriesTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { TemplateCatalog } from '../templates';

export type CaseRow = Selectable<InboxEntriesTable> & {
  assignee_firstname: string | null;
  assignee_surname: string | null;
  /** Forwarded to another entity: the "Προωθημένη" display label. */
  forwarded: SqlBool;
};

/** The case row with its assignee's name; only within the entity (another entity's: none). */
export function caseRows(db: Kysely<DB>) {
  return db
    .selectFrom('inbox_entries')
    .leftJoin('users as assignee', 'assignee.id', 'inbox_entries.assignee_id')
    .selectAll('inbox_entries')
    .select(['assignee.firstname as assignee_firstname', 'assignee.surname as assignee_surname'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('case_forwards')
            .select('case_forwards.id')
            .whereRef('case_forwards.source_entry_id', '=', 'inbox_entries.id'),
        )
        .as('forwarded'),
    );
}

export const caseNotFound = () => new AppError(404, 'case_not_found');

/** A case of this entity, or 404 case_not_found (also for another entity's case). */
export async function findCase(
  db: Kysely<DB>,
  entityId: string,
  inboxId: string,
  options: { forUpdate?: boolean } = {},
): Promise<CaseRow> {
  if (!isUuid(inboxId)) throw caseNotFound();
  let query = caseRows(db)
    .where('inbox_entries.id', '=', inboxId.toLowerCase())
    .where('inbox_entries.entity_id', '=', entityId);
  if (options.forUpdate) query = query.forUpdate('inbox_entries');
  const row = await query.executeTakeFirst();
  if (!row) throw caseNotFound();
  return row;
}

function shortnameOf(catalog: TemplateCatalog, row: CaseRow): LocalizedText {
  return (
    catalog.find(row.template_refname)?.shortname ?? {
      el: row.subject,
      en: row.subject,
      fr: row.subject,
    }
  );
}

/** Inbox item (spec section 3), with the case's age and whether it is overdue. */
export function toInboxItem(catalog: TemplateCatalog, row: CaseRow, at: Date): InboxItem {
  const received = new Date(row.received_at);
  const ageDays = Math.max(0, Math.floor((at.getTime() - received.getTime()) / DAY_MS));
  const open = row.status === 'incoming' || row.status === 'pending';
  const assigneeName = [row.assignee_firstname, row.assignee_surname].filter(Boolean).join(' ');
  return {
    id: row.id,
    entry_id: row.id,
    inbox_status: row.status,
    forwarded: Boolean(row.forwarded),
    assignee: row.assignee_id,
    assignee_display_name: row.assignee_id ? assigneeName || row.assignee_id : null,
    age_days: ageDays,
    overdue: open && ageDays > row.deadline_days,
    declaration: {
      template_id: row.template_refname,
      template: { shortname: shortnameOf(catalog, row) },
      timestamp: received.toISOString(),
      reference_code: row.reference_code,
      user_display_name: row.citizen_name,
      case_id: row.case_id,
    },
  };
}
