import {
  isValidAfm,
  isValidGreekMobile,
  toGreekNationalNumber,
  validateEmail,
} from '@dilosi/domain';
import { LoginError } from './login-errors';
import type { LoginProvider } from './providers';

export type Identity =
  | { kind: 'anonymous'; subject: string }
  | {
      kind: 'person';
      afm: string;
      firstname: string;
      surname: string;
      email: string | null;
      username: string | null;
      /** The provider certified this mobile (web banking): a 10-digit national number. */
      certifiedMobile: string | null;
      /** The admin provider vouches that the person may use the dashboard. */
      isAdminClaim: boolean;
    };

const NAME_MAX = 100;
const CONTROL = /\p{Cc}/u;

function requiredName(claims: Record<string, unknown>, key: string): string {
  const value = claims[key];
  if (value === undefined || value === null || value === '') {
    throw new LoginError('required_profile_keys_missing');
  }
  if (typeof value !== 'string' || value.length > NAME_MAX || CONTROL.test(value)) {
    throw new LoginError('invalid_person_data');
  }
  const trimmed = value.trim();
  if (!trimmed) throw new LoginError('required_profile_keys_missing');
  return trimmed;
}

function optionalText(claims: Record<string, unknown>, key: string, max: number): string | null {
  const value = claims[key];
  if (typeof value !== 'string' || !value.trim() || value.length > max || CONTROL.test(value)) {
    return null;
  }
  return value.trim();
}

/**
 * Reads who logged in from the ID token and userinfo claims (docs/login.md lists them):
 * `sub`, `afm`, `given_name`, `family_name`, `email`, `preferred_username`,
 * `phone_number` + `phone_number_verified` (web banking), `legal_entity`, `is_admin`.
 */
export function readIdentity(provider: LoginProvider, claims: Record<string, unknown>): Identity {
  const subject = claims.sub;
  if (typeof subject !== 'string' || !subject) throw new LoginError('invalid_person_data');
  if (provider === 'anon') return { kind: 'anonymous', subject };

  const afm = claims.afm;
  if (afm === undefined || afm === null || afm === '') {
    throw new LoginError('required_profile_keys_missing');
  }
  // Strictly typed: the AFM a string of nine digits as sent, legal_entity a boolean if present.
  if (typeof afm !== 'string') throw new LoginError('invalid_person_data');
  if (!/^\d{9}$/.test(afm) || !isValidAfm(afm)) throw new LoginError('vatin_invalid');
  const legalEntity = claims.legal_entity;
  if (legalEntity !== undefined && legalEntity !== null && typeof legalEntity !== 'boolean') {
    throw new LoginError('invalid_person_data');
  }
  if (legalEntity === true) throw new LoginError('corporate_account_not_allowed');
  const firstname = requiredName(claims, 'given_name');
  const surname = requiredName(claims, 'family_name');

  const phone = claims.phone_number;
  if (phone !== undefined && phone !== null && typeof phone !== 'string') {
    throw new LoginError('invalid_person_data');
  }
  const certifiedMobile =
    provider === 'bank' &&
    claims.phone_number_verified === true &&
    typeof phone === 'string' &&
    isValidGreekMobile(phone)
      ? toGreekNationalNumber(phone)
      : null;
  const email = optionalText(claims, 'email', 254);

  return {
    kind: 'person',
    afm,
    firstname,
    surname,
    email: email && validateEmail(email) === null ? email : null,
    username: optionalText(claims, 'preferred_username', 150),
    certifiedMobile,
    isAdminClaim: provider === 'gsis_admin' && claims.is_admin === true,
  };
}
