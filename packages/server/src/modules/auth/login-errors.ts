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
  // The provider asked for is unknown or not enabled here.
  'forbidden_action',
  // The provider sent person data of the wrong shape.
  'invalid_person_data',
  // The provider could not be reached.
  'connection_error',
  // Too many failed logins from this client.
  'login_throttled',
] as const;
export type LoginErrorCode = (typeof LOGIN_ERROR_CODES)[number];

export class LoginError extends Error {
  override name = 'LoginError';
  constructor(
    readonly code: LoginErrorCode,
    options?: { cause?: unknown },
  ) {
    super(code, options);
  }
}
