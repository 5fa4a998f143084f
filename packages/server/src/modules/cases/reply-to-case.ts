import type { CaseEvent, DocumentEvent, ReplyCaseStatus } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { caseStatus, changeState } from '../../lib/state-change';
import { recordCaseEvent } from './record-case-event';

/** The case machine's event for what a reply does to its case; none moves nothing. */
const REPLY_EVENTS: Record<ReplyCaseStatus, CaseEvent | null> = {
  none: null,
  pending: 'reply_pending',
  finished: 'reply_finished',
};

/**
 * An entity's reply to a case was issued: in the issuance's transaction, the case's new status
 * (none leaves it), its `replied` history row and the `reply` row of the case's document.
 * Answers the case's number, or null when the case is gone.
 */
export async function replyToCase(
  trx: Kysely<DB>,
  input: {
    entryId: string;
    userId: string;
    caseStatus: ReplyCaseStatus;
    referenceCode: string | null;
    replyId: string;
    at: Date;
  },
): Promise<string | null> {
  const entry = await trx
    .selectFrom('inbox_entries')
    .select(['id', 'status', 'case_id', 'document_id'])
    .where('id', '=', input.entryId)
    .forUpdate()
    .executeTakeFirst();
  if (!entry) return null;
  await changeState(trx, caseStatus, {
    // Locked above: a case that is gone has no history to write.
    lock: async () => entry,
    event: REPLY_EVENTS[input.caseStatus],
    at: input.at,
    columns: (_entry, { from, to, at }) =>
      to === from ? undefined : { updated_at: at, dismissed_at: null },
    record: ({ id }, { from, to, at }) =>
      recordCaseEvent(trx, {
        entryId: id,
        action: 'replied',
        userId: input.userId,
        details: {
          reference_code: input.referenceCode,
          reply_id: input.replyId,
          case_status: input.caseStatus,
          ...(to !== from ? { from, to } : {}),
        },
        at,
      }),
  });
  // The document the case is about records the reply in its own history (spec section 4).
  if (entry.document_id) {
    await trx
      .insertInto('document_events')
      .values({
        document_id: entry.document_id,
        action: 'reply' satisfies DocumentEvent,
        from_state: null,
        to_state: null,
        step: null,
        user_id: input.userId,
        at: input.at,
      })
      .execute();
  }
  return entry.case_id;
}
