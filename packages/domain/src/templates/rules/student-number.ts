import type { TemplateRule } from './index';
import { ruleError, stringParam, textValue } from './rule-helpers';

/**
 * Student numbers only for students (spec section 5): the student number is given when the
 * declarant says she studies (`capacity` is `student_value`, "student" by default) and only
 * then. The server also checks it against the student registry (documents/registry-checks.ts).
 *
 * params: capacity (choice field key), number (field key), student_value (optional).
 */
export const studentNumber: TemplateRule = (values, params) => {
  const capacityKey = stringParam(params, 'capacity');
  const numberKey = stringParam(params, 'number');
  if (!capacityKey || !numberKey) return [];
  const capacity = textValue(values, capacityKey);
  if (capacity === undefined) return [];
  const isStudent = capacity === (stringParam(params, 'student_value') ?? 'student');
  const number = textValue(values, numberKey);
  if (isStudent && number === undefined) return [ruleError(numberKey, 'required')];
  if (!isStudent && number !== undefined) {
    return [ruleError(numberKey, 'student_number_only_for_students')];
  }
  return [];
};
