import { COMMUNICATIONS_MESSAGE_MAX_SIZE, type CaseMessage } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import { now } from '../../clock';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { userDisplayName } from '../staff';
import { countEntityMessage } from './case-message-limits';
import { findCase } from './case-queries';
import { messageCaseCitizen } from './message-case-citizen';
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
    const author = await trx
      .selectFrom('users')
      .select(['id', 'firstname', 'surname', 'email', 'username'])
      .where('id', '=', input.userId)
      .executeTakeFirstOrThrow();
    await messageCaseCitizen(services, trx, entry, { summary: message, at });
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
