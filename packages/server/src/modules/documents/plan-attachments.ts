import type { DocumentFileInfo } from './document-queries';
import type { UploadedFile } from '../../lib/uploads/read-multipart-body';

export type AttachmentPlan = {
  /** What each field will hold, for validation (size is all validateValues reads). */
  byField: Record<string, { size: number }[]>;
  /** Stored files to delete (dropped by the citizen or replaced by an upload). */
  removeIds: string[];
  /** Uploads to store, one per field and position (a later part wins). */
  add: UploadedFile[];
};

/**
 * The files of the given attachment fields after a write: `keep` lists the stored files the
 * citizen keeps per field (a field not mentioned keeps all of them); an upload replaces the
 * file at its position. Fields outside `fieldKeys` are not touched.
 */
export function planAttachments(
  existing: readonly DocumentFileInfo[],
  keep: Record<string, { file_id: string }[]>,
  uploads: readonly UploadedFile[],
  fieldKeys: readonly string[],
): AttachmentPlan {
  const plan: AttachmentPlan = { byField: {}, removeIds: [], add: [] };
  for (const key of fieldKeys) {
    const stored = existing.filter((file) => file.field_key === key);
    const keptIds = keep[key] ? new Set(keep[key].map((entry) => entry.file_id)) : null;
    const added = new Map<number, UploadedFile>();
    for (const upload of uploads) if (upload.fieldKey === key) added.set(upload.index, upload);
    const kept = stored.filter(
      (file) => (keptIds === null || keptIds.has(file.id)) && !added.has(file.attachment_index),
    );
    plan.removeIds.push(...stored.filter((file) => !kept.includes(file)).map((file) => file.id));
    plan.add.push(...added.values());
    plan.byField[key] = [
      ...kept.map((file) => ({ size: file.size })),
      ...[...added.values()].map((upload) => ({ size: upload.bytes.length })),
    ];
  }
  return plan;
}
