import { describe, expect, it } from 'vitest';
import {
  isValidGreekLandline,
  isValidGreekMobile,
  toGreekNationalNumber,
  validateLandline,
  validateMobile,
} from './phone';

describe('isValidGreekMobile', () => {
  it.each([
    '6912345678',
    '6971234567',
    '+306912345678',
    '00306912345678',
    '691 234 5678',
    '+30 691-234-5678',
  ])('accepts %s', (phone) => {
    expect(isValidGreekMobile(phone)).toBe(true);
  });

  it.each([
    ['a landline', '2101234567'],
    ['a number not starting with 69', '6812345678'],
    ['9 digits', '691234567'],
    ['11 digits', '69123456789'],
    ['a foreign prefix', '+446912345678'],
    ['a plus sign inside', '69+12345678'],
    ['letters', '69123456ab'],
    ['the empty string', ''],
  ])('rejects %s', (_, phone) => {
    expect(isValidGreekMobile(phone)).toBe(false);
  });
});

describe('isValidGreekLandline', () => {
  it.each(['2101234567', '2310123456', '+302101234567', '00302101234567'])(
    'accepts %s',
    (phone) => {
      expect(isValidGreekLandline(phone)).toBe(true);
    },
  );

  it.each(['6912345678', '210123456', '3101234567', '+4420712345678'])('rejects %s', (phone) => {
    expect(isValidGreekLandline(phone)).toBe(false);
  });
});

describe('toGreekNationalNumber', () => {
  it('drops the international prefix and separators', () => {
    expect(toGreekNationalNumber('+30 691 234 5678')).toBe('6912345678');
    expect(toGreekNationalNumber('0030-210-1234567')).toBe('2101234567');
    expect(toGreekNationalNumber('+447911123456')).toBeNull();
  });
});

describe('validateMobile', () => {
  it('accepts Greek mobiles and empty values', () => {
    expect(validateMobile('6912345678')).toBeNull();
    expect(validateMobile('+306912345678')).toBeNull();
    expect(validateMobile('')).toBeNull();
  });

  it('rejects a malformed Greek number', () => {
    expect(validateMobile('2101234567')).toEqual({ code: 'mobile_invalid' });
    expect(validateMobile('+30691234567')).toEqual({ code: 'mobile_invalid' });
    expect(validateMobile('69-12-ab')).toEqual({ code: 'mobile_invalid' });
  });

  it('rejects a foreign number when only Greece is allowed (the default)', () => {
    expect(validateMobile('+447911123456')).toEqual({ code: 'mobile_not_greek' });
    expect(validateMobile('00357 99 123456')).toEqual({ code: 'mobile_not_greek' });
  });

  it('accepts numbers from other allowed countries', () => {
    const options = { allowedCountries: ['gr', 'cy'] };
    expect(validateMobile('+35799123456', options)).toBeNull();
    expect(validateMobile('6912345678', options)).toBeNull();
    expect(validateMobile('+447911123456', options)).toEqual({
      code: 'mobile_country_not_allowed',
    });
    expect(validateMobile('+3579', options)).toEqual({ code: 'mobile_invalid' });
  });

  it('rejects Greek numbers when Greece is not allowed', () => {
    expect(validateMobile('6912345678', { allowedCountries: ['CY'] })).toEqual({
      code: 'mobile_country_not_allowed',
    });
  });
});

describe('validateLandline', () => {
  it('mirrors validateMobile with landline codes', () => {
    expect(validateLandline('2101234567')).toBeNull();
    expect(validateLandline('6912345678')).toEqual({ code: 'landline_invalid' });
    expect(validateLandline('+442071234567')).toEqual({ code: 'landline_not_greek' });
    expect(validateLandline('+442071234567', { allowedCountries: ['gr', 'gb'] })).toBeNull();
    expect(validateLandline('+33123456789', { allowedCountries: ['gr', 'gb'] })).toEqual({
      code: 'landline_country_not_allowed',
    });
  });
});
