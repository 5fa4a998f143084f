import { describe, expect, it } from 'vitest';
import { templateFieldSchema, type TemplateRuleRef } from '../templates/template-schema';
import type { StepField } from './api-document';
import {
  isInputField,
  normalizeFieldValue,
  validateValues,
  type ValidateValuesContext,
} from './validate-values';

// 15/06/2024 13:00 in Athens.
const NOW = new Date('2024-06-15T10:00:00Z');
const label = { el: 'Πεδίο', en: 'Field', fr: 'Champ' };
const choices = ['a', 'b', 'c', 'other'].map((value) => ({
  value,
  label: { el: value.toUpperCase(), en: value, fr: value },
}));
const tree = [
  {
    value: 'attiki',
    label: { el: 'Αττική', en: 'Attica', fr: 'Attique' },
    children: [{ value: 'athina', label: { el: 'Αθήνα', en: 'Athens', fr: 'Athènes' } }],
  },
];

/** A field with the schema's defaults; key `f` unless given. */
function field(definition: Record<string, unknown>): StepField {
  return templateFieldSchema.parse({ key: 'f', label, ...definition });
}

function errorsOf(
  fields: StepField[],
  values: Record<string, unknown>,
  rules: TemplateRuleRef[] = [],
  context: Partial<ValidateValuesContext> = {},
) {
  return validateValues(fields, values, rules, { now: NOW, ...context });
}

/** The error of the single field `f`, or null. */
function check(definition: Record<string, unknown>, value: unknown, context = {}) {
  return errorsOf([field(definition)], { f: value }, [], context)[0]?.error ?? null;
}

describe('validateValues: text family', () => {
  it('requires a required value; blank text counts as missing', () => {
    expect(check({ component: 'string', required: true }, '')).toEqual({ code: 'required' });
    expect(check({ component: 'string', required: true }, '   ')).toEqual({ code: 'required' });
    expect(check({ component: 'string', required: true }, undefined)).toEqual({ code: 'required' });
    expect(check({ component: 'string', required: true }, 'Μαρία')).toBeNull();
    expect(check({ component: 'string' }, '')).toBeNull();
  });

  it('limits text length in characters, the 2500 of a declaration included', () => {
    const text = { component: 'text', 'component-params': { max_length: 2500 } };
    expect(check(text, 'α'.repeat(2500))).toBeNull();
    expect(check(text, 'α'.repeat(2501))).toEqual({
      code: 'text_too_long',
      params: { max: 2500 },
    });
  });

  it('refuses a value that is not text', () => {
    expect(check({ component: 'string' }, 42)).toEqual({ code: 'value_invalid' });
    expect(check({ component: 'afm' }, { afm: '100000015' })).toEqual({ code: 'value_invalid' });
  });

  it('checks formats after trimming: afm, amka, iban, phones, postal code, e-mail', () => {
    expect(check({ component: 'afm' }, ' 100000015 ')).toBeNull();
    expect(check({ component: 'afm' }, '100000016')).toEqual({ code: 'afm_invalid' });
    expect(check({ component: 'amka' }, '01018000016')).toBeNull();
    expect(check({ component: 'amka' }, '00000000000')).toEqual({ code: 'amka_invalid' });
    expect(check({ component: 'iban' }, 'GR16 0110 1250 0000 0001 2300 695')).toBeNull();
    expect(check({ component: 'iban' }, 'DE89370400440532013000')).toEqual({
      code: 'iban_country',
      params: { country: 'GR' },
    });
    expect(check({ component: 'mobile_phone' }, '6912345678')).toBeNull();
    expect(check({ component: 'mobile_phone' }, '2101234567')).toEqual({ code: 'mobile_invalid' });
    expect(check({ component: 'landline_phone' }, '2101234567')).toBeNull();
    expect(check({ component: 'postal_code' }, '10671')).toBeNull();
    expect(check({ component: 'postal_code' }, '90000')).toEqual({ code: 'postal_code_invalid' });
    expect(check({ component: 'email' }, 'citizen@example.gr')).toBeNull();
    expect(check({ component: 'email' }, 'citizen@')).toEqual({ code: 'email_invalid' });
  });

  it('checks numbers: positive integers and rates', () => {
    expect(check({ component: 'integer' }, '3')).toBeNull();
    expect(check({ component: 'integer' }, '0')).toEqual({ code: 'integer_invalid' });
    expect(check({ component: 'rate' }, '33,33')).toBeNull();
    expect(check({ component: 'rate' }, '100.01')).toEqual({ code: 'rate_invalid' });
  });
});

