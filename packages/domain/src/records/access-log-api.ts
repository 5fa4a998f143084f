import { z } from 'zod';
import { pageMetaSchema } from '../documents/api-document';

/**
 * Who looked at a citizen's document (issue #15; DESIGN section 8), as recorded: a validation
 * look-up, staff opening the case, staff taking the case's PDF.
 */
export const ACCESS_LOG_KINDS = ['validation', 'case_view', 'pdf_download'] as const;
export type AccessLogKind = (typeof ACCESS_LOG_KINDS)[number];

/**
 * An entry as the owner reads it (issue #33): one sitting of look-ups through one validation
 * context, one sitting of one entity's staff (views and PDF downloads), or a forward.
 */
export const ACCESS_LOG_ENTRY_KINDS = ['validation', 'case_view', 'forward'] as const;
export type AccessLogEntryKind = (typeof ACCESS_LOG_ENTRY_KINDS)[number];

/** Accesses of one kind by the same party, less than this apart, are one sitting. */
export const ACCESS_LOG_SITTING_GAP_MINUTES = 30;

/** The staff role recorded with a case view (a head is also a clerk; the higher one is kept). */
export const ACCESS_LOG_STAFF_ROLES = ['clerk', 'head'] as const;
export type AccessLogStaffRole = (typeof ACCESS_LOG_STAFF_ROLES)[number];

/** One entry of GET /api/citizen-declarations/{ref}/access-log; never an address or agent. */
export const accessLogEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(ACCESS_LOG_ENTRY_KINDS),
  /** ISO 8601: the sitting's last access. */
  timestamp: z.string(),
  /** ISO 8601: the sitting's first access (the same as timestamp for a single one). */
  first_timestamp: z.string(),
  /** Accesses in the sitting (validation look-ups, or staff views and downloads). */
  count: z.number().int().positive(),
  /** The validation context the look-up came through (validation only). */
  validation_context: z.string().nullable(),
  /**
   * In the request's language: the entity whose staff opened the case (case views), or the one
   * that forwarded it (forwards).
   */
  entity_name: z.string().nullable(),
  staff_role: z.enum(ACCESS_LOG_STAFF_ROLES).nullable(),
  /** Staff took the case's PDF during the sitting (case views only). */
  pdf_downloaded: z.boolean(),
  /** The entity the case was forwarded to (forwards only). */
  target_entity_name: z.string().nullable(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

export const accessLogResponseSchema = z.object({
  data: z.array(accessLogEntrySchema),
  meta: pageMetaSchema,
});
export type AccessLogResponse = z.infer<typeof accessLogResponseSchema>;
