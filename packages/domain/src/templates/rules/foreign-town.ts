import type { TemplateRule } from './index';
import { ruleError, stringParam, textValue } from './rule-helpers';

/**
 * Where a baptism took place (spec section 5, baptism foreign town): the foreign town stays
 * empty when the country is Greece and is required when it is another country. No country
 * chosen yet: the country field's own check reports it.
 *
 * params: country (field key), town (field key), home (the country value for Greece, default 'GR').
 */
export const foreignTown: TemplateRule = (values, params) => {
  const countryKey = stringParam(params, 'country');
  const townKey = stringParam(params, 'town');
  if (!countryKey || !townKey) return [];
  const country = textValue(values, countryKey);
  if (country === undefined) return [];
  const home = stringParam(params, 'home') ?? 'GR';
  const town = textValue(values, townKey);
  if (country === home && town !== undefined)
    return [ruleError(townKey, 'foreign_town_not_allowed')];
  if (country !== home && town === undefined) return [ruleError(townKey, 'foreign_town_required')];
  return [];
};
