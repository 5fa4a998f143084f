import { isSameName, type FieldError, type Template } from '@dilosi/domain';
import type { Queryable } from './document-queries';

/**
 * The server's part of checking a joint declaration's co-signatories (issue #35): where the
 * registry (table persons) knows a named tax number, the surname given must be its own, in any
 * script (ELOT 743, as at login). The web form checks the check digit, duplicates and self.
 */
export async function checkCoSignatories(
  db: Queryable,
  template: Template,
  values: Record<string, unknown>,
  editableKeys: ReadonlySet<string>,
): Promise<FieldError[]> {
  const joint = template.joint;
  if (!joint || !editableKeys.has(joint.list)) return [];
  const rows = Array.isArray(values[joint.list]) ? (values[joint.list] as unknown[]) : [];
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const named = rows.map((row) => (row ?? {}) as Record<string, unknown>);
  const afms = named.map((row) => text(row[joint.afm_column])).filter(Boolean);
  if (afms.length === 0) return [];
  const known = await db
    .selectFrom('persons')
    .select(['afm', 'surname'])
    .where('afm', 'in', afms)
    .execute();
  const surnames = new Map(known.map((person) => [person.afm, person.surname]));
  return named.flatMap((row, index) => {
    const registered = surnames.get(text(row[joint.afm_column]));
    const given = text(row[joint.surname_column]);
    if (registered === undefined || given === '' || isSameName(given, registered)) return [];
    return [
      {
        field: `${joint.list}.${index}.${joint.surname_column}`,
        error: { code: 'co_signatory_name_mismatch' },
      },
    ];
  });
}
