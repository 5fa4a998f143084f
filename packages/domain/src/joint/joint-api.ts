import { z } from 'zod';
import { documentPreviewSchema } from '../documents/api-document';
import { CONSENT_STATES, SIGNATORY_STATES } from '../state-machines/joint-machines';
import { localizedTextSchema } from '../templates/template-schema';

/** One signatory as every signatory of the consent sees her (docs/api.md, "Joint declarations"). */
export const jointSignatorySchema = z.object({
  position: z.number().int(),
  is_author: z.boolean(),
  afm: z.string(),
  firstname: z.string(),
  surname: z.string(),
  role: localizedTextSchema,
  state: z.enum(SIGNATORY_STATES),
  signed_at: z.string().nullable(),
  dismissed_at: z.string().nullable(),
  dismissed_reason: z.string().nullable(),
});
export type JointSignatory = z.infer<typeof jointSignatorySchema>;

export const CONSENT_CLOSED_REASONS = ['author_canceled', 'signatory_declined', 'expired'] as const;

export const jointConsentSummarySchema = z.object({
  id: z.string(),
  document_id: z.string(),
  state: z.enum(CONSENT_STATES),
  title: localizedTextSchema,
  created_at: z.string(),
  expires_at: z.string(),
  reminded_at: z.string().nullable(),
  closed_reason: z.enum(CONSENT_CLOSED_REASONS).nullable(),
  /** The issued document's reference code once fully signed and issued. */
  reference_code: z.string().nullable(),
  signatories: z.array(jointSignatorySchema),
  /** The caller's own place among the signatories. */
  my_position: z.number().int(),
});
export type JointConsentSummary = z.infer<typeof jointConsentSummarySchema>;

/** A consent with the exact text its signatories sign and the digest that binds a signature. */
export const jointConsentSchema = jointConsentSummarySchema.extend({
  text_digest: z.string(),
  preview: documentPreviewSchema,
});
export type JointConsent = z.infer<typeof jointConsentSchema>;

export const signConsentBodySchema = z.object({
  otp_code: z.string().max(20),
  /** The digest of the text shown to her (`text_digest`): a changed text is refused. */
  text_digest: z.string().max(128),
});
export type SignConsentBody = z.infer<typeof signConsentBodySchema>;

export const declineConsentBodySchema = z.object({
  reason: z.string().trim().max(500).optional(),
});
export type DeclineConsentBody = z.infer<typeof declineConsentBodySchema>;

export const signatureCodeSchema = z.object({
  mobile: z.string(),
  expires_at: z.string(),
  sends: z.number().int(),
});
