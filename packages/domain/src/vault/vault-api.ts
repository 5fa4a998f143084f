import { z } from 'zod';
import { pageMetaSchema } from '../documents/api-document';
import { CITIZEN_MESSAGE_TYPES } from '../messages/citizen-messages-api';
import { CASE_STATUSES, MESSAGE_STATUSES } from '../state-machines/machines';
import { localizedTextSchema } from '../templates/template-schema';

/** What the citizen received about one case (a message, a reply, a shared document). */
export const vaultCaseReceivedSchema = z.object({
  id: z.string(),
  type: z.enum(CITIZEN_MESSAGE_TYPES),
  status: z.enum(MESSAGE_STATUSES),
  create_timestamp: z.string(),
  summary: z.string().nullable(),
});
export type VaultCaseReceived = z.infer<typeof vaultCaseReceivedSchema>;

/** A row of GET /api/vault/cases: a document the citizen sent to an entity, as a case. */
export const vaultCaseSchema = z.object({
  id: z.string(),
  case_id: z.string(),
  /** The status the entity set (spec section 4, case statuses). */
  status: z.enum(CASE_STATUSES),
  entity: z.object({ codename: z.string(), display_name: localizedTextSchema }),
  /** A copy another entity forwarded here (not sent by the citizen): that entity. */
  forwarded_from: z.object({ codename: z.string(), display_name: localizedTextSchema }).nullable(),
  reference_code: z.string(),
  template: z.object({ refname: z.string(), shortname: localizedTextSchema }),
  received_at: z.string(),
  updated_at: z.string(),
  /** Newest first, at most VAULT_CASE_RECEIVED_LIMIT; the rest are in the inbox. */
  received: z.array(vaultCaseReceivedSchema),
});
export type VaultCase = z.infer<typeof vaultCaseSchema>;

export const VAULT_CASE_RECEIVED_LIMIT = 10;

export const vaultCasePageSchema = z.object({
  data: z.array(vaultCaseSchema),
  meta: pageMetaSchema,
});
export type VaultCasePage = z.infer<typeof vaultCasePageSchema>;

/** Page sizes of the vault's lists (spec section 9: "options 5, 10, 15 in one list"). */
export const VAULT_PAGE_SIZES = [5, 10, 15] as const;

/**
 * Why a case takes no message from its citizen now: its entity is disabled (its cases are
 * read-only) or the entity dismissed the closed case from its lists. The server answers 409
 * with this code; the vault page shows it instead of the form.
 */
export const CASE_THREAD_REFUSALS = ['entity_disabled', 'case_dismissed'] as const;
export type CaseThreadRefusal = (typeof CASE_THREAD_REFUSALS)[number];

export function caseThreadRefusal(entry: {
  isEntityEnabled: boolean;
  isDismissed: boolean;
}): CaseThreadRefusal | null {
  if (!entry.isEntityEnabled) return 'entity_disabled';
  if (entry.isDismissed) return 'case_dismissed';
  return null;
}

/** One message of a case's thread as its citizen reads it (a clerk's name is not shown). */
export const vaultThreadMessageSchema = z.object({
  id: z.string(),
  message: z.string(),
  direction: z.enum(['staff', 'citizen']),
  timestamp: z.string(),
  attachment: z.object({ filename: z.string(), size: z.number().int() }).nullable(),
});
export type VaultThreadMessage = z.infer<typeof vaultThreadMessageSchema>;

/** GET /api/vault/cases/{id}/messages: the case, its two-way thread (oldest first), and whether she may write. */
export const vaultCaseThreadSchema = z.object({
  data: z.object({
    case: vaultCaseSchema.omit({ received: true, forwarded_from: true }),
    messages: z.array(vaultThreadMessageSchema),
    refusal: z.enum(CASE_THREAD_REFUSALS).nullable(),
  }),
});
export type VaultCaseThread = z.infer<typeof vaultCaseThreadSchema>['data'];
