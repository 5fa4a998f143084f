import { AppError } from '../../lib/app-error';
import { attachmentDownloadUrl } from '../../lib/attachment-download';
import { ArgumentErrors } from './action-arguments';
import { actionMessage } from './action-messages';
import { declarationNotFound } from './document-errors';
import { listDocumentFiles, type DocumentFileInfo } from './document-queries';
import type { ScopeActionInput, ScopeActionServices } from './scope-actions/scope-action';

/** The attachment `arguments` name: `file_id`, or the field's `key` and its `attachment-index`. */
export function pickAttachment(
  files: readonly DocumentFileInfo[],
  args: Record<string, unknown>,
  errors: ArgumentErrors,
): DocumentFileInfo | undefined {
  const fileId = args.file_id;
  if (typeof fileId === 'string' && fileId !== '') {
    return files.find((file) => file.id === fileId.toLowerCase());
  }
  const key = errors.text(args, 'key', 200);
  const rawIndex = args['attachment-index'] ?? 0;
  const index = typeof rawIndex === 'string' ? Number(rawIndex) : rawIndex;
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0) {
    errors.add('attachment-index', 'choice_invalid');
  }
  errors.throwIfAny();
  return files.find((file) => file.field_key === key && file.attachment_index === index);
}

/**
 * `download-attachment`: a short-lived address of one of the document's files in
 * `meta.download_url`. An attachment the document does not have: 404 not_found.
 */
export async function downloadAttachment(services: ScopeActionServices, input: ScopeActionInput) {
  const { stored, args, locale } = input;
  if (!stored) throw declarationNotFound();
  const files = await listDocumentFiles(services.database.db, stored.id);
  const file = pickAttachment(files, args, new ArgumentErrors(locale));
  if (!file) throw new AppError(404, 'not_found');
  return {
    downloadUrl: attachmentDownloadUrl(services, file.id).url,
    message: actionMessage(locale, 'attachment_ready'),
  };
}
