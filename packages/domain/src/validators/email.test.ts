import { describe, expect, it } from 'vitest';
import { isValidEmail, validateEmail } from './email';

describe('isValidEmail', () => {
  it('allows the empty string', () => {
    expect(isValidEmail('')).toBe(true);
  });

  it.each(['citizen@example.gr', 'first.last+tag@mail.gov.gr', 'a_b-c@sub-domain.example.com'])(
    'accepts %s',
    (email) => {
      expect(isValidEmail(email)).toBe(true);
    },
  );

  it.each([
    'plainaddress',
    '@example.gr',
    'citizen@',
    'citizen@example',
    'citizen@example.g',
    'citizen@@example.gr',
    'citizen @example.gr',
    'citizen@-example.gr',
    'πολίτης@example.gr',
  ])('rejects %s', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('rejects addresses longer than 254 characters', () => {
    expect(isValidEmail(`${'a'.repeat(250)}@example.gr`)).toBe(false);
  });
});

describe('validateEmail', () => {
  it('returns null when valid or empty, email_invalid otherwise', () => {
    expect(validateEmail('citizen@example.gr')).toBeNull();
    expect(validateEmail('')).toBeNull();
    expect(validateEmail('citizen@example')).toEqual({ code: 'email_invalid' });
  });
});
