import { z } from 'zod';
import { JOINT_ERROR_CODES } from './joint/joint-error-codes';
import { SERVICE_ERROR_CODES } from './templates/service-error-codes';
import { REGISTRY_ERROR_CODES } from './registries/registry-errors';
import { OPINION_ERROR_CODES } from './opinions/opinion-error-codes';
import { KEP_ERROR_CODES } from './kep/kep-error-codes';

/**
 * Why a login did not complete (spec section 8, "Login"). The callback sends the browser to
 * `/login?error_code=<code>`; the page shows 'Υπάρχει κάποιο πρόβλημα' and the code's text.
 */
export const LOGIN_ERROR_CODES = [
  // The provider's name for the person does not match the registry's for that tax number.
  'vatin_no_match',
  // The tax number is not a valid Greek tax number.
  'vatin_invalid',
  'vatin_deactivated',
  // The registry knows the tax number, but not as a natural person.
  'vatin_not_a_person',
  'vatin_has_passed',
  'vatin_does_not_exist',
  // Generic: state unknown or expired, code exchange or ID token refused.
  'confirmation_error',
  // The provider did not send the tax number or the names.
  'required_profile_keys_missing',
  // The user cancelled at the provider.
  'access_denied',
  'user_not_admin',
  // The provider says the account is a legal entity's.
  'corporate_account_not_allowed',
  // Reserved: no login needs an invitation yet.
  'invitation_code_required',
  // The provider asked for is unknown or not enabled here, or the login was not this browser's.
  'forbidden_action',
  // The provider sent person data of the wrong shape.
  'invalid_person_data',
  // The provider could not be reached.
  'connection_error',
  // Too many failed logins from this client.
  'login_throttled',
] as const;
export type LoginErrorCode = (typeof LOGIN_ERROR_CODES)[number];

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
  ...LOGIN_ERROR_CODES,
  // The token exchange and the mobile consent.
  'login_failed',
  'no_code',
  'invalid_code_len',
  'invalid_code',
  'code_error',
  'code_js_error',
  'attribute_not_validated',
  // Templates and documents (issue #4).
  'template_not_found',
  'template_disabled',
  'template_not_accessible',
  'template_not_accessible_for_afm_ending',
  'not_civil_servant',
  'missing_required_claims',
  'captcha_required',
  'captcha_invalid',
  'captcha_expired',
  'captcha_already_used',
  'anonymous_scope',
  'document_api__declaration_not_found',
  'action_not_allowed_on_state',
  'document_modified',
  'invalid_fields',
  'query_too_short',
  'file_too_large',
  'file_type_invalid',
  'pdf_encrypted',
  'pdf_invalid',
  // Hardening (issue #10): uploads checked in a worker pool, text without control characters.
  'pdf_too_complex',
  'pdf_active_content',
  'text_invalid_characters',
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
  // The entities' dashboard (issue #12).
  'inbox_permission_denied',
  'case_not_found',
  'assignee_not_clerk',
  'reason_required',
  'comment_required',
  'message_required',
  'message_too_long',
  // Corrections asked of the citizen (issue #41).
  'correction_already_requested',
  'correction_not_found',
  // A clerk's saved views of the list (issue #41).
  'saved_view_exists',
  'saved_views_full',
  'saved_view_not_found',
  // Typed annotations of an entity's cases (issue #41).
  'annotation_field_not_found',
  'annotation_field_exists',
  'annotation_fields_full',
  'annotation_value_invalid',
  'choices_required',
  // Exports of an entity's cases (issue #41).
  'case_export_running',
  'case_export_not_found',
  'case_export_expired',
  // Hardening (issue #31): an entity's messages to citizens per minute or hour (spec section 8).
  'event_limit_reached',
  // The citizen's messages (issue #15).
  'citizen_message_not_found',
  // Forwarding a case and the addressee's answer (issues #13, #15).
  'no_dataset',
  'already_forwarded',
  'duplicate_targets',
  'forward_target_not_found',
  'forward_target_disabled',
  'forward_to_self',
  'not_addressee',
  // Staff, permission requests and entity settings (issue #14).
  'head_permission_denied',
  'already_enrolled',
  'not_valid_entity',
  'request_exists',
  'own_head_entry',
  // A head may remove or demote only heads who became head after her (docs/dashboard.md, issue #31).
  'senior_head',
  'entity_not_managed',
  'entity_disabled',
  // Vault export (issue #15): one export of a citizen is being made; its link has expired.
  'vault_export_running',
  'vault_export_expired',
  // Replies and documents issued by an entity (issue #13).
  'template_not_for_entity',
  'message_not_repliable',
  // The two-way thread of a case (issue #33): a dismissed case takes no message from its citizen.
  'case_dismissed',
  // Contact details (issue #38; spec section 8, e-mail errors: none set, invalid, in use).
  'email_none',
  'email_invalid',
  'email_in_use',
  'mobile_none',
  'mobile_invalid',
  'mobile_in_use',
  'contact_code_already_sent',
  'no_pending_change',
  // Actions on every scope (issue #34): an old action name, and no e-mail to send a code to.
  'action_renamed',
  'email_not_set',
  // Joint declarations (issue #35).
  ...JOINT_ERROR_CODES,
  // Service-specific codes of spec section 8 (issue #40).
  ...SERVICE_ERROR_CODES,
  // Registries and long-running steps (issue #36).
  ...REGISTRY_ERROR_CODES,
  // An entity's resources (issue #39; spec section 8, notifications).
  'resource_not_found',
  'resource_action_not_found',
  'notification_inactive_delete',
  'notification_entity_must_exist',
  'template_not_grantable',
  'template_permission_exists',
  'dataset_exists',
  'dataset_member_not_found',
  'role_permission_denied',
  // Hierarchical select datasets (issue #36; spec section 7).
  'hierarchy_dataset_not_found',
  'hierarchy_path_invalid',
  // Opinions asked on a case (issue #41).
  ...OPINION_ERROR_CODES,
  ...KEP_ERROR_CODES,
  // Who may use a template and how she proves it (issue #37): a step waiting for a login, the
  // mobile consent or a fresh SMS code (data.action), and the registry-kept restrictions.
  'action_required',
  'not_certified_translator',
  'not_named_operator',
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

