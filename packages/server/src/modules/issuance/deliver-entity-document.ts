import type { ReplyCaseStatus, Template } from '@dilosi/domain';
import type { DocumentRow, Entity } from '../../db/schema';
import { replyToCase } from '../cases';
import type { Queryable } from '../../db/queryable';
import { deliverIncomingDocument } from './deliver-incoming-document';
import type { IssuanceServices } from './issuance-services';

/** The field of an entity's issue template that names the citizen it is for. */
export const RECIPIENT_AFM_FIELD = 'recipient_afm';

/**
 * What follows the issuance of an entity's document, in its transaction: for a reply, the
 * case's new status and `replied` history row through cases' replyToCase (the clerk's
 * `caseStatus`, else the template's `reply_case_status`; none leaves it); for a document to a
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
    caseId = await replyToCase(trx, {
      entryId: issued.reply_to_entry_id,
      userId: input.userId,
      // A stored template version from before reply_case_status declares nothing.
      caseStatus:
        input.caseStatus ?? (template.reply_case_status as ReplyCaseStatus | undefined) ?? 'none',
      referenceCode: issued.reference_code,
      replyId: issued.id,
      at: issuedAt,
    });
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
