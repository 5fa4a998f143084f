import { describe, expect, it } from 'vitest';
import { minValue } from './min-value';

const context = { now: new Date('2024-06-15T10:00:00Z') };
const params = { field: 'contract_value', min: 6000 };
const tooLow = [
  { field: 'contract_value', error: { code: 'amount_too_low', params: { min: 6000 } } },
];
const invalid = [{ field: 'contract_value', error: { code: 'amount_invalid' } }];

function check(contract_value: unknown, ruleParams: Record<string, unknown> = params) {
  return minValue({ contract_value }, ruleParams, context);
}

describe('min_value', () => {
  it.each(['6000', '6000,00', '6000.00', '6000.5', ' 12500 ', '1000000'])('accepts %j', (value) => {
    expect(check(value)).toEqual([]);
  });

  it('accepts exactly the minimum and refuses a cent less', () => {
    expect(check('6000')).toEqual([]);
    expect(check('5999,99')).toEqual(tooLow);
    expect(check('5999.99')).toEqual(tooLow);
    expect(check('0')).toEqual(tooLow);
  });

  it('accepts a number value', () => {
    expect(check(6000)).toEqual([]);
    expect(check(5999)).toEqual(tooLow);
  });

  it.each(['6.000', '6.000,00', '6 000', '€6000', '-7000', '6000,001', 'έξι χιλιάδες', '1e4'])(
    'refuses %j as not a plain amount',
    (value) => {
      expect(check(value)).toEqual(invalid);
    },
  );

  it('leaves an empty value to the required check', () => {
    expect(check('')).toEqual([]);
    expect(check(undefined)).toEqual([]);
    expect(check({ amount: 1 })).toEqual([]);
  });

  it('does nothing without a numeric min', () => {
    expect(check('10', { field: 'contract_value' })).toEqual([]);
    expect(check('10', { field: 'contract_value', min: '6000' })).toEqual([]);
  });
});