describe('validateValues: dates', () => {
  it('checks DD/MM/YYYY with bounds, "now" being the Athens day of the context', () => {
    const date = { component: 'date', 'component-params': { max: 'now' } };
    expect(check(date, '15/06/2024')).toBeNull();
    expect(check(date, '16/06/2024')).toEqual({
      code: 'date_later',
      params: { max: '15/06/2024' },
    });
    expect(check(date, '2024-06-15')).toEqual({ code: 'date_invalid' });
  });

  it('checks the block dates like their plain counterparts', () => {
    expect(check({ component: 'three_block_date' }, '29/02/2023')).toEqual({
      code: 'date_invalid',
    });
    expect(check({ component: 'five_block_date' }, '29/02/2024 10:30')).toBeNull();
    expect(check({ component: 'five_block_date' }, '29/02/2024 24:00')).toEqual({
      code: 'datetime_invalid',
    });
    expect(check({ component: 'datetime' }, '01/01/2024')).toEqual({ code: 'datetime_invalid' });
  });
});

describe('validateValues: choices', () => {
  it('checks a checkbox: a boolean, ticked when required', () => {
    expect(check({ component: 'checkbox', required: true }, true)).toBeNull();
    expect(check({ component: 'checkbox', required: true }, false)).toEqual({ code: 'required' });
    expect(check({ component: 'checkbox' }, false)).toBeNull();
    expect(check({ component: 'checkbox' }, 'yes')).toEqual({ code: 'choice_invalid' });
  });

  it('checks a choice or radio choice against its choices', () => {
    expect(check({ component: 'choice', choices }, 'a')).toBeNull();
    expect(check({ component: 'radio_choice', choices }, 'z')).toEqual({ code: 'choice_invalid' });
    expect(check({ component: 'choice', choices, required: true }, '')).toEqual({
      code: 'required',
    });
    expect(check({ component: 'choice', choices }, ['a'])).toEqual({ code: 'choice_invalid' });
  });

  it('checks multiple choices: known, distinct, between min and max', () => {
    const multiple = {
      component: 'multiple_choice',
      choices,
      'component-params': { min_choices: 2, max_choices: 3 },
    };
    expect(check(multiple, ['a', 'b'])).toBeNull();
    expect(check(multiple, ['a'])).toEqual({ code: 'choices_too_few', params: { min: 2 } });
    expect(check(multiple, ['a', 'b', 'c', 'other'])).toEqual({
      code: 'choices_too_many',
      params: { max: 3 },
    });
    expect(check(multiple, ['a', 'a'])).toEqual({ code: 'choice_invalid' });
    expect(check(multiple, ['a', 'z'])).toEqual({ code: 'choice_invalid' });
    expect(check(multiple, 'a')).toEqual({ code: 'choice_invalid' });
    // Optional: empty is fine, min_choices applies once something is chosen.
    expect(check(multiple, [])).toBeNull();
    expect(check({ ...multiple, required: true }, [])).toEqual({ code: 'required' });
  });

  it('checks a preference multiple choice like a multiple choice', () => {
    const preference = {
      component: 'preference_multiple_choice',
      choices,
      'component-params': { min_choices: 1, max_choices: 2 },
    };
    expect(check(preference, ['b', 'a'])).toBeNull();
    expect(check(preference, ['a', 'b', 'c'])).toEqual({
      code: 'choices_too_many',
      params: { max: 2 },
    });
  });

  it('checks a hierarchical selection is a full path of the tree', () => {
    const select = { component: 'hierarchical_select', 'component-params': { tree } };
    expect(check(select, ['attiki', 'athina'])).toBeNull();
    expect(check(select, ['attiki'])).toEqual({ code: 'choice_invalid' });
    expect(check(select, ['attiki', 'patra'])).toEqual({ code: 'choice_invalid' });
    expect(check(select, 'attiki/athina')).toEqual({ code: 'choice_invalid' });
    expect(check({ ...select, required: true }, [])).toEqual({ code: 'required' });
  });

  it('checks only the shape of a dataset selection where the tree is not held (the web)', () => {
    const select = { component: 'hierarchical_select', 'component-params': { dataset: 'x' } };
    expect(check(select, ['GR-I', 'piraeus'])).toBeNull();
    expect(check(select, ['GR-I', ''])).toEqual({ code: 'choice_invalid' });
    expect(check(select, 'GR-I/piraeus')).toEqual({ code: 'choice_invalid' });
    // With the tree inlined (the server), the whole path is checked.
    expect(check({ ...select, 'component-params': { dataset: 'x', tree } }, ['attiki'])).toEqual({
      code: 'choice_invalid',
    });
  });
});

