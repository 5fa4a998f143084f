import { birthYearMonth, registryAge } from './birth-year-month';
import type { TemplateRuleRef } from '../template-schema';
import type { ValidationError } from '../../validators/validation-error';
import { certificateOrCode } from './certificate-or-code';
import { childNames } from './child-names';
import { dateSpan } from './date-span';
import { eligibleSchool, workOrganisations } from './eligible-choice';
import { foreignTown } from './foreign-town';
import { insurancePolicy } from './insurance-policy';
import { fineSeries } from './fine-series';
import { lossPeriod } from './loss-period';
import { minAge } from './min-age';
import { minValue } from './min-value';
import { namePrefix } from './name-prefix';
import { oneCategory } from './one-category';
import { otherRequiresExplanation } from './other-requires-explanation';
import { passportLoss } from './passport-loss';
import { plateOrUnknown } from './plate-or-unknown';
import { replyWindow } from './reply-window';
import { schoolAidBankIban } from './school-aid-bank-iban';
import { secondParent } from './second-parent';
import { studentNumber } from './student-number';
import { uniqueListColumn } from './unique-list-column';
import { weatherPeriod } from './weather-period';

/**
 * Template-specific rules (spec section 5, "Template-specific rules"). A template names a rule
 * and its params in a step's `rules`; the web form and the server run the same function.
 * Each rule returns errors on the fields it reads, with codes from i18n/<locale>/validation.json.
 */
export type RuleContext = {
  now: Date;
  /** Files attached or being uploaded, by field key: a rule may need a file or its absence. */
  attachments?: Readonly<Record<string, readonly unknown[]>>;
};
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
  child_names: childNames,
  second_parent: secondParent,
  foreign_town: foreignTown,
  name_prefix: namePrefix,
  one_category: oneCategory,
  certificate_or_code: certificateOrCode,
  passport_loss: passportLoss,
  reply_window: replyWindow,
  weather_period: weatherPeriod,
  insurance_policy: insurancePolicy,
  eligible_school: eligibleSchool,
  work_organisations: workOrganisations,
  student_number: studentNumber,
  birth_year_month: birthYearMonth,
  registry_age: registryAge,
};

/**
 * The params of each rule that name a top-level field of the template, so that a catalogue check
 * can prove every rule reads fields that exist. Required ones first; `lists` are params holding
 * an array of field keys. See each rule's file.
 */
export const TEMPLATE_RULE_FIELD_PARAMS: Record<
  string,
  { required: string[]; optional: string[]; lists?: string[] }
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
  child_names: { required: ['first'], optional: ['second', 'third', 'surname'] },
  second_parent: { required: ['firstname', 'surname', 'afm'], optional: ['own_afm'] },
  foreign_town: { required: ['country', 'town'], optional: [] },
  name_prefix: { required: ['field'], optional: [] },
  one_category: { required: [], optional: [], lists: ['fields'] },
  certificate_or_code: { required: ['attachment', 'code'], optional: [] },
  passport_loss: { required: ['authority', 'details'], optional: ['reported'] },
  reply_window: { required: ['field'], optional: [] },
  weather_period: { required: ['from', 'to'], optional: [] },
  insurance_policy: { required: ['attachment'], optional: ['when'] },
  eligible_school: { required: ['field'], optional: [] },
  work_organisations: { required: ['field'], optional: [] },
  student_number: { required: ['capacity', 'number'], optional: [] },
  birth_year_month: { required: ['year', 'month'], optional: [] },
  registry_age: { required: ['field'], optional: [] },
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
