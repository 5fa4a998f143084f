import { describe, expect, it } from 'vitest';
import el from '../i18n/el/validation.json';
import en from '../i18n/en/validation.json';
import fr from '../i18n/fr/validation.json';
import { validateAfm } from './afm';
import { validateAmka } from './amka';
import { validateDate, validateDateTime } from './date';
import { validateEmail } from './email';
import { validateIban } from './iban';
import { validatePositiveInteger, validateRate, validateRateSum } from './number';
import { validateLandline, validateMobile } from './phone';
import { validatePostalCode } from './postal-code';
import { validateMaxLength, validateRequired } from './text';
import { VALIDATION_CODES, type ValidationError } from './validation-error';

const catalogs: Record<string, Record<string, string>> = { el, en, fr };

// One failing call per code, so that a new code cannot be added without its messages.
const failures: (ValidationError | null)[] = [
  validateRequired(''),
  validateMaxLength('abcd', 3),
  validateAfm('123456789'),
  validateAmka('00000000000'),
  validateIban('GR1601101250000000012300696'),
  validateIban('DE89370400440532013000'),
  validateMobile('2101234567'),
  validateMobile('+447911123456'),
  validateMobile('+447911123456', { allowedCountries: ['gr', 'cy'] }),
  validateLandline('6912345678'),
  validateLandline('+442071234567'),
  validateLandline('+442071234567', { allowedCountries: ['gr', 'cy'] }),
  validatePostalCode('00000'),
  validateEmail('citizen@'),
  validateDate('29/02/2023'),
  validateDate('01/01/2000', { min: '01/01/2024' }),
  validateDate('01/01/2030', { max: '01/01/2024' }),
  validateDateTime('29/02/2024'),
  validatePositiveInteger('0'),
  validateRate('101'),
  validateRateSum([0]),
];

describe('validation catalogs', () => {
  it('the validators return exactly the listed codes', () => {
    const returned = new Set(failures.map((failure) => failure?.code));
    expect([...returned].sort()).toEqual([...VALIDATION_CODES].sort());
  });

  it('the three catalogs have the same keys', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(el).sort());
    expect(Object.keys(fr).sort()).toEqual(Object.keys(el).sort());
  });

  it.each(Object.keys(catalogs))('%s has a message for every code and no other key', (locale) => {
    const catalog = catalogs[locale] ?? {};
    expect(Object.keys(catalog).sort()).toEqual([...VALIDATION_CODES].sort());
    for (const code of VALIDATION_CODES) expect(catalog[code]?.trim()).toBeTruthy();
  });

  it('every message interpolates the params its code returns', () => {
    for (const failure of failures) {
      for (const param of Object.keys(failure?.params ?? {})) {
        for (const catalog of Object.values(catalogs)) {
          expect(catalog[failure?.code ?? '']).toContain(`{{${param}}}`);
        }
      }
    }
  });

  it('the Greek required message is the one the spec gives', () => {
    expect(el.required).toBe('Το πεδίο είναι υποχρεωτικό');
  });
});
