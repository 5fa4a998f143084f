/** Refusals of the in-person path (each with el/en/fr text in errors.json). */
export const KEP_ERROR_CODES = [
  // No pending confirmation with this code (or not the caller's document).
  'kep_code_not_found',
  // The code's validity (KEP_CODE_VALID_DAYS) is over: the person starts again.
  'kep_code_expired',
  // The code was already confirmed or refused.
  'kep_code_used',
  // The entity is not a KEP: its staff confirm nothing in person.
  'kep_not_a_kep',
  // The template does not allow confirmation at a KEP.
  'in_person_not_allowed',
  // The template is confirmed only at a KEP: `submit` is refused, the in-person route is the way.
  'in_person_required',
  // No document this KEP confirmed and still issued has this code: nothing to print.
  'kep_document_not_found',
] as const;
export type KepErrorCode = (typeof KEP_ERROR_CODES)[number];
