import { z } from 'zod';
import { localizedTextSchema, TEMPLATE_TYPES } from '../templates/template-schema';
import { LOCALES } from '../locales';

/**
 * Public validation (spec sections 2 and 7, issue #6): what a visitor learns about a document
 * from its reference code, its QR code or its PDF file — the validation view and nothing more.
 */

/** POST /api/validation/document. */
export const validationRequestSchema = z.object({
  /** The reference code as typed: case, spaces and dashes do not matter. */
  'document-id': z.string().max(1000).optional(),
  /**
   * Asks for the PDF download address as `data['document-pdf']['content-uri']` as well: the
   * spec's `"content-uri"`, or the object form `{ "content-uri": … }` some clients send.
   */
  document_pdf_retrieval: z
    .union([z.literal('content-uri'), z.object({ 'content-uri': z.string().max(2000).optional() })])
    .optional(),
  /** The validation context the visitor came through (GET /api/validation/contexts/{id}). */
  context: z.string().max(64).optional(),
});
export type ValidationRequest = z.infer<typeof validationRequestSchema>;

export const VALIDATED_DOCUMENT_STATES = ['issued', 'revoked'] as const;
export type ValidatedDocumentState = (typeof VALIDATED_DOCUMENT_STATES)[number];

/**
 * The validation view of a document. A revoked document shows only its code and state: the
 * sidebar (template, issue date, PDF, QR) is hidden from validators.
 */
export const validatedDocumentSchema = z.object({
  /** Grouped for reading: `7KQ2-M9XD-H3RT-0B5C`. */
  reference_code: z.string(),
  state: z.enum(VALIDATED_DOCUMENT_STATES),
  is_official: z.boolean().optional(),
  /** false for a document issued through anonymous use: its issuer was not identified. */
  issuer_identified: z.boolean().optional(),
  /** ISO 8601; the page shows it DD/MM/YYYY HH:mm:ss in Athens time. */
  issued_at: z.string().nullable().optional(),
  type: z.enum(TEMPLATE_TYPES).optional(),
  template: z
    .object({ refname: z.string(), code: z.string(), shortname: localizedTextSchema })
    .optional(),
  /** Official documents: what the QR code holds (the public validation address). */
  qrcode: z.string().nullable().optional(),
  validation_url: z.string().nullable().optional(),
  /** Issued documents: a short-lived address of the sealed PDF. */
  pdf: z.object({ download_url: z.string(), expires_at: z.string() }).nullable().optional(),
  /**
   * A joint declaration (issue #35): every signatory, the author first, with the time of her
   * signature (ISO 8601). Names only: never a tax number.
   */
  signatories: z
    .array(z.object({ firstname: z.string(), surname: z.string(), signed_at: z.string() }))
    .optional(),
});
export type ValidatedDocument = z.infer<typeof validatedDocumentSchema>;

export const validationResponseSchema = z.object({
  data: z.object({
    document: validatedDocumentSchema,
    'document-pdf': z.object({ 'content-uri': z.string() }).optional(),
  }),
});
export type ValidationResponse = z.infer<typeof validationResponseSchema>;

/**
 * POST /api/validation/document/action (spec section 7, scope `validation/document`): anyone
 * may `retrieve` a document by its reference code (`object_id`, or `arguments['document-id']`)
 * or ask for its `pdf`. The document is the validation view, never the document's values.
 */
export const validationActionResponseSchema = z.object({
  data: z.object({
    document: validatedDocumentSchema.extend({
      scope: z.literal('validation/document'),
      /** The reference code, grouped (the spec's `document-id` of this scope). */
      'document-id': z.string(),
    }),
    'document-pdf': z.object({ 'content-uri': z.string() }).optional(),
  }),
  message: z.string().optional(),
  meta: z.object({ download_url: z.string().optional() }).optional(),
});
export type ValidationActionResponse = z.infer<typeof validationActionResponseSchema>;

/** GET /api/validation/contexts/{id}. */
export const validationContextSchema = z.object({
  id: z.string(),
  /** The languages the context's page offers; the default context is Greek only. */
  languages: z.array(z.enum(LOCALES)).min(1),
  /**
   * Our extension (docs/api.md): the context that serves readers of other languages, for a
   * context with fewer (the Greek-only default leads to the international one).
   */
  more_languages: z.string().optional(),
  title: localizedTextSchema,
  description: localizedTextSchema,
});
export type ValidationContext = z.infer<typeof validationContextSchema>;
export const validationContextResponseSchema = z.object({
  data: z.object({ info: validationContextSchema }),
});
export type ValidationContextResponse = z.infer<typeof validationContextResponseSchema>;

export const FILE_CHECK_RESULTS = ['authentic', 'altered', 'unknown'] as const;
export type FileCheckResult = (typeof FILE_CHECK_RESULTS)[number];

/** POST /api/validation/file (multipart, one PDF). */
export const fileCheckResponseSchema = z.object({
  data: z.object({
    /**
     * authentic: the exact bytes the service issued; altered: carries the service's seal but is
     * not byte for byte an issued PDF (or the seal does not verify); unknown: no seal of ours.
     */
    result: z.enum(FILE_CHECK_RESULTS),
    document: validatedDocumentSchema.optional(),
  }),
});
export type FileCheckResponse = z.infer<typeof fileCheckResponseSchema>;
