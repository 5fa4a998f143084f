import {
  recipientAnswerMachine,
  transition,
  type CitizenMessage,
  type LocalizedText,
} from '@dilosi/domain';
import type { Kysely } from 'kysely';
import { now } from '../../clock';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { changeState, citizenMessageStatus } from '../../lib/state-change';
import type { Notifier } from '../../notify';
import type { AlertCapConfig } from './alert-caps';
import { alertCitizen } from './alert-citizen';
import { deliverCitizenMessage } from './deliver-citizen-message';
import { findOwnMessage, toCitizenMessage } from './to-citizen-message';

const OUTCOME_TITLES: Record<'accepted' | 'rejected', LocalizedText> = {
  accepted: {
    el: 'Το έγγραφό σας έγινε αποδεκτό',
    en: 'Your document was accepted',
    fr: 'Votre document a été accepté',
  },
  rejected: {
    el: 'Το έγγραφό σας απορρίφθηκε',
    en: 'Your document was rejected',
    fr: 'Votre document a été refusé',
  },
};

/**
 * The addressee of a document answers it from its `user-document` message (spec section 4: a
 * recipient accepts a pending document, irreversibly): `accept`, or `reject` with a reason.
 * The answer moves through the recipient-answer machine (pending → accepted | rejected; any
 * second answer is 409 action_not_allowed_on_state), is written to the document's history,
 * resolves the message, and reaches the author as a message of their own with an SMS / e-mail
 * alert, in one transaction.
 */
export async function answerAddressedDocument(
  services: { notifier: Notifier; config: AlertCapConfig & Pick<Config, 'publicUrl'> },
  db: Kysely<DB>,
  input: {
    ownerId: string;
    ownerAfm: string | null;
    messageId: string;
    action: 'accept' | 'reject';
    reason?: string | undefined;
  },
): Promise<CitizenMessage> {
  const reason = input.reason?.trim() ?? '';
  if (input.action === 'reject' && reason === '') {
    throw new AppError(400, 'invalid_request', {
      invalid_fields: [{ invalid_field: 'reason', error_info: { code: 'reason_required' } }],
    });
  }
  return db.transaction().execute(async (trx) => {
    const message = await findOwnMessage(trx, input.ownerId, input.messageId, { forUpdate: true });
    if (message.type !== 'user-document' || !message.document_id) {
      throw new AppError(409, 'action_not_allowed_on_state');
    }
    const document = await trx
      .selectFrom('documents')
      .select([
        'id',
        'owner_id',
        'state',
        'step',
        'addressee_afm',
        'answer_state',
        'reference_code',
      ])
      .where('id', '=', message.document_id)
      .forUpdate()
      .executeTakeFirst();
    if (!document) throw new AppError(404, 'document_not_found');
    if (document.addressee_afm === null || document.addressee_afm !== input.ownerAfm) {
      throw new AppError(403, 'not_addressee');
    }
    // A revoked document no longer stands: nothing to answer.
    if (document.state !== 'issued' || document.answer_state === null) {
      throw new AppError(409, 'action_not_allowed_on_state');
    }
    const answered = transition(recipientAnswerMachine, document.answer_state, input.action);
    if (!answered.ok || answered.state === null) {
      throw new AppError(409, 'action_not_allowed_on_state');
    }
    const at = now();
    const outcome = answered.state === 'accepted' ? 'accepted' : 'rejected';
    await trx
      .updateTable('documents')
      .set({
        answer_state: answered.state,
        answer_reason: outcome === 'rejected' ? reason : null,
        answered_at: at,
      })
      .where('id', '=', document.id)
      .execute();
    await trx
      .insertInto('document_events')
      .values({
        document_id: document.id,
        action: outcome,
        from_state: document.state,
        to_state: document.state,
        step: document.step,
        user_id: input.ownerId,
        at,
      })
      .execute();
    const stateData = {
      ...message.state_data,
      resolution: outcome,
      resolution_timestamp: at.toISOString(),
      ...(outcome === 'rejected' ? { reason } : {}),
    };
    const { to: messageStatus } = await changeState(trx, citizenMessageStatus, {
      // Locked first, before its document.
      lock: async () => message,
      event: 'resolve',
      onRefused: 'stay',
      at,
      columns: () => ({
        state_data: JSON.stringify(stateData),
        first_retrieved_at: message.first_retrieved_at ?? at,
      }),
    });
    const person = message.state_data.recipient_display_name;
    await deliverCitizenMessage(trx, {
      ownerId: document.owner_id,
      type: 'message',
      stateData: {
        title: OUTCOME_TITLES[outcome],
        sender_display_name: person ?? null,
        summary: outcome === 'rejected' ? reason : '',
        resolution: outcome,
        reference_code: document.reference_code,
      },
      documentId: document.id,
      at,
    });
    const author = await trx
      .selectFrom('users')
      .select(['id', 'mobile', 'mobile_certified', 'email'])
      .where('id', '=', document.owner_id)
      .executeTakeFirstOrThrow();
    await alertCitizen(services, trx, author, {
      sms: outcome === 'accepted' ? 'document_accepted_sms' : 'document_rejected_sms',
      email: outcome === 'accepted' ? 'document_accepted_email' : 'document_rejected_email',
      params: {
        person: typeof person === 'string' ? person : '',
        reference_code: document.reference_code ?? '',
        url: `${services.config.publicUrl}/my/messages`,
      },
    });
    return toCitizenMessage({
      ...message,
      status: messageStatus,
      state_data: stateData,
      first_retrieved_at: message.first_retrieved_at ?? at,
      answer_state: answered.state,
      answer_reason: outcome === 'rejected' ? reason : null,
    });
  });
}
