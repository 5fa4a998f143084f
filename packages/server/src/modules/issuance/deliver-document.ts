import crypto from 'node:crypto';
import {
  caseMachine,
  isValidEmail,
  nameKey,
  type Recipient,
  type Template,
  athensYear,
} from '@dilosi/domain';
import { sql } from 'kysely';
import type { DocumentRow, User } from '../../db/schema';
import type { Queryable } from '../documents';
import { addressToPerson } from './address-to-person';
import { citizenName, documentLinkParams } from './document-links';
import type { IssuanceServices } from './issuance-services';

/**
 * Hands an issued document to its recipient, in the issuance's transaction: an entity gets a
 * case in its inbox (case number YYYY/NNNNNN, the listed columns copied), a person named with
 * an e-mail address gets the validation link; an authorisation waits for the authorised
 * person's answer. Answers the case number, if any.
 */
export async function deliverIssuedDocument(
  trx: Queryable,
  services: Pick<IssuanceServices, 'config' | 'notifier'>,
  input: { row: DocumentRow; template: Template; user: User; issuedAt: Date },
): Promise<string | null> {
  const { row, template, user, issuedAt } = input;
  await addressToPerson(trx, services, input);
  const recipient = (row.recipient as Recipient | null) ?? null;
  const name = citizenName(row.values, user);
  if (recipient?.type === 'entity') {
    const referenceCode = row.reference_code;
    if (!referenceCode) return null;
    // The entity and the next case number in one statement (no number is used without it).
    const entity = await trx
      .selectFrom('entities')
      .select(['id', sql<number | string>`nextval('case_number_seq')`.as('number')])
      .where('codename', '=', recipient.codename)
      .executeTakeFirst();
    if (!entity) return null;
    const caseId = `${athensYear(issuedAt)}/${String(entity.number).padStart(6, '0')}`;
    // The case, its first history row and the document's case number: one statement (each
    // write a WITH of it; the ids are drawn here, so nothing needs another's answer).
    const entryId = crypto.randomUUID();
    await trx
      .with('entry', (creator) =>
        creator.insertInto('inbox_entries').values({
          id: entryId,
          entity_id: entity.id,
          document_id: row.id,
          case_id: caseId,
          status: caseMachine.initial,
          reference_code: referenceCode,
          template_refname: template.refname,
          subject: template.shortname.el,
          citizen_name: name,
          citizen_name_key: nameKey(name),
          citizen_afm: user.afm,
          deadline_days: template.case_deadline_days,
          received_at: issuedAt,
          updated_at: issuedAt,
        }),
      )
      .with('received', (creator) =>
        creator.insertInto('case_events').values({
          inbox_entry_id: entryId,
          action: 'received',
          user_id: null,
          details: JSON.stringify({ reference_code: referenceCode }),
          at: issuedAt,
        }),
      )
      .updateTable('documents')
      .set({ case_id: caseId })
      .where('id', '=', row.id)
      .execute();
    return caseId;
  }
  if (recipient?.type === 'custom' && recipient.email && isValidEmail(recipient.email)) {
    await services.notifier.enqueue(
      {
        channel: 'email',
        to: recipient.email,
        key: 'document_link_email',
        locale: 'el',
        params: { sender: name, ...documentLinkParams(services.config, row, template) },
        documentId: row.id,
      },
      trx,
    );
  }
  return null;
}
