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
import { plainNameError } from '../text/plain-text';
import { validateValues } from '../documents/validate-values';
import { TEMPLATE_RULES } from '../templates/rules/index';
import { templateFieldSchema } from '../templates/template-schema';

const catalogs: Record<string, Record<string, string>> = { el, en, fr };

const NOW = new Date('2024-06-15T10:00:00Z');
const label = { el: 'Πεδίο', en: 'Field', fr: 'Champ' };
const choices = [
  { value: 'a', label: { el: 'Α', en: 'A', fr: 'A' } },
  { value: 'b', label: { el: 'Β', en: 'B', fr: 'B' } },
];

/** The first error validateValues gives one field of the given shape and value. */
function fieldFailure(field: Record<string, unknown>, value: unknown) {
  const parsed = templateFieldSchema.parse({ key: 'f', label, ...field });
  const attachments = { f: [{ size: 1 }, { size: 1 }] };
  return validateValues([parsed], { f: value }, [], { now: NOW, attachments })[0]?.error ?? null;
}

function ruleFailure(
  rule: string,
  values: Record<string, unknown>,
  params: Record<string, unknown>,
) {
  return TEMPLATE_RULES[rule]?.(values, params, { now: NOW })[0]?.error ?? null;
}

const list = (extra: Record<string, unknown> = {}) => ({
  component: 'list_of',
  'list-of': {
    multiplicity: 1,
    'multiplicity-unique': 'x',
    fields: [{ key: 'x', label, component: 'string' }],
    ...extra,
  },
});

