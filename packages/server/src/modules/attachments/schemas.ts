import { z } from 'zod';

/** The `json` part of POST /api/attachments: the template field the file is for, if known. */
export const attachmentUploadBodySchema = z.object({
  /** A template's refname: its field's limits apply; an anonymous session must name one. */
  template: z.string().max(100).optional(),
  /** The attachment field of that template the file is for. */
  field: z.string().max(100).optional(),
});
export type AttachmentUploadBody = z.infer<typeof attachmentUploadBodySchema>;

/** A pending upload: what a create or update references as `{ file_id }` until expires_at. */
export const pendingUploadSchema = z.object({
  file_id: z.string(),
  filename: z.string(),
  size: z.number().int().nonnegative(),
  'content-type': z.string(),
  /** ISO 8601: unreferenced by then, the file is gone. */
  expires_at: z.string(),
});
export type PendingUpload = z.infer<typeof pendingUploadSchema>;

export const attachmentUploadResponseSchema = z.object({ data: pendingUploadSchema });
