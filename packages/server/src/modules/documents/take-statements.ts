import { isInputField, isMissingValue, normalizeFieldValue, type StepField } from '@dilosi/domain';

function takeRows(field: StepField, value: unknown): unknown {
  const list = field['list-of'];
  if (!list || !Array.isArray(value)) return value;
  const columns = list.fields.filter((sub) => sub.editable && isInputField(sub));
  return value.map((row) => {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) return row;
    const cells = row as Record<string, unknown>;
    return Object.fromEntries(
      columns
        .filter((sub) => Object.hasOwn(cells, sub.key))
        .map((sub) => [sub.key, normalizeFieldValue(sub, cells[sub.key])] as const),
    );
  });
}

/**
 * The statements the citizen may set: only the given editable input fields (others, unknown
 * keys and registry values are ignored), normalised. Attachments come as files, not here.
 * Answers the stored values with these applied; a value sent empty is removed.
 */
export function applyStatements(
  values: Record<string, unknown>,
  fields: readonly StepField[],
  statements: Record<string, unknown>,
): Record<string, unknown> {
  const merged = { ...values };
  for (const field of fields) {
    if (!field.editable || !isInputField(field) || field.component === 'attachment') continue;
    if (!Object.hasOwn(statements, field.key)) continue;
    const value =
      field.component === 'list_of'
        ? takeRows(field, statements[field.key])
        : normalizeFieldValue(field, statements[field.key]);
    if (isMissingValue(value) && field.component !== 'list_of') delete merged[field.key];
    else merged[field.key] = value;
  }
  return merged;
}
