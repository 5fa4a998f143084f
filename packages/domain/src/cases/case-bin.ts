import { z } from 'zod';
import { caseStatusSchema } from './dashboard-api';

/**
 * The entity's bin (issue #41; our extension, docs/api.md "The bin"): the closed cases taken off
 * the lists ("dismissed"), restorable for CASE_BIN_DAYS, then purged by the retention job.
 */
export const CASE_BIN_DAYS = 30;

/** When a case dismissed at `dismissedAt` is purged. */
export function binPurgeAt(dismissedAt: Date): Date {
  return new Date(dismissedAt.getTime() + CASE_BIN_DAYS * 86_400_000);
}

export const binQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});

export const binItemSchema = z.object({
  id: z.string(),
  case_id: z.string(),
  inbox_status: caseStatusSchema,
  citizen_name: z.string(),
  template_id: z.string(),
  subject: z.string(),
  /** ISO 8601. */
  received_at: z.string(),
  dismissed_at: z.string(),
  purge_at: z.string(),
});
export type BinItem = z.infer<typeof binItemSchema>;

export const binListSchema = z.object({
  data: z.array(binItemSchema),
  meta: z.object({ count: z.number().int(), limit: z.number().int(), offset: z.number().int() }),
});
export type BinList = z.infer<typeof binListSchema>;

/** PUT and DELETE …/inbox/{i}/follow (issue #41): whether the caller now follows the case. */
export const caseFollowSchema = z.object({ data: z.object({ followed: z.boolean() }) });