describe('validateValues: recipient and attachments', () => {
  const recipient = { component: 'recipient', required: true };

  it('requires a recipient and checks its shape', () => {
    expect(check(recipient, null)).toEqual({ code: 'recipient_required' });
    expect(
      check(recipient, {
        type: 'entity',
        codename: 'DIMOS_ATHINAION',
        name: { el: 'Δήμος Αθηναίων', en: 'Municipality of Athens', fr: "Municipalité d'Athènes" },
      }),
    ).toBeNull();
    expect(
      check(recipient, { type: 'custom', name: 'Γ. Νικολάου', email: 'g@example.gr' }),
    ).toBeNull();
    expect(check(recipient, { type: 'custom', name: '   ' })).toEqual({
      code: 'recipient_invalid',
    });
    expect(check(recipient, { type: 'custom', name: 'Γ. Νικολάου', email: 'g@' })).toEqual({
      code: 'email_invalid',
    });
    expect(check(recipient, 'DIMOS_ATHINAION')).toEqual({ code: 'recipient_invalid' });
  });

  it('counts attachments from the context, not from the values', () => {
    const attachment = {
      component: 'attachment',
      required: true,
      'component-params': { max_files: 2 },
    };
    expect(check(attachment, undefined)).toEqual({ code: 'required' });
    expect(check(attachment, undefined, { attachments: { f: [{ size: 10 }] } })).toBeNull();
    expect(
      check(attachment, undefined, { attachments: { f: [{ size: 1 }, { size: 1 }, { size: 1 }] } }),
    ).toEqual({ code: 'files_too_many', params: { max: 2 } });
  });
});

describe('validateValues: lists', () => {
  const children = field({
    key: 'children',
    component: 'list_of',
    required: true,
    'list-of': {
      multiplicity: 3,
      'multiplicity-unique': 'amka',
      'multiplicity-sortable': true,
      fields: [
        { key: 'name', label, component: 'string', required: true, normalize_upper: true },
        { key: 'amka', label, component: 'amka', required: true },
        { key: 'note', label, component: 'notice' },
      ],
    },
  });
  const row = (name: string, amka: string) => ({ name, amka });

  it('accepts valid rows', () => {
    expect(
      errorsOf([children], {
        children: [row('Ελένη', '01018000016'), row('Νίκος', '15028500021')],
      }),
    ).toEqual([]);
  });

  it('reports a row’s cell errors by path', () => {
    expect(errorsOf([children], { children: [row('', '01018000016'), row('Νίκος', '1')] })).toEqual(
      [
        { field: 'children.0.name', error: { code: 'required' } },
        { field: 'children.1.amka', error: { code: 'amka_invalid' } },
      ],
    );
  });

  it('counts rows between 1 (required) and the multiplicity', () => {
    expect(errorsOf([children], { children: [] })).toEqual([
      { field: 'children', error: { code: 'list_too_few', params: { min: 1 } } },
    ]);
    const four = ['01018000016', '15028500021', '20039000037', '05077500048'];
    expect(errorsOf([children], { children: four.map((amka) => row('Α', amka)) })).toEqual([
      { field: 'children', error: { code: 'list_too_many', params: { max: 3 } } },
    ]);
  });

  it('refuses a repeated value in the unique column, after trimming', () => {
    expect(
      errorsOf([children], { children: [row('Α', '01018000016'), row('Β', ' 01018000016 ')] }),
    ).toEqual([{ field: 'children.1.amka', error: { code: 'list_duplicate' } }]);
  });

  it('refuses rows and lists of the wrong shape', () => {
    expect(errorsOf([children], { children: 'Ελένη' })).toEqual([
      { field: 'children', error: { code: 'value_invalid' } },
    ]);
    expect(errorsOf([children], { children: [row('Α', '01018000016'), 'x'] })).toEqual([
      { field: 'children.1', error: { code: 'value_invalid' } },
    ]);
  });
});

