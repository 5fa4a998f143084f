import type { TemplateRule } from './index';
import { ruleError, stringParam } from './rule-helpers';

/**
 * The insurance policy attached where it applies (spec section 5, insurance-policy attachment
 * required): always, or only once the check box `when` is ticked (e.g. "the vehicle is insured").
 *
 * params: attachment (attachment field key), when (optional check-box field key).
 */
export const insurancePolicy: TemplateRule = (values, params, { attachments }) => {
  const key = stringParam(params, 'attachment');
  if (!key) return [];
  const when = stringParam(params, 'when');
  if (when && values[when] !== true) return [];
  if ((attachments?.[key]?.length ?? 0) > 0) return [];
  return [ruleError(key, 'insurance_policy_required')];
};
