import { z } from 'zod';
import { localizedTextSchema } from '../templates/template-schema';
import { documentPreviewSchema } from '../documents/api-document';
import { defineMachine } from '../state-machines/state-machine';

/**
 * In-person confirmation at a citizens' service centre, a KEP (issue #37; docs/api.md
 * "In-person confirmation"): an anonymous template may be confirmed by an officer of a KEP
 * instead of a captcha. The person gets a short code; a clerk of an entity marked as a KEP looks
 * it up, checks an identity document and confirms (the document is issued) or refuses.
 */

/** Codes read aloud and typed by an officer: no 0/O, 1/I/L. */
export const KEP_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const KEP_CODE_LENGTH = 8;
export const KEP_CODE_VALID_DAYS = 7;

/** The code as typed (any case, spaces or dashes between groups) in its stored form. */
export function normalizeKepCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '');
}

/** The code as shown: two groups of four (ABCD-EFGH). */
export function formatKepCode(code: string): string {
  return code.length === KEP_CODE_LENGTH ? `${code.slice(0, 4)}-${code.slice(4)}` : code;
}

/** The code drawn from random bytes (one byte per character; the bias is negligible here). */
export function kepCodeFromRandomBytes(bytes: Uint8Array): string {
  if (bytes.length < KEP_CODE_LENGTH) throw new Error('not enough random bytes');
  let code = '';
  for (let i = 0; i < KEP_CODE_LENGTH; i += 1) {
    code += KEP_CODE_ALPHABET[(bytes[i] ?? 0) % KEP_CODE_ALPHABET.length];
  }
  return code;
}

/** An in-person confirmation: pending until an officer confirms or refuses it. */
export const KEP_CONFIRMATION_STATES = ['pending', 'confirmed', 'refused'] as const;
export type KepConfirmationState = (typeof KEP_CONFIRMATION_STATES)[number];

export const kepConfirmationMachine = defineMachine({
  name: 'kep-confirmation',
  states: KEP_CONFIRMATION_STATES,
  initial: 'pending',
  events: {
    confirm: { pending: 'confirmed' },
    refuse: { pending: 'refused' },
  },
});
export type KepConfirmationEvent = keyof typeof kepConfirmationMachine.events;

/** The identity documents an officer may check. */
export const KEP_ID_DOCUMENT_TYPES = ['id_card', 'passport', 'residence_permit'] as const;
export type KepIdDocumentType = (typeof KEP_ID_DOCUMENT_TYPES)[number];
export const KEP_ID_NUMBER_MAX = 32;
export const KEP_REFUSAL_MAX = 500;

/** POST/GET /api/my-declarations/{id}/in-person: the person's code. */
export const inPersonCodeSchema = z.object({
  data: z.object({
    code: z.string(),
    expires_at: z.string(),
    state: z.enum(KEP_CONFIRMATION_STATES),
    /** Why the officer refused (state `refused`); null otherwise. */
    refusal_reason: z.string().nullable(),
  }),
});
export type InPersonCode = z.infer<typeof inPersonCodeSchema>['data'];

/** GET /api/my-declarations/{id}/in-person: her last code, or null when none was asked yet. */
export const lastInPersonCodeSchema = z.object({ data: inPersonCodeSchema.shape.data.nullable() });

/** GET /api/entity/{e}/kep/{code}: what the officer sees before confirming. */
export const kepLookupSchema = z.object({
  data: z.object({
    code: z.string(),
    expires_at: z.string(),
    created_at: z.string(),
    template_title: localizedTextSchema,
    preview: documentPreviewSchema,
  }),
});
export type KepLookup = z.infer<typeof kepLookupSchema>['data'];

export const kepConfirmBodySchema = z.object({
  id_type: z.enum(KEP_ID_DOCUMENT_TYPES),
  id_number: z.string().trim().min(1).max(KEP_ID_NUMBER_MAX),
});
export type KepConfirmBody = z.infer<typeof kepConfirmBodySchema>;

export const kepRefuseBodySchema = z.object({
  reason: z.string().trim().min(1).max(KEP_REFUSAL_MAX),
});
export type KepRefuseBody = z.infer<typeof kepRefuseBodySchema>;

/** The officer's answer: confirmed (the reference code of the issued document) or refused. */
export const kepDecisionSchema = z.object({
  data: z.object({
    state: z.enum(KEP_CONFIRMATION_STATES),
    reference_code: z.string().nullable(),
  }),
});
export type KepDecision = z.infer<typeof kepDecisionSchema>['data'];
