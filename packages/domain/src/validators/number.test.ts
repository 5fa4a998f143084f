import { describe, expect, it } from 'vitest';
import {
  isPositiveInteger,
  isValidRate,
  validatePositiveInteger,
  validateRate,
  validateRateSum,
} from './number';

describe('isPositiveInteger', () => {
  it.each([1, 42, '1', '2024'])('accepts %s', (value) => {
    expect(isPositiveInteger(value)).toBe(true);
  });

  it.each([
    0,
    -1,
    1.5,
    Number.NaN,
    Infinity,
    '0',
    '-1',
    '1.5',
    '1e3',
    ' 1',
    'abc',
    '',
    '9007199254740993',
  ])('rejects %s', (value) => {
    expect(isPositiveInteger(value)).toBe(false);
  });
});

describe('validatePositiveInteger', () => {
  it('returns null when valid or empty, integer_invalid otherwise', () => {
    expect(validatePositiveInteger('3')).toBeNull();
    expect(validatePositiveInteger('')).toBeNull();
    expect(validatePositiveInteger('0')).toEqual({ code: 'integer_invalid' });
  });
});

describe('isValidRate', () => {
  it.each([0, 100, 50, 12.5, 33.33, '0', '100', '12.5', '33,33', '99.99'])(
    'accepts %s',
    (value) => {
      expect(isValidRate(value)).toBe(true);
    },
  );

  it.each([-1, 100.01, 12.345, Number.NaN, '101', '-5', '12.345', '1e2', 'abc', '12.', '.5'])(
    'rejects %s',
    (value) => {
      expect(isValidRate(value)).toBe(false);
    },
  );
});

describe('validateRate', () => {
  it('returns null when valid or empty, rate_invalid otherwise', () => {
    expect(validateRate('50')).toBeNull();
    expect(validateRate('')).toBeNull();
    expect(validateRate('150')).toEqual({ code: 'rate_invalid' });
  });
});

describe('validateRateSum', () => {
  it('accepts a sum above 0 and at most 100', () => {
    expect(validateRateSum([50, 50])).toBeNull();
    expect(validateRateSum([33.33, 33.33, 33.34])).toBeNull();
    expect(validateRateSum([0.01])).toBeNull();
    expect(validateRateSum([10, 20])).toBeNull();
  });

  it('rejects a zero or empty sum and one above 100', () => {
    expect(validateRateSum([])).toEqual({ code: 'rate_sum' });
    expect(validateRateSum([0, 0])).toEqual({ code: 'rate_sum' });
    expect(validateRateSum([60, 40.01])).toEqual({ code: 'rate_sum' });
    expect(validateRateSum([Number.NaN])).toEqual({ code: 'rate_sum' });
  });

  it('uses the template message key when given', () => {
    expect(validateRateSum([70, 70], 'heirs_rate_error')).toEqual({ code: 'heirs_rate_error' });
  });
});
