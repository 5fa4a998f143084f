import type { Kysely } from 'kysely';
import type { DB, DocumentRow } from '../../db/schema';
import { correctionState, changeState } from '../../lib/state-change';
import { recordCaseEvent } from '../cases';
import { findOwnedDocument, type Queryable } from './document-queries';
import { writeRevocation } from './revoke-document';

/**
 * A corrected document issued (issue #41): when the draft answers a correction a clerk asked
 * for, it goes to the same case instead of opening a new one. In the issuance's transaction: the
 * case now holds the new document (its reference code; the history says `corrected` with both
 * codes), the correction is `corrected`, and the previous document is revoked when the citizen
 * chose so (else it stays valid). Answers the case number, or null when the draft corrects
 * nothing (or its correction was withdrawn meanwhile: then it is delivered as any document).
 */
export async function deliverCorrection(
  trx: Queryable,
  input: { issued: DocumentRow; userId: string; issuedAt: Date },
): Promise<string | null> {
  const db = trx as Kysely<DB>;
  const correction = await db
    .selectFrom('case_corrections')
    .select(['id'])
    .where('draft_document_id', '=', input.issued.id)
    .where('state', '=', 'drafted')
    .executeTakeFirst();
  if (!correction) return null;
  const { row } = await changeState(db, correctionState, {
    lock: () =>
      db
        .selectFrom('case_corrections')
        .selectAll()
        .where('id', '=', correction.id)
        .forUpdate()
        .executeTakeFirstOrThrow(),
    event: 'correct',
    at: input.issuedAt,
    columns: (_row, change) => ({ corrected_at: change.at }),
  });
  const entry = await db
    .updateTable('inbox_entries')
    .set({
      document_id: input.issued.id,
      reference_code: input.issued.reference_code ?? '',
      updated_at: input.issuedAt,
    })
    .where('id', '=', row.inbox_entry_id)
    .returning(['id', 'case_id'])
    .executeTakeFirstOrThrow();
  await db
    .updateTable('documents')
    .set({ case_id: entry.case_id })
    .where('id', '=', input.issued.id)
    .execute();
  const previous = await findOwnedDocument(db, row.document_id, input.userId, {
    forUpdate: true,
  });
  await recordCaseEvent(db, {
    entryId: entry.id,
    action: 'corrected',
    userId: input.userId,
    details: {
      reference_code: input.issued.reference_code,
      previous_reference_code: previous?.reference_code ?? null,
      previous_revoked: row.revoke_previous,
    },
    at: input.issuedAt,
  });
  if (row.revoke_previous && previous?.state === 'issued') {
    await writeRevocation(db, previous, input.userId);
  }
  return entry.case_id;
}
