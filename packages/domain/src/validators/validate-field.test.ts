import { describe, expect, it } from 'vitest';
import { isValidatedComponent, validateField } from './validate-field';

describe('validateField', () => {
  it('checks required first, for any component', () => {
    expect(validateField('afm', '', { required: true })).toEqual({ code: 'required' });
    expect(validateField('checkbox', undefined, { required: true })).toEqual({ code: 'required' });
    expect(validateField('multiple-choice', [], { required: true })).toEqual({ code: 'required' });
  });

  it('lets an optional empty value pass', () => {
    expect(validateField('afm', '')).toBeNull();
    expect(validateField('date', '   ')).toBeNull();
  });

  it.each([
    ['afm', '090000045', '123456789', 'afm_invalid'],
    ['amka', '01018000016', '01018000017', 'amka_invalid'],
    ['iban', 'GR16 0110 1250 0000 0001 2300 695', 'GR1601101250000000012300696', 'iban_invalid'],
    ['mobile_phone', '6912345678', '2101234567', 'mobile_invalid'],
    ['landline_phone', '2101234567', '6912345678', 'landline_invalid'],
    ['postal_code', '10557', '00000', 'postal_code_invalid'],
    ['email', 'citizen@example.gr', 'citizen@', 'email_invalid'],
    ['date', '29/02/2024', '29/02/2023', 'date_invalid'],
    ['datetime', '29/02/2024 10:15', '29/02/2024', 'datetime_invalid'],
    ['integer', '7', '0', 'integer_invalid'],
    ['rate', '12.5', '120', 'rate_invalid'],
  ])('dispatches %s', (component, valid, invalid, code) => {
    expect(validateField(component, valid)).toBeNull();
    expect(validateField(component, invalid)).toEqual({ code });
  });

  it('trims stray spaces around codes', () => {
    expect(validateField('afm', ' 090000045 ')).toBeNull();
  });

  it('passes component params on', () => {
    const now = new Date('2024-06-15T10:00:00Z');
    expect(validateField('date', '16/06/2024', { max: 'now', now })).toEqual({
      code: 'date_later',
      params: { max: '15/06/2024' },
    });
    expect(validateField('mobile_phone', '+35799123456')).toEqual({ code: 'mobile_not_greek' });
    expect(
      validateField('mobile_phone', '+35799123456', { allowed_countries: ['gr', 'cy'] }),
    ).toBeNull();
    expect(
      validateField('iban', 'CY17002001280000001200527600', { country_code: 'CY' }),
    ).toBeNull();
    expect(validateField('text', 'abcd', { max_length: 3 })).toEqual({
      code: 'text_too_long',
      params: { max: 3 },
    });
    expect(validateField('string', 'abc', { max_length: 3 })).toBeNull();
  });

  it('does not trim text, whose spaces are content', () => {
    expect(validateField('text', 'abc ', { max_length: 3 })).toEqual({
      code: 'text_too_long',
      params: { max: 3 },
    });
  });

  it('accepts numbers for numeric components', () => {
    expect(validateField('integer', 3)).toBeNull();
    expect(validateField('rate', 33.33)).toBeNull();
  });

  it('has no format check for other components', () => {
    expect(validateField('choice', 'anything')).toBeNull();
    expect(isValidatedComponent('choice')).toBe(false);
    expect(isValidatedComponent('afm')).toBe(true);
  });
});