/** One entry of the spec's list form of an error: an invalid field (`meta.field`) or the whole. */
export const apiErrorEntrySchema = z.object({
  message: z.string(),
  code: z.string(),
  meta: z.record(z.string(), z.unknown()),
});
export type ApiErrorEntry = z.infer<typeof apiErrorEntrySchema>;

/** A message meant for the person, in Greek and English whatever the request's language. */
export const userMessageSchema = z.object({ el: z.string(), en: z.string() });
export type UserMessage = z.infer<typeof userMessageSchema>;

/**
 * The one error shape of the API (spec section 3, "API error"): `error` with code, message and
 * data; the list form `errors`; `user-message` for a code meant for the person. The server always
 * sends `errors` (and `user-message` for every code of the errors catalogue); optional here so a
 * client reads an older answer too.
 */
export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      data: z
        .object({ invalid_fields: z.array(invalidFieldSchema).optional() })
        .catchall(z.unknown())
        .optional(),
    }),
    errors: z.array(apiErrorEntrySchema).optional(),
    'user-message': userMessageSchema.optional(),
  })
  .meta({
    // An example for the OpenAPI document: both forms of spec section 3's API error.
    examples: [
      {
        error: {
          code: 'invalid_request',
          message: 'Το αίτημα περιέχει μη έγκυρα στοιχεία.',
          data: { invalid_fields: [{ invalid_field: 'afm', error_info: { code: 'afm_invalid' } }] },
        },
        errors: [
          { message: 'Ο ΑΦΜ δεν είναι έγκυρος', code: 'afm_invalid', meta: { field: 'afm' } },
        ],
        'user-message': {
          el: 'Το αίτημα περιέχει μη έγκυρα στοιχεία.',
          en: 'The request contains invalid data.',
        },
      },
    ],
  });
export type ApiError = z.infer<typeof apiErrorSchema>;
