/**
 * The joint declaration's refusals (spec section 8, "Service-specific"; issue #35), each raised
 * by the server where it applies (docs/api.md, "Joint declarations").
 */
export const JOINT_ERROR_CODES = [
  // The caller is not one of the consent's signatories.
  'signatory_not_in_consent',
  // The document waits for its co-signatories: it cannot be edited, resent or issued alone.
  'consent_state_is_issued',
  // Signing (or asking a code) by a signatory who already signed or declined.
  'signatory_state_must_be_pending_to_sign',
  // Issuance asked while a signatory has not signed.
  'signatory_state_must_be_signed_to_issue',
  // Canceling a consent that every signatory has already signed.
  'consent_state_is_fully_signed_in_cancel',
  // Issuance asked for a consent that is not fully signed.
  'consent_state_is_not_fully_signed',
  // Signing, declining, reminding or canceling a canceled (or expired) consent.
  'consent_state_is_canceled',
  // The consent's cancelation details asked for one that is not canceled.
  'consent_state_is_not_canceled',
  // Declining twice.
  'signatory_already_dismissed',
  // Ours: a reminder at most once a day; a co-signatory named twice or the author naming herself.
  'consent_reminded_today',
  'duplicate_co_signatory',
  'co_signatory_is_author',
  // Ours: the text signed differs from the text shown (the digest sent is not the consent's).
  'consent_text_changed',
] as const;
export type JointErrorCode = (typeof JOINT_ERROR_CODES)[number];
