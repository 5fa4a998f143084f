import { describe, expect, it } from 'vitest';
import { isMissingValue, normalizeUpper, validateMaxLength, validateRequired } from './text';

describe('validateRequired', () => {
  it.each([
    ['undefined', undefined],
    ['null', null],
    ['an empty string', ''],
    ['a blank string', '   '],
    ['an empty array', []],
  ])('reports %s as missing', (_, value) => {
    expect(isMissingValue(value)).toBe(true);
    expect(validateRequired(value)).toEqual({ code: 'required' });
  });

  it.each([
    ['text', 'Α'],
    ['zero', 0],
    ['false', false],
    ['a list', ['a']],
    ['an object', {}],
  ])('accepts %s', (_, value) => {
    expect(validateRequired(value)).toBeNull();
  });
});

describe('validateMaxLength', () => {
  it('accepts text up to the maximum', () => {
    expect(validateMaxLength('α'.repeat(320), 320)).toBeNull();
    expect(validateMaxLength('', 0)).toBeNull();
  });

  it('counts characters, not UTF-16 units', () => {
    expect(validateMaxLength('😀😀', 2)).toBeNull();
  });

  it('returns text_too_long with the maximum', () => {
    expect(validateMaxLength('α'.repeat(321), 320)).toEqual({
      code: 'text_too_long',
      params: { max: 320 },
    });
  });
});

describe('normalizeUpper', () => {
  it.each([
    ['Παπαδόπουλος', 'ΠΑΠΑΔΟΠΟΥΛΟΣ'],
    ['Γεώργιος Νικολάου', 'ΓΕΩΡΓΙΟΣ ΝΙΚΟΛΑΟΥ'],
    ['ΐ', 'Ι'],
    ['ΰ', 'Υ'],
    ['Ευσταθίου-Ρήγας', 'ΕΥΣΤΑΘΙΟΥ-ΡΗΓΑΣ'],
    ['ΆΈΉΊΌΎΏ Ϊ Ϋ', 'ΑΕΗΙΟΥΩ Ι Υ'],
    ['ς', 'Σ'],
    ['François Müller-Ñúñez', 'FRANCOIS MULLER-NUNEZ'],
    ['ΑΘΗΝΑ 123', 'ΑΘΗΝΑ 123'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeUpper(input)).toBe(expected);
  });
});
