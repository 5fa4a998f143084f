import crypto from 'node:crypto';
import {
  CASE_MESSAGE_ATTACHMENT_FIELD,
  COMMUNICATIONS_MESSAGE_MAX_SIZE,
  caseThreadRefusal,
  isUuid,
  type CaseMessage,
  type Locale,
} from '@dilosi/domain';
import type { Kysely } from 'kysely';
import { now } from '../../clock';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import type { AppEventService } from '../../lib/after-commit';
import { AppError } from '../../lib/app-error';
import type { CurrentUser } from '../auth';
import { checkFileUploads } from '../../lib/uploads/check-uploads';
import type { UploadedFile } from '../../lib/uploads/read-multipart-body';
import { userDisplayName } from '../staff';
import { countCitizenMessage, type CitizenMessageLimitConfig } from './case-message-limits';
import { findCitizenCase } from './find-citizen-case';
import { recordCaseEvent } from './record-case-event';

/** Where the citizen writes: into one of her cases, or in answer to a message about one. */
export type CitizenMessageTarget = { caseEntryId: string } | { messageId: string };

/** The message types about a case that she may answer (issue #33): any the entity sent her. */
const REPLIABLE_TYPES = new Set(['message', 'incoming-document']);

const invalidMessage = (code: string, extra = {}) =>
  new AppError(400, 'invalid_request', {
    invalid_fields: [{ invalid_field: 'message', error_info: { code, ...extra } }],
  });

/**
 * The citizen writes into the thread of one of her cases (issue #33), directly or answering a
 * message of the entity about it, with at most one PDF checked like every upload: the message
 * (direction citizen), its file, the history row (`send_message`, direction citizen) and the
 * `citizen_answered` event commit together; the event's handler alerts the entity and its staff
 * after the commit (app.ts, alertEntityStaff). Empty: 400 message_required; over
 * COMMUNICATIONS_MESSAGE_MAX_SIZE: 400
 * message_too_long; a part other than the attachment, or two files: 400 invalid_request; a bad
 * file: 400 file_too_large, file_type_invalid, pdf_…; not hers or unknown: 404 case_not_found or
 * citizen_message_not_found; a message about no case or of another type: 409
 * message_not_repliable; a disabled entity or a dismissed case: 409 entity_disabled or
 * case_dismissed; past her limits: 429 event_limit_reached.
 */
export async function sendCitizenMessage(
  services: {
    events: AppEventService;
    config: CitizenMessageLimitConfig & Pick<Config, 'FILE_MAX_SIZE'>;
  },
  db: Kysely<DB>,
  input: {
    user: CurrentUser;
    target: CitizenMessageTarget;
    message: string;
    uploads: readonly UploadedFile[];
    locale: Locale;
  },
): Promise<CaseMessage> {
  const message = input.message.trim();
  if (message === '') throw invalidMessage('message_required');
  if (message.length > COMMUNICATIONS_MESSAGE_MAX_SIZE) {
    throw invalidMessage('message_too_long', { max: COMMUNICATIONS_MESSAGE_MAX_SIZE });
  }
  if (
    input.uploads.length > 1 ||
    input.uploads.some((upload) => upload.fieldKey !== CASE_MESSAGE_ATTACHMENT_FIELD)
  ) {
    throw new AppError(400, 'invalid_request', {
      invalid_fields: [
        {
          invalid_field: CASE_MESSAGE_ATTACHMENT_FIELD,
          error_info: { code: 'one_attachment_only' },
        },
      ],
    });
  }
  const [file] = checkFileUploads(input.uploads, () => services.config.FILE_MAX_SIZE, {
    locale: input.locale,
  });
  const citizen = { id: input.user.id, afm: input.user.record.afm ?? null };

  return services.events.transaction(db, async (trx, raise) => {
    let entryId: string;
    let answered: string | undefined;
    if ('messageId' in input.target) {
      const { messageId } = input.target;
      if (!isUuid(messageId)) throw new AppError(404, 'citizen_message_not_found');
      const received = await trx
        .selectFrom('citizen_messages')
        .select(['id', 'type', 'inbox_entry_id'])
        .where('id', '=', messageId.toLowerCase())
        .where('owner_id', '=', citizen.id)
        .executeTakeFirst();
      if (!received) throw new AppError(404, 'citizen_message_not_found');
      if (!REPLIABLE_TYPES.has(received.type) || !received.inbox_entry_id) {
        throw new AppError(409, 'message_not_repliable');
      }
      entryId = received.inbox_entry_id;
      answered = received.id;
    } else {
      entryId = input.target.caseEntryId;
    }
    const entry = answered
      ? await lockCaseOfMessage(trx, entryId)
      : await findCitizenCase(trx, citizen, entryId, { forUpdate: true });
    const refusal = caseThreadRefusal({
      isEntityEnabled: entry.enabled,
      isDismissed: entry.dismissed_at !== null,
    });
    if (refusal) throw new AppError(409, refusal);
    await countCitizenMessage(trx, services.config, citizen.id);

    const at = now();
    const stored = await trx
      .insertInto('case_messages')
      .values({
        inbox_entry_id: entry.id,
        user_id: citizen.id,
        direction: 'citizen',
        message,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (file) {
      await trx
        .insertInto('case_message_files')
        .values({
          case_message_id: stored.id,
          filename: file.filename,
          content_type: 'application/pdf',
          size: file.bytes.length,
          sha256: crypto.createHash('sha256').update(file.bytes).digest('hex'),
          bytes: file.bytes,
          created_at: at,
        })
        .execute();
    }
    await recordCaseEvent(trx, {
      entryId: entry.id,
      action: 'send_message',
      userId: citizen.id,
      details: {
        direction: 'citizen',
        ...(answered ? { citizen_message_id: answered } : {}),
        ...(file ? { attachment: file.filename } : {}),
      },
      at,
    });
    // The entity and the staff who asked are told (issue #33: staff are told of answers).
    await raise('citizen_answered', { entryId: entry.id, citizenId: citizen.id });
    return {
      id: stored.id,
      message,
      direction: 'citizen' as const,
      user_display_name: userDisplayName(input.user.record),
      timestamp: at.toISOString(),
      attachment: file ? { filename: file.filename, size: file.bytes.length } : null,
    };
  });
}

/** The case a message of hers is about (the message proves it is hers), locked. */
async function lockCaseOfMessage(trx: Kysely<DB>, entryId: string) {
  return trx
    .selectFrom('inbox_entries')
    .innerJoin('entities', 'entities.id', 'inbox_entries.entity_id')
    .select(['inbox_entries.id', 'inbox_entries.dismissed_at', 'entities.enabled'])
    .where('inbox_entries.id', '=', entryId)
    .forUpdate('inbox_entries')
    .executeTakeFirstOrThrow();
}
