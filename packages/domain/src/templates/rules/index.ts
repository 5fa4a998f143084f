import type { TemplateRuleRef } from '../template-schema';
import type { ValidationError } from '../../validators/validation-error';
import { dateSpan } from './date-span';
import { fineSeries } from './fine-series';
import { lossPeriod } from './loss-period';
import { minAge } from './min-age';
import { minValue } from './min-value';
import { otherRequiresExplanation } from './other-requires-explanation';
import { plateOrUnknown } from './plate-or-unknown';
import { schoolAidBankIban } from './school-aid-bank-iban';
import { uniqueListColumn } from './unique-list-column';

/**
 * Template-specific rules (spec section 5, "Template-specific rules"). A template names a rule
 * and its params in a step's `rules`; the web form and the server run the same function.
 * Each rule returns errors on the fields it reads, with codes from i18n/<locale>/validation.json.
 */
export type RuleContext = { now: Date };
export type RuleError = { field: string; error: ValidationError };
export type TemplateRule = (
  values: Record<string, unknown>,
  params: Record<string, unknown>,
  context: RuleContext,
) => RuleError[];

export const TEMPLATE_RULES: Record<string, TemplateRule> = {
  date_span: dateSpan,
  loss_period: lossPeriod,
  fine_series: fineSeries,
  plate_or_unknown: plateOrUnknown,
  school_aid_bank_iban: schoolAidBankIban,
  unique_list_column: uniqueListColumn,
  min_value: minValue,
  min_age: minAge,
  other_requires_explanation: otherRequiresExplanation,
};

/**
 * The params of each rule that name a top-level field of the template, so that a catalogue check
 * can prove every rule reads fields that exist. Required ones first; see each rule's file.
 */
export const TEMPLATE_RULE_FIELD_PARAMS: Record<
  string,
  { required: string[]; optional: string[] }
> = {
  date_span: { required: ['from', 'to'], optional: [] },
  loss_period: { required: ['from', 'to'], optional: [] },
  fine_series: { required: [], optional: ['series', 'number'] },
  plate_or_unknown: { required: ['plate', 'unknown'], optional: [] },
  school_aid_bank_iban: { required: ['bank', 'iban'], optional: [] },
  unique_list_column: { required: ['list'], optional: ['self_field'] },
  min_value: { required: ['field'], optional: [] },
  min_age: { required: ['field'], optional: [] },
  other_requires_explanation: { required: ['field', 'explanation'], optional: [] },
};

export function isKnownRule(name: string): boolean {
  return Object.hasOwn(TEMPLATE_RULES, name);
}

export function runTemplateRules(
  rules: readonly TemplateRuleRef[],
  values: Record<string, unknown>,
  context: RuleContext,
): RuleError[] {
  return rules.flatMap((ref) => {
    const rule = TEMPLATE_RULES[ref.rule];
    if (!rule) throw new Error(`unknown template rule "${ref.rule}"`);
    return rule(values, ref.params, context);
  });
}
