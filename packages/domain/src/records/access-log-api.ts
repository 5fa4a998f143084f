import { z } from 'zod';
import { pageMetaSchema } from '../documents/api-document';

/** Who looked at a citizen's document (issue #15; DESIGN section 8): a validation or a case view. */
export const ACCESS_LOG_KINDS = ['validation', 'case_view'] as const;
export type AccessLogKind = (typeof ACCESS_LOG_KINDS)[number];

/** The staff role recorded with a case view (a head is also a clerk; the higher one is kept). */
export const ACCESS_LOG_STAFF_ROLES = ['clerk', 'head'] as const;
export type AccessLogStaffRole = (typeof ACCESS_LOG_STAFF_ROLES)[number];

/** One entry of GET /api/citizen-declarations/{ref}/access-log; never an address or agent. */
export const accessLogEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(ACCESS_LOG_KINDS),
  /** ISO 8601. */
  timestamp: z.string(),
  /** The validation context the look-up came through (validation only). */
  validation_context: z.string().nullable(),
  /** The entity whose staff opened the case, in the request's language (case views only). */
  entity_name: z.string().nullable(),
  staff_role: z.enum(ACCESS_LOG_STAFF_ROLES).nullable(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

export const accessLogResponseSchema = z.object({
  data: z.array(accessLogEntrySchema),
  meta: pageMetaSchema,
});
export type AccessLogResponse = z.infer<typeof accessLogResponseSchema>;
