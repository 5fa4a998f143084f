import type { TemplateRule } from './index';
import { ruleError, stringParam, textValue } from './rule-helpers';

function listParam(params: Record<string, unknown>, name: string): string[] {
  const value = params[name];
  return Array.isArray(value)
    ? value.filter((entry): entry is string => typeof entry === 'string')
    : [];
}

/**
 * A school that takes part in a programme (spec section 8, school_not_in_eligible_list): the
 * school code chosen or typed is one of the `eligible` codes the programme lists.
 *
 * params: field (field key), eligible (codes).
 */
export const eligibleSchool: TemplateRule = (values, params) => {
  const key = stringParam(params, 'field');
  if (!key) return [];
  const code = textValue(values, key);
  if (code === undefined) return [];
  return listParam(params, 'eligible').includes(code)
    ? []
    : [ruleError(key, 'school_not_in_eligible_list')];
};

/**
 * The work organisations a declaration is made for (spec section 8, no_work_orgs and
 * no_allowed_work_orgs): at least one is given, and at least one of them is among the
 * organisations the template allows (`allowed`; every one when the param is absent).
 *
 * params: field (multiple-choice field key), allowed (organisation codes, optional).
 */
export const workOrganisations: TemplateRule = (values, params) => {
  const key = stringParam(params, 'field');
  if (!key) return [];
  const value = values[key];
  const chosen = Array.isArray(value)
    ? value.filter((entry): entry is string => typeof entry === 'string')
    : [];
  if (chosen.length === 0) return [ruleError(key, 'no_work_orgs')];
  if (!Array.isArray(params.allowed)) return [];
  const allowed = listParam(params, 'allowed');
  return chosen.some((code) => allowed.includes(code))
    ? []
    : [ruleError(key, 'no_allowed_work_orgs')];
};
