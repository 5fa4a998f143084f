import { describe, expect, it } from 'vitest';
import { checkNewEmail, checkNewMobile, readContactCode } from './contact-details-api';

describe('contact details checks', () => {
  it('an e-mail: none set, invalid, or fine (trimmed)', () => {
    expect(checkNewEmail(undefined)).toBe('email_none');
    expect(checkNewEmail('   ')).toBe('email_none');
    expect(checkNewEmail('maria@')).toBe('email_invalid');
    expect(checkNewEmail('maria@example')).toBe('email_invalid');
    expect(checkNewEmail(' maria@example.gr ')).toBeNull();
  });

  it('a mobile: none set, not a Greek mobile, or fine in any Greek form', () => {
    expect(checkNewMobile(null)).toBe('mobile_none');
    expect(checkNewMobile('2101234567')).toBe('mobile_invalid');
    expect(checkNewMobile('+44 7700 900123')).toBe('mobile_invalid');
    expect(checkNewMobile('691234567')).toBe('mobile_invalid');
    for (const fine of ['6912345678', '+30 691 234 5678', '0030-6912345678']) {
      expect(checkNewMobile(fine), fine).toBeNull();
    }
  });

  it('a code: six digits once spaces and dashes are gone', () => {
    expect(readContactCode(' 123-456 ')).toBe('123456');
    expect(readContactCode('12345')).toBeNull();
    expect(readContactCode('12345a')).toBeNull();
    expect(readContactCode(undefined)).toBeNull();
  });
});
