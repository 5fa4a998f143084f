import {
  caseThreadRefusal,
  type CaseStatus,
  type VaultCase,
  type VaultCaseThread,
} from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { findCitizenCase, type CaseCitizen } from '../cases';
import type { TemplateCatalog } from '../templates';

/**
 * GET /api/vault/cases/{id}/messages: one of the citizen's cases with its whole thread, the
 * entity's messages and hers, oldest first (issue #33), and why she may not write now, if so.
 * A clerk is not named: the entity speaks.
 */
export async function getCaseThread(
  db: Kysely<DB>,
  catalog: TemplateCatalog,
  input: { citizen: CaseCitizen; entryId: string },
): Promise<VaultCaseThread> {
  const entry = await findCitizenCase(db, input.citizen, input.entryId);
  const rows = await db
    .selectFrom('case_messages')
    .leftJoin('case_message_files as file', 'file.case_message_id', 'case_messages.id')
    .select([
      'case_messages.id',
      'case_messages.message',
      'case_messages.direction',
      'case_messages.created_at',
      'file.filename',
      'file.size',
    ])
    .where('case_messages.inbox_entry_id', '=', entry.id)
    .orderBy('case_messages.created_at')
    .orderBy('case_messages.id')
    .execute();
  const shortname = catalog.find(entry.template_refname)?.shortname ?? {
    el: entry.subject,
    en: entry.subject,
    fr: entry.subject,
  };
  return {
    case: {
      id: entry.id,
      case_id: entry.case_id,
      status: entry.status as CaseStatus,
      entity: {
        codename: entry.codename,
        display_name: entry.display_name as VaultCase['entity']['display_name'],
      },
      reference_code: entry.reference_code,
      template: { refname: entry.template_refname, shortname },
      received_at: new Date(entry.received_at).toISOString(),
      updated_at: new Date(entry.updated_at).toISOString(),
    },
    messages: rows.map((row) => ({
      id: row.id,
      message: row.message,
      direction: row.direction,
      timestamp: new Date(row.created_at).toISOString(),
      attachment: row.filename === null ? null : { filename: row.filename, size: row.size ?? 0 },
    })),
    refusal: caseThreadRefusal({
      isEntityEnabled: entry.enabled,
      isDismissed: entry.dismissed_at !== null,
    }),
  };
}
