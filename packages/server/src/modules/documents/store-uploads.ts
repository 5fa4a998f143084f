import crypto from 'node:crypto';
import { now } from '../../clock';
import type { Queryable } from './document-queries';
import type { UploadedFile } from '../../lib/uploads/read-multipart-body';

/** Stores checked uploads of a document (bytes and their SHA-256), in the caller's transaction. */
export async function storeUploads(
  db: Queryable,
  documentId: string,
  uploads: readonly UploadedFile[],
): Promise<void> {
  if (uploads.length === 0) return;
  await db
    .insertInto('document_files')
    .values(
      uploads.map((upload) => ({
        document_id: documentId,
        field_key: upload.fieldKey,
        attachment_index: upload.index,
        filename: upload.filename,
        content_type: 'application/pdf',
        size: upload.bytes.length,
        sha256: crypto.createHash('sha256').update(upload.bytes).digest('hex'),
        bytes: upload.bytes,
        created_at: now(),
      })),
    )
    .execute();
}
