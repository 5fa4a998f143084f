import { COMMUNICATIONS_MESSAGE_MAX_SIZE, isUuid, type CaseMessage } from '@dilosi/domain';
import { now } from '../../clock';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { CurrentUser } from '../auth';
import { alertEntityStaff, recordCaseEvent, type EntityAlertServices } from '../cases';
import { userDisplayName } from '../staff';

/**
 * The citizen answers a document an entity sent her (an `incoming-document` about a case): the
 * text lands in the case's messages (direction citizen) with a history row, and the entity and
 * its staff are alerted (alertEntityStaff), in one transaction.
 * Empty: 400 message_required; over COMMUNICATIONS_MESSAGE_MAX_SIZE: 400 message_too_long;
 * not hers or unknown: 404 citizen_message_not_found; another type of message, or a document
 * that answers no case: 409 message_not_repliable.
 */
export async function answerReceivedDocument(
  database: Database,
  services: EntityAlertServices,
  input: { user: CurrentUser; messageId: string; message: string },
): Promise<CaseMessage> {
  const message = input.message.trim();
  const invalid = (code: string, extra = {}) =>
    new AppError(400, 'invalid_request', {
      invalid_fields: [{ invalid_field: 'message', error_info: { code, ...extra } }],
    });
  if (message === '') throw invalid('message_required');
  if (message.length > COMMUNICATIONS_MESSAGE_MAX_SIZE) {
    throw invalid('message_too_long', { max: COMMUNICATIONS_MESSAGE_MAX_SIZE });
  }
  if (!isUuid(input.messageId)) throw new AppError(404, 'citizen_message_not_found');
  return database.db.transaction().execute(async (trx) => {
    const received = await trx
      .selectFrom('citizen_messages')
      .select(['id', 'type', 'inbox_entry_id'])
      .where('id', '=', input.messageId.toLowerCase())
      .where('owner_id', '=', input.user.id)
      .executeTakeFirst();
    if (!received) throw new AppError(404, 'citizen_message_not_found');
    if (received.type !== 'incoming-document' || !received.inbox_entry_id) {
      throw new AppError(409, 'message_not_repliable');
    }
    const at = now();
    const stored = await trx
      .insertInto('case_messages')
      .values({
        inbox_entry_id: received.inbox_entry_id,
        user_id: input.user.id,
        direction: 'citizen',
        message,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordCaseEvent(trx, {
      entryId: received.inbox_entry_id,
      action: 'send_message',
      userId: input.user.id,
      details: { direction: 'citizen', citizen_message_id: received.id },
      at,
    });
    await alertEntityStaff(services, trx, {
      entryId: received.inbox_entry_id,
      kind: 'citizen_answer',
      actorId: input.user.id,
    });
    return {
      id: stored.id,
      message,
      direction: 'citizen' as const,
      user_display_name: userDisplayName(input.user.record),
      timestamp: at.toISOString(),
    };
  });
}
