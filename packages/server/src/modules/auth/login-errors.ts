import { LOGIN_ERROR_CODES, type LoginErrorCode } from '@dilosi/domain';

// The codes are the domain's (one list for the API, the login page and the catalogs).
export { LOGIN_ERROR_CODES, type LoginErrorCode };

export class LoginError extends Error {
  override name = 'LoginError';
  constructor(
    readonly code: LoginErrorCode,
    options?: { cause?: unknown },
  ) {
    super(code, options);
  }
}
