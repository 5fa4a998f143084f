import { describe, expect, it } from 'vitest';
import { transition } from '../state-machines/state-machine';
import { isCaptchaRequired } from '../templates/template-schema';
import {
  formatKepCode,
  KEP_CODE_ALPHABET,
  kepCodeFromRandomBytes,
  kepConfirmationMachine,
  normalizeKepCode,
} from './kep-api';

describe('KEP codes (issue #37)', () => {
  it('draws 8 characters of the unambiguous alphabet', () => {
    const code = kepCodeFromRandomBytes(new Uint8Array([0, 1, 2, 30, 31, 62, 255, 100]));
    expect(code).toHaveLength(8);
    expect([...code].every((c) => KEP_CODE_ALPHABET.includes(c))).toBe(true);
    expect(KEP_CODE_ALPHABET).not.toMatch(/[01OIL]/);
    expect(() => kepCodeFromRandomBytes(new Uint8Array(4))).toThrow();
  });

  it('reads a code as typed and shows it in two groups', () => {
    expect(normalizeKepCode(' abcd-efgh ')).toBe('ABCDEFGH');
    expect(normalizeKepCode('abcd efgh')).toBe('ABCDEFGH');
    expect(formatKepCode('ABCDEFGH')).toBe('ABCD-EFGH');
  });

  it('is confirmed or refused once', () => {
    expect(transition(kepConfirmationMachine, 'pending', 'confirm')).toEqual({
      ok: true,
      state: 'confirmed',
    });
    expect(transition(kepConfirmationMachine, 'pending', 'refuse')).toEqual({
      ok: true,
      state: 'refused',
    });
    expect(transition(kepConfirmationMachine, 'confirmed', 'refuse').ok).toBe(false);
    expect(transition(kepConfirmationMachine, 'refused', 'confirm').ok).toBe(false);
  });

  it('asks for a captcha only when it is one of an anonymous template’s confirmations', () => {
    const anonymous = { isAnonymous: true };
    const both = { anonymous: true, anonymous_confirmation: ['captcha', 'in_person'] as const };
    const inPersonOnly = { anonymous: true, anonymous_confirmation: ['in_person'] as const };
    expect(isCaptchaRequired(both, anonymous)).toBe(true);
    expect(isCaptchaRequired(inPersonOnly, anonymous)).toBe(false);
    expect(isCaptchaRequired(both, { isAnonymous: false })).toBe(false);
    expect(
      isCaptchaRequired({ anonymous: false, anonymous_confirmation: ['captcha'] }, anonymous),
    ).toBe(false);
  });
});
