import type { TemplateRule } from './index';
import { ruleError, stringParam, textValue } from './rule-helpers';

/**
 * A certificate the public body needs, either attached as a file or named by the code it can be
 * retrieved with (spec section 5, certificate attached or its code given). The error goes on the
 * code field, where the citizen can fix it without a file.
 *
 * params: attachment (attachment field key), code (text field key).
 */
export const certificateOrCode: TemplateRule = (values, params, { attachments }) => {
  const attachmentKey = stringParam(params, 'attachment');
  const codeKey = stringParam(params, 'code');
  if (!attachmentKey || !codeKey) return [];
  if ((attachments?.[attachmentKey]?.length ?? 0) > 0) return [];
  if (textValue(values, codeKey) !== undefined) return [];
  return [ruleError(codeKey, 'certificate_or_code_required')];
};
