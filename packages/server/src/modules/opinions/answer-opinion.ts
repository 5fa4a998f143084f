import crypto from 'node:crypto';
import { OPINION_ATTACHMENT_FIELD, type Locale } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import { now } from '../../clock';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { changeState, opinionState } from '../../lib/state-change';
import { checkFileUploads } from '../../lib/uploads/check-uploads';
import type { UploadedFile } from '../../lib/uploads/read-multipart-body';
import { alertEntityStaff, recordCaseEvent, type CaseServices } from '../cases';
import { findOpinion, type OpinionReader } from './opinion-queries';

/**
 * POST /api/entity/{e}/opinions/{id}/answer and /api/my-opinions/{id}/answer (issue #41): the
 * expert answers a requested opinion with text and at most one PDF, checked like every upload
 * (400 file_too_large, file_type_invalid, pdf_…); late answers are taken (the deadline is the
 * asker's wish, shown overdue until then). In one transaction: the opinion given, the case's
 * history row and the e-mail alert to the asking entity's address and staff.
 */
export async function answerOpinion(
  services: Pick<CaseServices, 'notifier'> & { config: Config },
  db: Kysely<DB>,
  input: {
    reader: Exclude<OpinionReader, { kind: 'asker' }>;
    opinionId: string;
    userId: string;
    answer: string;
    uploads: readonly UploadedFile[];
    locale: Locale;
  },
): Promise<void> {
  if (
    input.uploads.length > 1 ||
    input.uploads.some((upload) => upload.fieldKey !== OPINION_ATTACHMENT_FIELD)
  ) {
    throw new AppError(400, 'invalid_request', {
      invalid_fields: [
        {
          invalid_field: OPINION_ATTACHMENT_FIELD,
          error_info: { code: 'one_attachment_only' },
        },
      ],
    });
  }
  const [file] = checkFileUploads(input.uploads, () => services.config.FILE_MAX_SIZE, {
    locale: input.locale,
  });
  const opinion = await findOpinion(db, input.reader, input.opinionId);
  await db.transaction().execute(async (trx) => {
    const at = now();
    await changeState(trx, opinionState, {
      lock: async () =>
        trx
          .selectFrom('case_opinions')
          .select(['id', 'state'])
          .where('id', '=', opinion.id)
          .forUpdate()
          .executeTakeFirstOrThrow(),
      event: 'answer',
      at,
      columns: () => ({
        answer: input.answer,
        answered_by: input.userId,
        answered_at: at,
        ...(file
          ? {
              file_name: file.filename,
              file_content_type: 'application/pdf',
              file_size: file.bytes.length,
              file_sha256: crypto.createHash('sha256').update(file.bytes).digest('hex'),
              file_bytes: file.bytes,
            }
          : {}),
      }),
      record: () =>
        recordCaseEvent(trx, {
          entryId: opinion.inbox_entry_id,
          action: 'opinion_given',
          userId: input.userId,
          details: {
            opinion_id: opinion.id,
            ...(opinion.expert_codename
              ? { expert: opinion.expert_entity_name?.el }
              : { expert_afm: opinion.expert_afm }),
            ...(file ? { attachment: file.filename } : {}),
          },
          at,
        }),
    });
    await alertEntityStaff(services, trx, {
      entryId: opinion.inbox_entry_id,
      kind: 'opinion_given',
      actorId: input.userId,
    });
  });
}
