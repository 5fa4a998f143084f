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
