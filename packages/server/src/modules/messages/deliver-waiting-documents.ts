import { recipientAnswerMachine } from '@dilosi/domain';
import { expressionBuilder, type Kysely } from 'kysely';
import { now } from '../../clock';
import type { CitizenMessageType, DB } from '../../db/schema';
import { deliverCitizenMessage } from './deliver-citizen-message';

const nameOf = (
  values: Record<string, unknown>,
  owner: { firstname: string | null; surname: string | null },
) => {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const fromValues = [text(values.firstname), text(values.surname)].filter(Boolean).join(' ');
  return fromValues || [owner.firstname, owner.surname].filter(Boolean).join(' ');
};

/** What a delivered message says about the document and its sender (the owner). */
const SENT_DOCUMENT_COLUMNS = [
  'documents.id',
  'documents.values',
  'documents.reference_code',
  'owner.firstname',
  'owner.surname',
] as const;

/** The person's mailbox holds no message of this type about the document yet: each arrives once. */
function notDeliveredYet(ownerId: string, type: CitizenMessageType) {
  const eb = expressionBuilder<DB, 'documents'>();
  return eb.not(
    eb.exists(
      eb
        .selectFrom('citizen_messages')
        .select('citizen_messages.id')
        .where('citizen_messages.owner_id', '=', ownerId)
        .where('citizen_messages.type', '=', type)
        .whereRef('citizen_messages.document_id', '=', 'documents.id'),
    ),
  );
}

/**
 * A person's first login: the documents that were addressed to them (still pending) or shared
 * with them by AFM before they had an account reach their mailbox now, as `user-document` and
 * `shared-document`, each once. Answers how many messages were delivered.
 */
export async function deliverWaitingDocuments(
  db: Kysely<DB>,
  person: { userId: string; afm: string },
): Promise<number> {
  // The first_login handler runs in its event's transaction; other callers get one of their own.
  const inTransaction = <T>(work: (trx: Kysely<DB>) => Promise<T>) =>
    db.isTransaction ? work(db) : db.transaction().execute(work);
  return inTransaction(async (trx) => {
    const addressed = await trx
      .selectFrom('documents')
      .innerJoin('users as owner', 'owner.id', 'documents.owner_id')
      .select(SENT_DOCUMENT_COLUMNS)
      .where('documents.addressee_afm', '=', person.afm)
      .where('documents.answer_state', '=', recipientAnswerMachine.initial)
      .where('documents.state', '=', 'issued')
      .where('documents.owner_id', '!=', person.userId)
      .where(notDeliveredYet(person.userId, 'user-document'))
      .execute();
    const shared = await trx
      .selectFrom('document_shares')
      .innerJoin('documents', 'documents.id', 'document_shares.document_id')
      .innerJoin('users as owner', 'owner.id', 'documents.owner_id')
      .select([
        ...SENT_DOCUMENT_COLUMNS,
        'document_shares.firstname as shared_firstname',
        'document_shares.surname as shared_surname',
      ])
      .distinctOn('documents.id')
      .where('document_shares.afm', '=', person.afm)
      .where('documents.state', '=', 'issued')
      .where('documents.owner_id', '!=', person.userId)
      .where(notDeliveredYet(person.userId, 'shared-document'))
      .orderBy('documents.id')
      .execute();
    const at = now();
    for (const row of addressed) {
      await deliverCitizenMessage(trx, {
        ownerId: person.userId,
        type: 'user-document',
        stateData: {
          sender_display_name: nameOf(row.values, row),
          reference_code: row.reference_code,
        },
        documentId: row.id,
        at,
      });
    }
    for (const row of shared) {
      await deliverCitizenMessage(trx, {
        ownerId: person.userId,
        type: 'shared-document',
        stateData: {
          sender_display_name: nameOf(row.values, row),
          recipient_display_name: `${row.shared_firstname} ${row.shared_surname}`,
          reference_code: row.reference_code,
        },
        documentId: row.id,
        at,
      });
    }
    return addressed.length + shared.length;
  });
}
