import { COMMUNICATIONS_MESSAGE_MAX_SIZE, messageMachine, type CaseMessage } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import { now } from '../../clock';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { alertCitizen, nextTsid } from '../messages';
import { userDisplayName } from '../staff';
import { countEntityMessage } from './case-message-limits';
import { findCase } from './case-queries';
import type { CaseServices } from './case-services';
import { recordCaseEvent } from './record-case-event';

/**
 * A clerk's message to the citizen of a case: kept on the case, delivered to the citizen's
 * mailbox as a `message` (DESIGN section 8) with an SMS and e-mail alert through the outbox,
 * all in one transaction. The entity's messages are rate limited (ENTITY_MESSAGES_PER_MINUTE,
 * ENTITY_MESSAGES_PER_HOUR: 429 event_limit_reached), the citizen's alerts capped (alertCitizen).
 */
export async function sendCaseMessage(
  services: Pick<CaseServices, 'notifier' | 'config'>,
  db: Kysely<DB>,
  input: { entityId: string; inboxId: string; userId: string; message: string },
): Promise<CaseMessage> {
  const message = input.message.trim();
  if (message === '') {
    throw new AppError(400, 'invalid_request', {
      invalid_fields: [{ invalid_field: 'message', error_info: { code: 'message_required' } }],
    });
  }
  if (message.length > COMMUNICATIONS_MESSAGE_MAX_SIZE) {
    throw new AppError(400, 'invalid_request', {
      invalid_fields: [
        {
          invalid_field: 'message',
          error_info: { code: 'message_too_long', max: COMMUNICATIONS_MESSAGE_MAX_SIZE },
        },
      ],
    });
  }
  return db.transaction().execute(async (trx) => {
    const entry = await findCase(trx, input.entityId, input.inboxId);
    await countEntityMessage(trx, services.config, input.entityId);
    const at = now();
    const stored = await trx
      .insertInto('case_messages')
      .values({
        inbox_entry_id: entry.id,
        user_id: input.userId,
        direction: 'staff',
        message,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordCaseEvent(trx, {
      entryId: entry.id,
      action: 'send_message',
      userId: input.userId,
      at,
    });
    const [author, entity, citizen] = await Promise.all([
      trx
        .selectFrom('users')
        .select(['id', 'firstname', 'surname', 'email', 'username'])
        .where('id', '=', input.userId)
        .executeTakeFirstOrThrow(),
      trx
        .selectFrom('entities')
        .select(['display_name'])
        .where('id', '=', entry.entity_id)
        .executeTakeFirstOrThrow(),
      findCaseCitizen(trx, entry.document_id, entry.citizen_afm),
    ]);
    if (citizen) {
      await trx
        .insertInto('citizen_messages')
        .values({
          owner_id: citizen.id,
          type: 'message',
          status: messageMachine.initial,
          tsid: await nextTsid(trx, at),
          state_data: JSON.stringify({
            title: entity.display_name,
            sender_display_name: entity.display_name,
            summary: message,
            case_id: entry.case_id,
            reference_code: entry.reference_code,
          }),
          document_id: entry.document_id,
          inbox_entry_id: entry.id,
          created_at: at,
        })
        .execute();
      await alertCitizen(services, trx, citizen, {
        sms: 'case_message_sms',
        email: 'case_message_email',
        params: {
          entity: entity.display_name,
          case_id: entry.case_id,
          url: `${services.config.publicUrl}/my/messages`,
        },
      });
    }
    return {
      id: stored.id,
      message,
      direction: 'staff' as const,
      user_display_name: userDisplayName(author),
      timestamp: at.toISOString(),
      attachment: null,
    };
  });
}

/** The citizen of a case: the document's owner, else the user with the case's AFM. */
export async function findCaseCitizen(
  trx: Kysely<DB>,
  documentId: string | null,
  afm: string | null,
) {
  const columns = ['users.id', 'users.mobile', 'users.mobile_certified', 'users.email'] as const;
  if (documentId) {
    const owner = await trx
      .selectFrom('documents')
      .innerJoin('users', 'users.id', 'documents.owner_id')
      .select(columns)
      .where('documents.id', '=', documentId)
      .executeTakeFirst();
    if (owner) return owner;
  }
  if (!afm) return undefined;
  return trx.selectFrom('users').select(columns).where('users.afm', '=', afm).executeTakeFirst();
}
