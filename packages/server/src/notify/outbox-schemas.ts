import { pageMetaSchema } from '@dilosi/domain';
import { z } from 'zod';
import { NOTIFICATION_CHANNELS } from './messages';

export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;

/** One message as the development outbox page shows it. */
export const outboxItemSchema = z.object({
  id: z.string(),
  channel: z.enum(NOTIFICATION_CHANNELS),
  recipient: z.string(),
  message_key: z.string(),
  locale: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  provider: z.string().nullable(),
  document_id: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxItem = z.infer<typeof outboxItemSchema>;

export const outboxPageSchema = z.object({
  data: z.array(outboxItemSchema),
  meta: pageMetaSchema,
});
export type OutboxPage = z.infer<typeof outboxPageSchema>;

export const listOutboxQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(30),
  offset: z.coerce.number().int().min(0).default(0),
  channel: z.enum(NOTIFICATION_CHANNELS).optional(),
});
export type ListOutboxQuery = z.input<typeof listOutboxQuerySchema>;
