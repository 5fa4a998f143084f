import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { registryOf } from '../registry';

export type Employer = { afm: string; name: string };

/**
 * Whether a tax number is a certified translator not struck off: the `translator` registry
 * through the port, or, with no registry configured, the `certified_translators` table kept in
 * its place (issue #37). A registry that cannot answer throws its `translator_try_later` (400,
 * `data.retry`): nobody is let in, or turned away, on an outage.
 */
export async function isCertifiedTranslator(database: Database, afm: string): Promise<boolean> {
  const registry = registryOf(database);
  if (registry.isAvailable) {
    const { data } = await registry.lookup('translator', afm);
    return data?.status === 'registered';
  }
  const row = await database.db
    .selectFrom('certified_translators')
    .select('afm')
    .where('afm', '=', afm)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A person's employers: the `employer` registry through the port (`employers: [{ afm, name }]`;
 * unknown to it, none), or, with no registry configured, the `person_employers` table. A list
 * the registry sends malformed is its error (interop_clienterror), not "no employer".
 */
export async function employersOf(database: Database, afm: string): Promise<Employer[]> {
  const registry = registryOf(database);
  if (registry.isAvailable) {
    const { data } = await registry.lookup('employer', afm);
    if (!data) return [];
    const { employers } = data;
    if (!Array.isArray(employers) || !employers.every(isEmployer)) {
      throw new AppError(400, 'interop_clienterror', { registry: 'employer' });
    }
    return employers.map(({ afm: employerAfm, name }) => ({ afm: employerAfm, name }));
  }
  const rows = await database.db
    .selectFrom('person_employers')
    .select(['employer_afm', 'employer_name'])
    .where('afm', '=', afm)
    .execute();
  return rows.map((row) => ({ afm: row.employer_afm, name: row.employer_name }));
}

function isEmployer(value: unknown): value is Employer {
  if (typeof value !== 'object' || value === null) return false;
  const { afm, name } = value as Record<string, unknown>;
  return typeof afm === 'string' && typeof name === 'string';
}
