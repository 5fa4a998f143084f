import type { RuleError, TemplateRule } from './index';
import { normalizeIban } from '../../validators/iban';
import { ruleError, stringParam, textValue } from './rule-helpers';

/**
 * The school-aid payment account (spec section 5): bank and IBAN are given together, and the
 * IBAN belongs to the chosen bank. In a Greek IBAN (GRkk BBBB …) positions 5–7 are the bank's
 * code: 011 National Bank, 017 Piraeus, 026 Eurobank, 014 Alpha Bank.
 *
 * params: bank (choice field whose values are the 3-digit bank codes), iban (iban field key);
 * bank_codes (optional map from choice value to bank code, when the values are not the codes).
 */
export const schoolAidBankIban: TemplateRule = (values, params) => {
  const bankKey = stringParam(params, 'bank');
  const ibanKey = stringParam(params, 'iban');
  if (!bankKey || !ibanKey) return [];
  const bank = textValue(values, bankKey);
  const iban = textValue(values, ibanKey);
  const errors: RuleError[] = [];
  if (bank === undefined && iban !== undefined) errors.push(ruleError(bankKey, 'bank_required'));
  if (iban === undefined && bank !== undefined)
    errors.push(ruleError(ibanKey, 'bank_iban_required'));
  if (bank === undefined || iban === undefined) return errors;

  const codes = params.bank_codes;
  const mapped =
    typeof codes === 'object' && codes !== null ? (codes as Record<string, unknown>)[bank] : bank;
  const bankCode = typeof mapped === 'string' ? mapped : bank;
  const normalized = normalizeIban(iban);
  const full = /^\d/.test(normalized) ? `GR${normalized}` : normalized;
  // Only a well-formed Greek IBAN has a bank code to compare; the iban field reports the rest.
  if (!/^GR\d{25}$/.test(full)) return errors;
  if (full.slice(4, 7) !== bankCode) errors.push(ruleError(ibanKey, 'iban_bank_mismatch'));
  return errors;
};
