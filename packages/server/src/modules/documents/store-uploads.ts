import crypto from 'node:crypto';
import { now } from '../../clock';
import type { Queryable } from './document-queries';
import { movePendingUploads } from '../../lib/uploads/pending-uploads';
import type { AttachmentPlan } from './plan-attachments';

/**
 * Stores a write's new files of a document, in the caller's transaction: checked uploads (bytes
 * and their SHA-256) and the pending uploads it takes (moved, not copied).
 */
export async function storeUploads(
  db: Queryable,
  documentId: string,
  plan: Pick<AttachmentPlan, 'add' | 'take'>,
): Promise<void> {
  const uploads = plan.add;
  if (uploads.length > 0) {
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
  await movePendingUploads(db, documentId, plan.take);
}

/** Whether a plan changes a document's files (then its answer lists them again). */
export const changesFiles = (plan: Pick<AttachmentPlan, 'add' | 'take' | 'removeIds'>) =>
  plan.add.length > 0 || plan.take.length > 0 || plan.removeIds.length > 0;
