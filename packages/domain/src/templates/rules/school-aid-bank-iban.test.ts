import { describe, expect, it } from 'vitest';
import { isValidIban } from '../../validators/iban';
import { schoolAidBankIban } from './school-aid-bank-iban';

const context = { now: new Date('2024-06-15T10:00:00Z') };
const params = { bank: 'bank', iban: 'iban' };
// Valid check digits; positions 5–7 carry the bank code.
const NBG = 'GR1601101250000000012300695';
const PIRAEUS = 'GR8801720120000000012300695';
const EUROBANK = 'GR6402601200000000012300695';
const ALPHA = 'GR3801401010000000012300695';
const mismatch = [{ field: 'iban', error: { code: 'iban_bank_mismatch' } }];

function check(bank: unknown, iban: unknown, ruleParams: Record<string, unknown> = params) {
  return schoolAidBankIban({ bank, iban }, ruleParams, context);
}

describe('school_aid_bank_iban', () => {
  it('uses valid IBANs in its tests', () => {
    for (const iban of [NBG, PIRAEUS, EUROBANK, ALPHA]) expect(isValidIban(iban)).toBe(true);
  });

  it.each([
    ['011', NBG],
    ['017', PIRAEUS],
    ['026', EUROBANK],
    ['014', ALPHA],
  ])('accepts bank %s with its own IBAN', (bank, iban) => {
    expect(check(bank, iban)).toEqual([]);
  });

  it('refuses an IBAN of another bank', () => {
    expect(check('017', NBG)).toEqual(mismatch);
    expect(check('011', ALPHA)).toEqual(mismatch);
  });

  it('reads the IBAN the way citizens type it: spaces, dashes, lower case, no GR', () => {
    expect(check('011', 'gr16 0110 1250 0000 0001 2300 695')).toEqual([]);
    expect(check('011', 'GR16-0110-1250-0000-0001-2300-695')).toEqual([]);
    expect(check('011', NBG.slice(2))).toEqual([]);
    expect(check('017', NBG.slice(2))).toEqual(mismatch);
    expect(check('017', 'gr16 0110 1250 0000 0001 2300 695')).toEqual(mismatch);
  });

  it('asks for the bank when only the IBAN is given', () => {
    expect(check('', NBG)).toEqual([{ field: 'bank', error: { code: 'bank_required' } }]);
  });

  it('asks for the IBAN when only the bank is given', () => {
    expect(check('011', '  ')).toEqual([{ field: 'iban', error: { code: 'bank_iban_required' } }]);
  });

  it('accepts neither being given (the fields say whether they are required)', () => {
    expect(check(undefined, undefined)).toEqual([]);
  });

  it('leaves a malformed or foreign IBAN to the iban field', () => {
    expect(check('011', 'GR160110125')).toEqual([]);
    expect(check('011', 'DE89370400440532013000')).toEqual([]);
    expect(check('011', 'not an iban at all')).toEqual([]);
  });

  it('maps choice values to bank codes when the template gives bank_codes', () => {
    const mapped = { ...params, bank_codes: { nbg: '011', piraeus: '017' } };
    expect(check('nbg', NBG, mapped)).toEqual([]);
    expect(check('piraeus', NBG, mapped)).toEqual(mismatch);
  });

  it('ignores garbage without throwing', () => {
    expect(check({ code: '011' }, null)).toEqual([]);
    expect(check(['011'], NBG)).toEqual([{ field: 'bank', error: { code: 'bank_required' } }]);
    expect(check('011', NBG, { ...params, bank_codes: 'x' })).toEqual([]);
    expect(schoolAidBankIban({}, {}, context)).toEqual([]);
  });
});
