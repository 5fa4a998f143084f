import type { Database } from '../db/database';
import { demoEntities, demoPersons } from './demo-data';
import { demoStaff } from './demo-staff';

/**
 * Inserts the demo entities, persons and the users of the demo staff (dashboard admins); rows
 * that already exist are left as they are.
 */
export async function seedDemoData(
  database: Database,
): Promise<{ entities: number; persons: number }> {
  const entities = await database.db
    .insertInto('entities')
    .values(
      demoEntities.map((e) => ({
        codename: e.codename,
        display_name: JSON.stringify(e.display_name),
        email: e.email,
      })),
    )
    .onConflict((oc) => oc.column('codename').doNothing())
    .returning('id')
    .execute();
  const persons = await database.db
    .insertInto('persons')
    .values(demoPersons.map((p) => ({ ...p, address: JSON.stringify(p.address) })))
    .onConflict((oc) => oc.column('afm').doNothing())
    .returning('afm')
    .execute();
  await database.db
    .insertInto('users')
    .values(
      demoStaff.map((staff) => {
        const person = demoPersons.find((p) => p.afm === staff.afm);
        return {
          afm: staff.afm,
          firstname: person?.firstname ?? null,
          surname: person?.surname ?? null,
          email: person?.email ?? null,
          is_admin: true,
        };
      }),
    )
    .onConflict((oc) => oc.column('afm').doNothing())
    .execute();
  return { entities: entities.length, persons: persons.length };
}
