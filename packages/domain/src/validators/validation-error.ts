/** Every code a validator in this folder, validateValues or a template rule can return; each has a message in i18n/{el,en,fr}/validation.json. */
export const VALIDATION_CODES = [
  'required',
  'text_too_long',
  'afm_invalid',
  'amka_invalid',
  'iban_invalid',
  'iban_country',
  'mobile_invalid',
  'mobile_not_greek',
  'mobile_country_not_allowed',
  'landline_invalid',
  'landline_not_greek',
  'landline_country_not_allowed',
  'postal_code_invalid',
  'email_invalid',
  'date_invalid',
  'date_earlier',
  'date_later',
  'datetime_invalid',
  'integer_invalid',
  'rate_invalid',
  'rate_sum',
  'choice_invalid',
  'choices_too_few',
  'choices_too_many',
  'list_too_few',
  'list_too_many',
  'list_duplicate',
  'recipient_required',
  'recipient_invalid',
  'value_invalid',
  'files_too_many',
  'field_invalid',
  'file_too_large',
  'pdf_encrypted',
  'pdf_invalid',
  'pdf_too_complex',
  'pdf_active_content',
  'file_type_invalid',
  // Attachment values of a write (docs/api.md, "Attachments"): an unknown or expired file_id,
  // inline content that is not base64.
  'attachment_not_found',
  'attachment_content_invalid',
  // Template-specific rules (templates/rules).
  'date_future',
  'date_too_old',
  'date_span_order',
  'date_span_max_months',
  'date_span_max_days',
  'loss_period_order',
  'loss_period_from_required',
  'fine_series_invalid',
  'fine_number_invalid',
  'plate_required',
  'bank_required',
  'bank_iban_required',
  'iban_bank_mismatch',
  'list_value_is_self',
  'amount_invalid',
  'amount_too_low',
  'age_too_low',
  'explanation_required',
  'child_name_spaces',
  'child_name_capital',
  'child_name_accent',
  'child_name_script',
  'child_name_third_without_second',
  'second_parent_incomplete',
  'second_parent_afm_own',
  'foreign_town_not_allowed',
  'foreign_town_required',
  'name_prefix_invalid',
  'one_category_only',
  'certificate_or_code_required',
  'passport_loss_authority_required',
  'passport_loss_details_required',
  'reply_window_closed',
  'weather_period_from_required',
  'insurance_policy_required',
  'school_not_in_eligible_list',
  'no_work_orgs',
  'no_allowed_work_orgs',
  // Text that reaches SMS and e-mail (text/plain-text.ts): one line, no web address.
  'text_one_line',
  'text_web_address',
  // A joint declaration's co-signatory whose surname the registry does not know for her tax
  // number (server only: modules/documents/check-co-signatories.ts, issue #35).
  'co_signatory_name_mismatch',
  // The apostille service's checks of the document named (server only:
  // modules/template-services/apostille.ts, issue #40).
  'apostille_document_not_found',
  'apostille_template_not_allowed',
  'apostille_no_access',
  'apostille_not_issued',
  'apostille_issued_before_cutoff',
  // The second parent's tax number against the registry (server only, issue #40).
  'second_parent_name_mismatch',
  // Student numbers only for students (spec section 5), and against the student registry
  // (server only: documents/registry-checks.ts).
  'student_number_only_for_students',
  'student_number_mismatch',
  // The year and month of birth, and against the tax registry (server only) (issue #36).
  'birth_year_invalid',
  'birth_month_invalid',
  'birth_year_month_mismatch',
] as const;
export type ValidationCode = (typeof VALIDATION_CODES)[number];

/** A failed check: a catalog key plus the values its message interpolates. */
export type ValidationError = {
  code: string;
  params?: Record<string, string | number>;
};

export function validationError(
  code: ValidationCode,
  params?: Record<string, string | number>,
): ValidationError {
  return params ? { code, params } : { code };
}

/** Format validators let empty values pass: whether a value is required is a separate check. */
export function isEmptyValue(value: unknown): value is '' | null | undefined {
  return value === undefined || value === null || value === '';
}
