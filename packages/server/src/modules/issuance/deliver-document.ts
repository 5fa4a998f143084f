import crypto from 'node:crypto';
import {
  caseMachine,
  type CaseStatus,
  isValidEmail,
  nameKey,
  type Recipient,
  type Template,
  athensYear,
} from '@dilosi/domain';
import { sql } from 'kysely';
import { cachedStatement } from '../../db/cached-statement';
import type { DocumentRow, User } from '../../db/schema';
import { alertEntityStaff } from '../cases';
import type { Queryable } from '../../db/queryable';
import { addressToPerson } from './address-to-person';
import { citizenName, documentLinkParams } from './document-links';
import type { IssuanceServices } from './issuance-services';

/** The entity and the next case number in one statement (no number is used without it). */
const entityWithCaseNumber = cachedStatement((db, { codename }: { codename: string }) =>
  db
    .selectFrom('entities')
    .select(['id', sql<number | string>`nextval('case_number_seq')`.as('number')])
    .where('codename', '=', codename),
);

/**
 * The case, its first history row and the document's case number: one statement (each write a
 * WITH of it; the ids are drawn by the caller, so nothing needs another's answer).
 */
const openCase = cachedStatement(
  (
    db,
    values: {
      entryId: string;
      entityId: string;
      documentId: string;
      caseId: string;
      status: CaseStatus;
      referenceCode: string;
      templateRefname: string;
      subject: string;
      citizenName: string;
      citizenNameKey: string;
      citizenAfm: string | null;
      deadlineDays: number;
      details: string;
      at: Date;
    },
  ) =>
    db
      .with('entry', (creator) =>
        creator.insertInto('inbox_entries').values({
          id: values.entryId,
          entity_id: values.entityId,
          document_id: values.documentId,
          case_id: values.caseId,
          status: values.status,
          reference_code: values.referenceCode,
          template_refname: values.templateRefname,
          subject: values.subject,
          citizen_name: values.citizenName,
          citizen_name_key: values.citizenNameKey,
          citizen_afm: values.citizenAfm,
          deadline_days: values.deadlineDays,
          received_at: values.at,
          updated_at: values.at,
        }),
      )
      .with('received', (creator) =>
        creator.insertInto('case_events').values({
          inbox_entry_id: values.entryId,
          action: 'received',
          user_id: null,
          details: values.details,
          at: values.at,
        }),
      )
      .updateTable('documents')
      .set({ case_id: values.caseId })
      .where('id', '=', values.documentId),
);

/**
 * Hands an issued document to its recipient, in the issuance's transaction: an entity gets a
 * case in its inbox (case number YYYY/NNNNNN, the listed columns copied), a person named with
 * an e-mail address gets the validation link; an authorisation waits for the authorised
 * person's answer. Answers the case number, if any. The entity and its staff are alerted
 * (alertEntityStaff) in the same transaction.
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
    const entity = await entityWithCaseNumber.executeTakeFirst(trx, {
      codename: recipient.codename,
    });
    if (!entity) return null;
    const caseId = `${athensYear(issuedAt)}/${String(entity.number).padStart(6, '0')}`;
    const entryId = crypto.randomUUID();
    await openCase.execute(trx, {
      entryId,
      entityId: entity.id,
      documentId: row.id,
      caseId,
      status: caseMachine.initial,
      referenceCode,
      templateRefname: template.refname,
      subject: template.shortname.el,
      citizenName: name,
      citizenNameKey: nameKey(name),
      citizenAfm: user.afm,
      deadlineDays: template.case_deadline_days,
      details: JSON.stringify({ reference_code: referenceCode }),
      at: issuedAt,
    });
    await alertEntityStaff(services, trx, { entryId, kind: 'new_case' });
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
