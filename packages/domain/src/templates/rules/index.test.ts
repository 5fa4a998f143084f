import { describe, expect, it } from 'vitest';
import { isKnownRule, runTemplateRules, TEMPLATE_RULE_FIELD_PARAMS, TEMPLATE_RULES } from './index';

const context = { now: new Date('2024-06-15T10:00:00Z') };

describe('template rules registry', () => {
  it('registers the rules of spec section 5', () => {
    expect(Object.keys(TEMPLATE_RULES).sort()).toEqual([
      'birth_year_month',
      'certificate_or_code',
      'child_names',
      'date_span',
      'eligible_school',
      'fine_series',
      'foreign_town',
      'insurance_policy',
      'loss_period',
      'min_age',
      'min_value',
      'name_prefix',
      'one_category',
      'other_requires_explanation',
      'passport_loss',
      'plate_or_unknown',
      'registry_age',
      'reply_window',
      'school_aid_bank_iban',
      'second_parent',
      'student_number',
      'unique_list_column',
      'weather_period',
      'work_organisations',
    ]);
  });

  it('describes the field params of every rule', () => {
    expect(Object.keys(TEMPLATE_RULE_FIELD_PARAMS).sort()).toEqual(
      Object.keys(TEMPLATE_RULES).sort(),
    );
  });

  it('knows its own rules only', () => {
    expect(isKnownRule('date_span')).toBe(true);
    expect(isKnownRule('toString')).toBe(false);
    expect(isKnownRule('nope')).toBe(false);
  });

  it('runs the rules in order and gathers their errors', () => {
    const errors = runTemplateRules(
      [
        { rule: 'plate_or_unknown', params: { plate: 'plate', unknown: 'unknown' } },
        { rule: 'min_value', params: { field: 'value', min: 6000 } },
      ],
      { value: '100' },
      context,
    );
    expect(errors.map((entry) => entry.error.code)).toEqual(['plate_required', 'amount_too_low']);
  });

  it('throws on an unknown rule', () => {
    expect(() => runTemplateRules([{ rule: 'nope', params: {} }], {}, context)).toThrow(
      'unknown template rule "nope"',
    );
  });

  it.each(Object.keys(TEMPLATE_RULES))('%s never throws on garbage', (name) => {
    const rule = TEMPLATE_RULES[name]!;
    const garbage: unknown[] = [undefined, null, 0, 42, '', 'x', [], [null], {}, { a: 1 }, true];
    for (const value of garbage) {
      const values = new Proxy({} as Record<string, unknown>, { get: () => value });
      const params = {
        from: 'a',
        to: 'b',
        series: 'a',
        number: 'b',
        plate: 'a',
        unknown: 'b',
        bank: 'a',
        iban: 'b',
        list: 'a',
        column: 'c',
        self_field: 'b',
        field: 'a',
        min: 18,
        explanation: 'b',
        max_age_months: 6,
        first: 'a',
        second: 'b',
        third: 'c',
        surname: 'c',
        firstname: 'a',
        afm: 'b',
        own_afm: 'c',
        country: 'a',
        town: 'b',
        fields: ['a', 'b'],
        attachment: 'a',
        code: 'b',
        authority: 'a',
        details: 'b',
        reported: 'c',
        when: 'c',
        eligible: ['1'],
        allowed: ['1'],
      };
      expect(() => rule(values, params, context)).not.toThrow();
      expect(() =>
        rule({}, { from: value, field: value, min: value, fields: value, first: value }, context),
      ).not.toThrow();
    }
  });
});
