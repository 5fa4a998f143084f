import type { TemplateRuleRef } from '../template-schema';
import type { ValidationError } from '../../validators/validation-error';

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

export const TEMPLATE_RULES: Record<string, TemplateRule> = {};

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