describe('validateValues: rates with dependencies', () => {
  const owner = field({
    key: 'owner',
    component: 'rate',
    'component-params': { dependencies: ['spouse'] },
  });
  const spouse = field({
    key: 'spouse',
    component: 'rate',
    'component-params': {
      dependencies: ['owner'],
      'dependencies-error-message': { el: 'Έως 100', en: 'Up to 100', fr: "Jusqu'à 100" },
    },
  });

  it('accepts a sum above 0 and at most 100, decimal commas included', () => {
    expect(errorsOf([owner, spouse], { owner: '50', spouse: '50' })).toEqual([]);
    expect(errorsOf([owner, spouse], { owner: '33,33', spouse: '66,67' })).toEqual([]);
    expect(errorsOf([owner, spouse], { owner: '10', spouse: '' })).toEqual([]);
  });

  it('leaves optional rates alone when none was given', () => {
    expect(errorsOf([owner, spouse], {})).toEqual([]);
    expect(errorsOf([owner, spouse], { owner: '', spouse: '' })).toEqual([]);
  });

  it('refuses a sum over 100 or of zero, with the custom message where the template has one', () => {
    expect(errorsOf([owner, spouse], { owner: '60', spouse: '50' })).toEqual([
      { field: 'owner', error: { code: 'rate_sum' } },
      {
        field: 'spouse',
        error: { code: 'custom', params: { el: 'Έως 100', en: 'Up to 100', fr: "Jusqu'à 100" } },
      },
    ]);
    expect(errorsOf([owner], { owner: '0', spouse: '0' })).toEqual([
      { field: 'owner', error: { code: 'rate_sum' } },
    ]);
  });

  it('leaves a malformed dependency to its own check', () => {
    expect(errorsOf([owner, spouse], { owner: '40', spouse: 'abc' })).toEqual([
      { field: 'spouse', error: { code: 'rate_invalid' } },
    ]);
  });
});

describe('validateValues: what is checked', () => {
  it('checks the normalised upper-case value', () => {
    const upper = field({ component: 'string', normalize_upper: true });
    expect(normalizeFieldValue(upper, '  Παπαδοπούλου ')).toBe('ΠΑΠΑΔΟΠΟΥΛΟΥ');
    expect(normalizeFieldValue(field({ component: 'text' }), '  κείμενο ')).toBe('  κείμενο ');
    const limited = {
      component: 'string',
      normalize_upper: true,
      'component-params': { max_length: 3 },
    };
    // 'Ά ' is two characters before trimming, one after.
    expect(check(limited, 'άβγ ')).toBeNull();
  });

  it('skips fields that are not editable or take no input', () => {
    const fields = [
      field({ key: 'afm', component: 'afm', required: true, editable: false }),
      field({ key: 'shown', component: 'string', required: true, 'user-input-mode': 'display' }),
      field({ key: 'note', component: 'notice', required: true }),
      field({ key: 'kept', component: 'string', required: true, 'user-input-mode': 'noinput' }),
    ];
    expect(errorsOf(fields, {})).toEqual([]);
    expect(isInputField(fields[2] as StepField)).toBe(false);
  });

  it('runs the rules after the fields, and only on fields without an error', () => {
    const fields = [
      field({ key: 'lost_from', component: 'date', required: true }),
      field({ key: 'lost_to', component: 'date' }),
      field({ key: 'plate', component: 'string' }),
      field({ key: 'plate_unknown', component: 'checkbox' }),
    ];
    const rules: TemplateRuleRef[] = [
      { rule: 'loss_period', params: { from: 'lost_from', to: 'lost_to' } },
      { rule: 'plate_or_unknown', params: { plate: 'plate', unknown: 'plate_unknown' } },
    ];
    // lost_from already fails `required`: the rule's loss_period_from_required is not added.
    expect(errorsOf(fields, { lost_to: '10/06/2024' }, rules)).toEqual([
      { field: 'lost_from', error: { code: 'required' } },
      { field: 'plate', error: { code: 'plate_required' } },
    ]);
    expect(
      errorsOf(
        fields,
        { lost_from: '10/06/2024', lost_to: '01/06/2024', plate_unknown: true },
        rules,
      ),
    ).toEqual([{ field: 'lost_to', error: { code: 'loss_period_order' } }]);
  });

  it('refuses an unknown rule loudly (the server refuses such templates at start)', () => {
    expect(() => errorsOf([], {}, [{ rule: 'no_such_rule', params: {} }])).toThrow(/no_such_rule/);
  });
});
