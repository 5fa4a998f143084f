import type { RuleError, TemplateRule } from './index';
import { ruleError, stringParam, textValue } from './rule-helpers';

/**
 * A lost or stolen passport (spec section 5, passport loss needs an authority and details): the
 * authority the loss was reported to and the details of the loss are both given. When the
 * template names a `reported` check box, they are needed only once it is ticked.
 *
 * params: authority, details (field keys), reported (optional check-box field key).
 */
export const passportLoss: TemplateRule = (values, params) => {
  const authorityKey = stringParam(params, 'authority');
  const detailsKey = stringParam(params, 'details');
  if (!authorityKey || !detailsKey) return [];
  const reportedKey = stringParam(params, 'reported');
  if (reportedKey && values[reportedKey] !== true) return [];
  const errors: RuleError[] = [];
  if (textValue(values, authorityKey) === undefined) {
    errors.push(ruleError(authorityKey, 'passport_loss_authority_required'));
  }
  if (textValue(values, detailsKey) === undefined) {
    errors.push(ruleError(detailsKey, 'passport_loss_details_required'));
  }
  return errors;
};
