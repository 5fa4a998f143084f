import {
  caseMachine,
  transition,
  type CaseEvent,
  type ReplyCaseStatus,
  type Template,
} from '@dilosi/domain';
import type { DocumentRow, Entity } from '../../db/schema';
import { recordCaseEvent } from '../cases';
import type { Queryable } from '../../db/queryable';
import { AppError } from '../../lib/app-error';
import { deliverIncomingDocument } from './deliver-incoming-document';
import type { IssuanceServices } from './issuance-services';

/** The field of an entity's issue template that names the citizen it is for. */
export const RECIPIENT_AFM_FIELD = 'recipient_afm';

/** The case machine's event for what a reply does to its case; none moves nothing. */
const REPLY_EVENTS: Record<ReplyCaseStatus, CaseEvent | null> = {
  none: null,
  pending: 'reply_pending',
  finished: 'reply_finished',
};

/**
 * What follows the issuance of an entity's document, in its transaction: for a reply, the
 * case's `replied` history row and its new status (the clerk's `caseStatus`, else the
 * template's `reply_case_status`, through the case machine; none leaves it); for a document to a
 * citizen named by AFM, whoever has an account with it; then the citizen's `incoming-document`.
 */
export async function deliverEntityDocument(
  trx: Queryable,
  services: Pick<IssuanceServices, 'notifier' | 'config'>,
  input: {
    issued: DocumentRow;
    template: Template;
    entity: Entity;
    caseStatus?: ReplyCaseStatus | undefined;
    userId: string;
    issuedAt: Date;
  },
): Promise<void> {
  const { issued, template, entity, issuedAt } = input;
  let caseId: string | null = null;
  if (issued.reply_to_entry_id) {
    const entry = await trx
      .selectFrom('inbox_entries')
      .select(['id', 'status', 'case_id'])
      .where('id', '=', issued.reply_to_entry_id)
      .forUpdate()
      .executeTakeFirst();
    if (entry) {
      caseId = entry.case_id;
      // A stored template version from before reply_case_status declares nothing.
      const caseStatus: ReplyCaseStatus =
        input.caseStatus ?? (template.reply_case_status as ReplyCaseStatus | undefined) ?? 'none';
      const event = REPLY_EVENTS[caseStatus];
      const moved = event ? transition(caseMachine, entry.status, event) : null;
      if (moved && !moved.ok) throw new AppError(409, moved.code);
      const to = moved?.state ?? entry.status;
      if (to !== entry.status) {
        await trx
          .updateTable('inbox_entries')
          .set({ status: to, updated_at: issuedAt, dismissed_at: null })
          .where('id', '=', entry.id)
          .execute();
      }
      await recordCaseEvent(trx, {
        entryId: entry.id,
        action: 'replied',
        userId: input.userId,
        details: {
          reference_code: issued.reference_code,
          reply_id: issued.id,
          case_status: caseStatus,
          ...(to !== entry.status ? { from: entry.status, to } : {}),
        },
        at: issuedAt,
      });
    }
  }
  let row = issued;
  const afm = issued.values[RECIPIENT_AFM_FIELD];
  if (!issued.reply_to_entry_id && typeof afm === 'string') {
    // A document the entity issues names its citizen by AFM: whoever has an account with it.
    const citizen = await trx
      .selectFrom('users')
      .select('id')
      .where('afm', '=', afm)
      .executeTakeFirst();
    row = await trx
      .updateTable('documents')
      .set({ recipient_afm: afm, recipient_user_id: citizen?.id ?? null })
      .where('id', '=', issued.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  await deliverIncomingDocument(trx, services, { row, template, entity, caseId, at: issuedAt });
}
