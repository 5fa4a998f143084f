import { isValidAfm, recipientAnswerMachine, type Template } from '@dilosi/domain';
import type { DocumentRow, User } from '../../db/schema';
import type { Queryable } from '../../db/queryable';
import { alertCitizen, deliverCitizenMessage } from '../messages';
import { citizenName } from './document-links';
import type { IssuanceServices } from './issuance-services';

/** The field of an authorisation that names the authorised person's tax number. */
export const ADDRESSEE_AFM_FIELD = 'authorized_afm';

/**
 * An issued authorisation is addressed to the person it authorises (by AFM): it waits for
 * their answer (pending) and, when that person has an account, reaches them as a
 * `user-document` they accept or reject, alerted by SMS / e-mail; a person without one gets it at their first login
 * (messages module, deliverWaitingDocuments).
 */
export async function addressToPerson(
  trx: Queryable,
  services: Pick<IssuanceServices, 'config' | 'notifier'>,
  input: { row: DocumentRow; template: Template; user: User; issuedAt: Date },
): Promise<void> {
  const { row, template, user, issuedAt } = input;
  if (template.type !== 'authorisation') return;
  const afm = row.values[ADDRESSEE_AFM_FIELD];
  if (typeof afm !== 'string' || !isValidAfm(afm) || afm === user.afm) return;
  await trx
    .updateTable('documents')
    .set({ addressee_afm: afm, answer_state: recipientAnswerMachine.initial })
    .where('id', '=', row.id)
    .execute();
  const addressee = await trx
    .selectFrom('users')
    .select(['id', 'mobile', 'mobile_certified', 'email'])
    .where('afm', '=', afm)
    .executeTakeFirst();
  if (!addressee) return;
  const firstname = row.values.authorized_firstname;
  const surname = row.values.authorized_surname;
  const sender = citizenName(row.values, user);
  await deliverCitizenMessage(trx, {
    ownerId: addressee.id,
    type: 'user-document',
    stateData: {
      title: template.shortname,
      sender_display_name: sender,
      recipient_display_name: [firstname, surname].filter((v) => typeof v === 'string').join(' '),
      reference_code: row.reference_code,
    },
    documentId: row.id,
    at: issuedAt,
  });
  await alertCitizen(services, trx, addressee, {
    sms: 'user_document_sms',
    email: 'user_document_email',
    params: { sender, title: template.shortname, url: `${services.config.publicUrl}/my/messages` },
  });
}
