import type { CaseMessage } from '@dilosi/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import type { AppEventService } from '../../lib/after-commit';
import { AppError } from '../../lib/app-error';
import { requestLocale } from '../../lib/i18n';
import type { PdfInspector } from '../../lib/pdf-inspection/pdf-inspector';
import type { CurrentUser } from '../auth';
import { acceptMultipartUploads, uploadsOf } from '../../lib/uploads/read-multipart-body';
import { sendCitizenMessage, type CitizenMessageTarget } from './send-citizen-message';

/**
 * The routes where a citizen writes into a case's thread take JSON (`{ message }`) or
 * multipart (a `json` part and at most one `file__attachment`); the file is read and checked
 * like every upload before the route runs (two files: the second is not read).
 */
export async function acceptCitizenMessageUploads(
  scope: Parameters<typeof acceptMultipartUploads>[0],
  services: { config: Pick<Config, 'FILE_MAX_SIZE'>; pdfInspector: PdfInspector },
): Promise<void> {
  await acceptMultipartUploads(scope, {
    maxFileSize: services.config.FILE_MAX_SIZE,
    pdfInspector: services.pdfInspector,
    files: 2,
  });
}

/** Runs sendCitizenMessage for a route; past her limits the answer says when to try again. */
export async function sendCitizenMessageOf(
  services: { config: Config; events: AppEventService },
  db: Kysely<DB>,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { user: CurrentUser; target: CitizenMessageTarget; message: string },
): Promise<CaseMessage> {
  return sendCitizenMessage(services, db, {
    ...input,
    uploads: uploadsOf(request),
    locale: requestLocale(request),
  }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'event_limit_reached') {
      void reply.header('Retry-After', String(error.data?.retry_after_seconds));
    }
    throw error;
  });
}
