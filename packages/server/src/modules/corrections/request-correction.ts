import { CASE_DECISION_REASON_MAX, correctionMachine, isOpenCaseStatus } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import { now } from '../../clock';
import type { DB } from '../../db/schema';
import { AppError, invalidField } from '../../lib/app-error';
import { caseStatus, changeState, correctionState } from '../../lib/state-change';
import { findCase, messageCaseCitizen, recordCaseEvent, type CaseServices } from '../cases';

/**
 * A clerk asks the citizen to correct her document (issue #41): on an open case whose document a
 * citizen issued, one correction at a time (409 correction_already_requested), always with a
 * reason. In one transaction: the correction (requested), an incoming case set pending through
 * the case machine, the history row, and a message in the citizen's mailbox linking to
 * /my/corrections/{id}, alerted by SMS and e-mail.
 */
export async function requestCorrection(
  services: Pick<CaseServices, 'notifier' | 'config'>,
  db: Kysely<DB>,
  input: { entityId: string; inboxId: string; userId: string; reason: string },
): Promise<string> {
  const reason = input.reason.trim();
  if (reason === '') throw invalidField('reason', 'reason_required');
  if (reason.length > CASE_DECISION_REASON_MAX) {
    throw invalidField('reason', 'text_too_long', { max: CASE_DECISION_REASON_MAX });
  }
  return db.transaction().execute(async (trx) => {
    const { row: entry, at } = await changeState(trx, caseStatus, {
      lock: () => findCase(trx, input.entityId, input.inboxId, { forUpdate: true }),
      check: (locked) => {
        if (!isOpenCaseStatus(locked.status))
          throw new AppError(409, 'action_not_allowed_on_state');
      },
      event: (locked) => (locked.status === 'incoming' ? 'set_pending' : null),
      columns: (_locked, change) => ({ updated_at: change.at }),
    });
    const document = entry.document_id
      ? await trx
          .selectFrom('documents')
          .select(['id', 'issuer_entity_id', 'state'])
          .where('id', '=', entry.document_id)
          .executeTakeFirst()
      : undefined;
    // Only a citizen's own issued document can be corrected by her.
    if (!document || document.issuer_entity_id !== null || document.state !== 'issued') {
      throw new AppError(409, 'action_not_allowed_on_state');
    }
    const open = await trx
      .selectFrom('case_corrections')
      .select('id')
      .where('inbox_entry_id', '=', entry.id)
      .where('state', 'in', ['requested', 'drafted'])
      .executeTakeFirst();
    if (open) throw new AppError(409, 'correction_already_requested');
    const correction = await trx
      .insertInto('case_corrections')
      .values({
        inbox_entry_id: entry.id,
        document_id: document.id,
        reason,
        requested_by: input.userId,
        requested_at: at,
        state: correctionMachine.initial,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordCaseEvent(trx, {
      entryId: entry.id,
      action: 'correction_requested',
      userId: input.userId,
      details: { reason },
      at,
    });
    await messageCaseCitizen(services, trx, entry, {
      summary: `Ζητείται διόρθωση του εγγράφου σας. ${reason}`,
      at,
      details: { correction_link: `/my/corrections/${correction.id}` },
      documentId: document.id,
      path: `/my/corrections/${correction.id}`,
    });
    return correction.id;
  });
}

/** The clerk takes back the case's open correction (requested or drafted); 404 when none. */
export async function withdrawCorrection(
  db: Kysely<DB>,
  input: { entityId: string; inboxId: string; userId: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const entry = await findCase(trx, input.entityId, input.inboxId);
    const at = now();
    await changeState(trx, correctionState, {
      lock: async () => {
        const open = await trx
          .selectFrom('case_corrections')
          .selectAll()
          .where('inbox_entry_id', '=', entry.id)
          .where('state', 'in', ['requested', 'drafted'])
          .forUpdate()
          .executeTakeFirst();
        if (!open) throw new AppError(404, 'correction_not_found');
        return open;
      },
      event: 'withdraw',
      at,
      record: () =>
        recordCaseEvent(trx, {
          entryId: entry.id,
          action: 'correction_withdrawn',
          userId: input.userId,
          at,
        }),
    });
  });
}
