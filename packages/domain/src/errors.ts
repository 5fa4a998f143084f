import { z } from 'zod';

/**
 * Error codes the API answers with. The client maps each code to a translated message
 * (catalog key `errors.<code>`); the server never sends prose it expects the UI to show as-is.
 */
export const ERROR_CODES = [
  'not_found',
  'route_not_found',
  'invalid_json',
  'invalid_request',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal_error',
  'service_unavailable',
  'invalid_token',
  'no_authentication_token',
  'permission_denied',
  // Templates and documents (issue #4).
  'template_not_found',
  'template_disabled',
  'template_not_accessible',
  'template_not_accessible_for_afm_ending',
  'not_civil_servant',
  'missing_required_claims',
  'captcha_required',
  'captcha_invalid',
  'document_api__declaration_not_found',
  'action_not_allowed_on_state',
  'document_modified',
  'invalid_fields',
  'query_too_short',
  'file_too_large',
  'file_type_invalid',
  'pdf_encrypted',
  'pdf_invalid',
  // Issuance (issue #5).
  'no_mobile',
  'mobile_not_greek',
  'otp_invalid',
  'otp_expired',
  'otp_max_attempts',
  'otp_already_sent',
  'pdf_token_expired',
  // Public validation (issue #6).
  'empty_value',
  'document_not_found',
  'document_deleted',
  'validation_context_not_found',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const invalidFieldSchema = z.object({
  invalid_field: z.string(),
  error_info: z.object({
    code: z.string(),
    message: z.string().optional(),
    params: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type InvalidField = z.infer<typeof invalidFieldSchema>;

/** The one error shape of the API (spec section 3, "API error"). */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    data: z
      .object({ invalid_fields: z.array(invalidFieldSchema).optional() })
      .catchall(z.unknown())
      .optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
