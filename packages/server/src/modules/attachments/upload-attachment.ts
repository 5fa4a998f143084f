import crypto from 'node:crypto';
import { apiErrorSchema, type Locale, type Template, type TemplateField } from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { now } from '../../clock';
import { AppError } from '../../lib/app-error';
import { requestLocale } from '../../lib/i18n';
import { routeErrors } from '../../lib/route-schemas';
import { checkFileUploads, fileLimitOf } from '../../lib/uploads/check-uploads';
import { singleUploadOf } from '../../lib/uploads/read-single-upload';
import type { UploadedFile } from '../../lib/uploads/uploaded-file';
import { requireUser, type CurrentUser } from '../auth';
import { findUsableTemplate } from '../templates';
import type { AttachmentServices } from './attachment-services';
import {
  attachmentUploadBodySchema,
  attachmentUploadResponseSchema,
  type AttachmentUploadBody,
  type PendingUpload,
} from './schemas';
import { countUpload } from './upload-limits';

const MINUTE_MS = 60_000;

/** The attachment field `key` of a template (in a list's rows too), if it has one. */
function attachmentFieldOf(template: Template, key: string): TemplateField | undefined {
  const visit = (fields: readonly TemplateField[]): TemplateField | undefined => {
    for (const field of fields) {
      if (field.key === key && field.component === 'attachment') return field;
      const inner = field['list-of'] ? visit(field['list-of'].fields) : undefined;
      if (inner) return inner;
    }
    return undefined;
  };
  return visit(template.fields);
}

/**
 * The template field an upload is for, when the caller names one the catalogue has: its limits
 * apply. An anonymous session uploads only for an anonymous template it names (the only
 * documents it may write): otherwise 400 (none named) or 403 template_not_accessible.
 */
function fieldOfUpload(
  services: AttachmentServices,
  user: CurrentUser,
  body: AttachmentUploadBody,
): TemplateField | undefined {
  if (user.isAnonymous) {
    if (!body.template) {
      throw new AppError(400, 'invalid_request', {
        invalid_fields: [{ invalid_field: 'template', error_info: { code: 'required' } }],
      });
    }
    const template = findUsableTemplate(services.catalog, body.template);
    if (!template.anonymous) throw new AppError(403, 'template_not_accessible');
  }
  const template = body.template ? services.catalog.find(body.template) : undefined;
  return template && body.field ? attachmentFieldOf(template, body.field) : undefined;
}

export type UploadAttachmentInput = {
  user: CurrentUser;
  /** The file as read and checked as a PDF by acceptSingleUpload. */
  file: UploadedFile;
  body: AttachmentUploadBody;
  locale: Locale;
};

/**
 * A file kept for a later create or update: checked like every upload (its field's size limit,
 * else FILE_MAX_SIZE; PDF type and magic bytes, no password, readable, no active content), then
 * counted against UPLOADS_PER_HOUR and stored as the caller's pending upload until
 * UPLOAD_PENDING_TTL_MINUTES have passed.
 */
export async function uploadAttachment(
  services: AttachmentServices,
  input: UploadAttachmentInput,
): Promise<PendingUpload> {
  const { config, database } = services;
  const { user, file, body } = input;
  const field = fieldOfUpload(services, user, body);
  const limit = field ? fileLimitOf(field, config.FILE_MAX_SIZE) : config.FILE_MAX_SIZE;
  checkFileUploads([{ ...file, fieldKey: body.field ?? file.fieldKey }], () => limit, {
    locale: input.locale,
  });
  const at = now();
  const expiresAt = new Date(at.getTime() + config.UPLOAD_PENDING_TTL_MINUTES * MINUTE_MS);
  const row = await database.db.transaction().execute(async (trx) => {
    await countUpload(trx, config, user.id);
    return trx
      .insertInto('pending_uploads')
      .values({
        owner_id: user.id,
        filename: file.filename,
        content_type: 'application/pdf',
        size: file.bytes.length,
        sha256: crypto.createHash('sha256').update(file.bytes).digest('hex'),
        bytes: file.bytes,
        template_refname: field ? (body.template ?? null) : null,
        field_key: field ? (body.field ?? null) : null,
        created_at: at,
        expires_at: expiresAt,
      })
      .returning(['id', 'filename', 'size', 'content_type'])
      .executeTakeFirstOrThrow();
  });
  return {
    file_id: row.id,
    filename: row.filename,
    size: row.size,
    'content-type': row.content_type,
    expires_at: expiresAt.toISOString(),
  };
}

/**
 * POST /api/attachments — the spec's separate attachment upload call (section 7): multipart,
 * one file part `file` and an optional `json` part `{ template, field }`; answers the pending
 * upload's `file_id`, which a create or update then names in `document.attachments`. Any
 * logged-in person may upload (citizens, staff writing an entity's documents, an anonymous
 * session for an anonymous template); past UPLOADS_PER_HOUR: 429 with Retry-After.
 */
export async function uploadAttachmentRoute(app: FastifyInstance, services: AttachmentServices) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/attachments',
    {
      schema: {
        tags: ['documents'],
        summary: 'Upload one attachment for a later create or update (its file_id)',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        body: attachmentUploadBodySchema,
        response: {
          201: attachmentUploadResponseSchema,
          ...routeErrors,
          410: apiErrorSchema,
          413: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const upload = await uploadAttachment(services, {
        user,
        file: singleUploadOf(request),
        body: request.body,
        locale: requestLocale(request),
      }).catch((error: unknown) => {
        // Past the person's uploads per hour: say when one more may come.
        if (error instanceof AppError && error.code === 'event_limit_reached') {
          void reply.header('Retry-After', String(error.data?.retry_after_seconds));
        }
        throw error;
      });
      return reply.status(201).send({ data: upload });
    },
  );
}
