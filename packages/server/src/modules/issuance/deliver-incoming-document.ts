import { messageMachine, type Template } from '@dilosi/domain';
import type { DocumentRow, Entity } from '../../db/schema';
import type { Queryable } from '../../db/queryable';
import { alertCitizen, nextTsid } from '../messages';
import type { IssuanceServices } from './issuance-services';

/**
 * An entity's issued document reaches its citizen (DESIGN section 8): an `incoming-document`
 * message in their mailbox with the document linked, and the SMS / e-mail alert through the
 * outbox, in the issuance's transaction. No citizen (a case without an account): nothing sent.
 */
export async function deliverIncomingDocument(
  trx: Queryable,
  services: Pick<IssuanceServices, 'notifier' | 'config'>,
  input: { row: DocumentRow; template: Template; entity: Entity; caseId: string | null; at: Date },
): Promise<void> {
  const { row, template, entity, at } = input;
  if (!row.recipient_user_id) return;
  const citizen = await trx
    .selectFrom('users')
    .select(['id', 'mobile', 'mobile_certified', 'email'])
    .where('id', '=', row.recipient_user_id)
    .executeTakeFirst();
  if (!citizen) return;
  await trx
    .insertInto('citizen_messages')
    .values({
      owner_id: citizen.id,
      type: 'incoming-document',
      status: messageMachine.initial,
      tsid: await nextTsid(trx, at),
      state_data: JSON.stringify({
        title: template.shortname.el,
        sender_display_name: entity.display_name,
        summary: template.title.el,
        reference_code: row.reference_code,
        ...(input.caseId ? { case_id: input.caseId } : {}),
      }),
      document_id: row.id,
      inbox_entry_id: row.reply_to_entry_id,
      created_at: at,
    })
    .execute();
  await alertCitizen(services, trx, citizen, {
    sms: 'incoming_document_sms',
    email: 'incoming_document_email',
    params: {
      entity: entity.display_name,
      title: template.shortname,
      url: `${services.config.publicUrl}/my/messages`,
    },
  });
}