/** Codes only the server returns: upload checks and its fallback for unmapped field errors. */
const SERVER_ONLY_CODES = [
  'field_invalid',
  'file_too_large',
  'pdf_encrypted',
  'pdf_invalid',
  'pdf_too_complex',
  'pdf_active_content',
  'file_type_invalid',
  'attachment_not_found',
  'attachment_content_invalid',
  // The registry look-up of a joint declaration's co-signatories (issue #35).
  'co_signatory_name_mismatch',
  // The apostille's checks of the document named, and the registry checks of a step (issue #40).
  'apostille_document_not_found',
  'apostille_template_not_allowed',
  'apostille_no_access',
  'apostille_not_issued',
  'apostille_issued_before_cutoff',
  'second_parent_name_mismatch',
  'student_number_mismatch',
  'birth_year_month_mismatch',
];

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
  // validateValues, per component family.
  fieldFailure({ component: 'choice', choices }, 'z'),
  fieldFailure({ component: 'multiple_choice', choices, 'component-params': { min_choices: 2 } }, [
    'a',
  ]),
  fieldFailure({ component: 'multiple_choice', choices, 'component-params': { max_choices: 1 } }, [
    'a',
    'b',
  ]),
  fieldFailure({ ...list(), required: true }, []),
  fieldFailure(list(), [{ x: '1' }, { x: '2' }]),
  fieldFailure(list({ multiplicity: 5 }), [{ x: '1' }, { x: '1' }]),
  fieldFailure({ component: 'recipient', required: true }, undefined),
  fieldFailure({ component: 'recipient' }, { type: 'nobody' }),
  fieldFailure({ component: 'string' }, 42),
  fieldFailure({ component: 'attachment' }, undefined),
  // Template rules.
  ruleFailure('date_span', { a: '16/06/2024', b: '' }, { from: 'a', to: 'b' }),
  ruleFailure('date_span', { a: '01/01/2024', b: '' }, { from: 'a', to: 'b', max_age_months: 3 }),
  ruleFailure('date_span', { a: '10/06/2024', b: '01/06/2024' }, { from: 'a', to: 'b' }),
  ruleFailure(
    'date_span',
    { a: '01/01/2024', b: '01/06/2024' },
    { from: 'a', to: 'b', max_months: 3 },
  ),
  ruleFailure(
    'date_span',
    { a: '01/01/2024', b: '01/06/2024' },
    { from: 'a', to: 'b', max_days: 30 },
  ),
  ruleFailure('loss_period', { a: '10/06/2024', b: '01/06/2024' }, { from: 'a', to: 'b' }),
  ruleFailure('loss_period', { a: '', b: '01/06/2024' }, { from: 'a', to: 'b' }),
  ruleFailure('fine_series', { s: '1234' }, { series: 's' }),
  ruleFailure('fine_series', { n: '12345' }, { number: 'n' }),
  ruleFailure('plate_or_unknown', {}, { plate: 'p', unknown: 'u' }),
  ruleFailure(
    'school_aid_bank_iban',
    { i: 'GR1601101250000000012300695' },
    { bank: 'b', iban: 'i' },
  ),
  ruleFailure('school_aid_bank_iban', { b: '011' }, { bank: 'b', iban: 'i' }),
  ruleFailure(
    'school_aid_bank_iban',
    { b: '017', i: 'GR1601101250000000012300695' },
    { bank: 'b', iban: 'i' },
  ),
  ruleFailure(
    'unique_list_column',
    { me: '1', l: [{ c: '1' }] },
    { list: 'l', column: 'c', self_field: 'me' },
  ),
  ruleFailure('min_value', { v: '6.000' }, { field: 'v', min: 6000 }),
  ruleFailure('min_value', { v: '5999' }, { field: 'v', min: 6000 }),
  ruleFailure('min_age', { d: '01/01/2010' }, { field: 'd', min: 18 }),
  ruleFailure('other_requires_explanation', { c: 'other' }, { field: 'c', explanation: 'e' }),
  ruleFailure('child_names', { a: 'Άννα Μαρία' }, { first: 'a' }),
  ruleFailure('child_names', { a: 'άννα' }, { first: 'a' }),
  ruleFailure('child_names', { a: 'Άννά' }, { first: 'a' }),
  ruleFailure('child_names', { a: 'Anna', s: 'Παπαδάκη' }, { first: 'a', surname: 's' }),
  ruleFailure('child_names', { a: 'Άννα', c: 'Ελένη' }, { first: 'a', second: 'b', third: 'c' }),
  ruleFailure('second_parent', { f: 'Νίκος' }, { firstname: 'f', surname: 's', afm: 'a' }),
  ruleFailure(
    'second_parent',
    { f: 'Νίκος', s: 'Παππάς', a: '1', o: '1' },
    { firstname: 'f', surname: 's', afm: 'a', own_afm: 'o' },
  ),
  ruleFailure('foreign_town', { c: 'GR', t: 'Λονδίνο' }, { country: 'c', town: 't' }),
  ruleFailure('foreign_town', { c: 'GB' }, { country: 'c', town: 't' }),
  ruleFailure('name_prefix', { p: 'ΠΑ' }, { field: 'p' }),
  ruleFailure('one_category', { a: true, b: true }, { fields: ['a', 'b'] }),
  ruleFailure('certificate_or_code', {}, { attachment: 'f', code: 'c' }),
  ruleFailure('passport_loss', { d: 'x' }, { authority: 'a', details: 'd' }),
  ruleFailure('passport_loss', { a: 'x' }, { authority: 'a', details: 'd' }),
  ruleFailure('reply_window', { d: '01/06/2024' }, { field: 'd' }),
  ruleFailure('weather_period', { t: '01/06/2024' }, { from: 'f', to: 't' }),
  ruleFailure('insurance_policy', {}, { attachment: 'f' }),
  ruleFailure('eligible_school', { s: '999' }, { field: 's', eligible: ['100'] }),
  ruleFailure('work_organisations', {}, { field: 'w' }),
  ruleFailure('work_organisations', { w: ['x'] }, { field: 'w', allowed: ['y'] }),
  ruleFailure('student_number', { c: 'not_student', n: '1' }, { capacity: 'c', number: 'n' }),
  ruleFailure('birth_year_month', { y: '1800' }, { year: 'y', month: 'm' }),
  ruleFailure('birth_year_month', { m: '13' }, { year: 'y', month: 'm' }),
  plainNameError('Δήμος\nΑθηναίων'),
  plainNameError('Δήμος Αθηναίων — πληρώστε στο evil.com'),
];

describe('validation catalogs', () => {
  it('the validators, validateValues, the rules and the server return exactly the listed codes', () => {
    const returned = new Set([...failures.map((failure) => failure?.code), ...SERVER_ONLY_CODES]);
    expect([...returned].sort()).toEqual([...VALIDATION_CODES].sort());
  });

  it('the server-only codes are not returned by shared code', () => {
    const shared = new Set(failures.map((failure) => failure?.code));
    for (const code of SERVER_ONLY_CODES) expect(shared.has(code)).toBe(false);
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
