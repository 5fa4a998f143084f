import {
  CASE_DECISION_REASON_MAX,
  type CaseDecisionKind,
  type CaseDecisionRequest,
  type CaseEvent,
} from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { invalidField } from '../../lib/app-error';
import { caseStatus, changeState } from '../../lib/state-change';
import { findCase } from './case-queries';
import type { CaseServices } from './case-services';
import { recordCaseEvent } from './record-case-event';
import { messageCaseCitizen } from './message-case-citizen';

const EVENTS: Record<CaseDecisionKind, CaseEvent> = {
  accepted: 'decide_accepted',
  refused: 'decide_refused',
  without_action: 'decide_without_action',
};

/** The decision's name in the citizen's message, in Greek as the entity's messages are kept. */
const DECISION_TITLES: Record<CaseDecisionKind, string> = {
  accepted: 'Η αίτησή σας εγκρίθηκε',
  refused: 'Η αίτησή σας απορρίφθηκε',
  without_action: 'Η υπόθεσή σας τέθηκε στο αρχείο χωρίς ενέργεια',
};

/**
 * A motivated decision on an open case (issue #41): accepted (finished), refused or closed
 * without action (canceled), always with a reason, and optionally an issued reply of this case
 * that supports it. In one transaction: the status through the case machine (a closed case is
 * 409 action_not_allowed_on_state: it opens again by a status change first), the decision's
 * columns, the history row, and a message in the citizen's mailbox with the reason, alerted by
 * SMS and e-mail as the entity's messages are.
 */
export async function decideCase(
  services: Pick<CaseServices, 'notifier' | 'config'>,
  db: Kysely<DB>,
  input: { entityId: string; inboxId: string; userId: string } & CaseDecisionRequest,
): Promise<void> {
  const reason = input.reason.trim();
  if (reason === '') throw invalidField('reason', 'reason_required');
  if (reason.length > CASE_DECISION_REASON_MAX) {
    throw invalidField('reason', 'text_too_long', { max: CASE_DECISION_REASON_MAX });
  }
  await db.transaction().execute(async (trx) => {
    const entry = await findCase(trx, input.entityId, input.inboxId);
    let document: { id: string; reference_code: string | null } | null = null;
    if (input.document_id) {
      document =
        (await trx
          .selectFrom('documents')
          .select(['id', 'reference_code'])
          .where('id', '=', input.document_id)
          .where('reply_to_entry_id', '=', entry.id)
          .where('issuer_entity_id', '=', input.entityId)
          .where('state', '=', 'issued')
          .executeTakeFirst()) ?? null;
      // Only an issued reply of this very case supports its decision.
      if (!document) throw invalidField('document_id', 'decision_document_invalid');
    }
    const { at } = await changeState(trx, caseStatus, {
      lock: () => findCase(trx, input.entityId, input.inboxId, { forUpdate: true }),
      event: EVENTS[input.decision],
      columns: (_entry, change) => ({
        updated_at: change.at,
        decision: input.decision,
        decision_reason: reason,
        decided_at: change.at,
        decided_by: input.userId,
        decision_document_id: document?.id ?? null,
      }),
      record: (locked, change) =>
        recordCaseEvent(trx, {
          entryId: locked.id,
          action: 'decision',
          userId: input.userId,
          details: {
            from: change.from,
            to: change.to,
            decision: input.decision,
            reason,
            ...(document?.reference_code ? { reference_code: document.reference_code } : {}),
          },
          at: change.at,
        }),
    });
    await messageCaseCitizen(services, trx, entry, {
      summary: `${DECISION_TITLES[input.decision]}. ${reason}`,
      at,
      details: {
        decision: input.decision,
        ...(document?.reference_code ? { decision_reference_code: document.reference_code } : {}),
      },
      documentId: document?.id ?? entry.document_id,
    });
  });
}
