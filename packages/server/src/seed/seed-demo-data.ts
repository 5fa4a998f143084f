import { permissionMachine, transition } from '@dilosi/domain';
import type { Database } from '../db/database';
import { demoEntities, demoEntityTemplates, demoPersons, demoRecipientDatasets } from './demo-data';
import { demoStaff } from './demo-staff';
import { seedDemoRestrictions } from './demo-restrictions';

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
        is_kep: e.is_kep ?? false,
        is_addressable: !e.is_kep,
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
      uniqueStaff().map((staff) => {
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
  await seedStaffPermissions(database);
  await seedRecipientDatasets(database);
  await seedEntityTemplates(database);
  await seedDemoRestrictions(database);
  return { entities: entities.length, persons: persons.length };
}

function uniqueStaff() {
  return demoStaff.filter(
    (staff, index) => demoStaff.findIndex((s) => s.afm === staff.afm) === index,
  );
}

// A request accepted at once: the state the permission machine gives an accepted request.
const accepted = transition(permissionMachine, permissionMachine.initial, 'accept');
const ACCEPTED = accepted.ok && accepted.state ? accepted.state : permissionMachine.initial;

/** The demo staff's roles (active) where they do not exist yet. */
async function seedStaffPermissions(database: Database): Promise<void> {
  const { db } = database;
  for (const staff of demoStaff) {
    if (staff.role === 'admin') continue;
    const role = staff.role;
    const [user, entity] = await Promise.all([
      db.selectFrom('users').select('id').where('afm', '=', staff.afm).executeTakeFirst(),
      db
        .selectFrom('entities')
        .select('id')
        .where('codename', '=', staff.entity)
        .executeTakeFirst(),
    ]);
    if (!user || !entity) continue;
    const existing = await db
      .selectFrom('permissions')
      .select('id')
      .where('user_id', '=', user.id)
      .where('entity_id', '=', entity.id)
      .where('role', '=', role)
      .executeTakeFirst();
    if (existing) continue;
    await db
      .insertInto('permissions')
      .values({
        user_id: user.id,
        entity_id: entity.id,
        role,
        state: ACCEPTED,
        requested_by: user.id,
        decided_by: user.id,
        decided_at: new Date(),
      })
      .execute();
  }
}

/** The demo recipient datasets and their members; existing rows are left as they are. */
async function seedRecipientDatasets(database: Database): Promise<void> {
  const { db } = database;
  await db
    .insertInto('recipient_datasets')
    .values(
      demoRecipientDatasets.map((d) => ({ codename: d.codename, title: JSON.stringify(d.title) })),
    )
    .onConflict((oc) => oc.column('codename').doNothing())
    .execute();
  const entities = await db.selectFrom('entities').select(['id', 'codename']).execute();
  const members = demoRecipientDatasets.flatMap((d) =>
    d.members.flatMap((codename) => {
      const entity = entities.find((e) => e.codename === codename);
      return entity ? [{ dataset: d.codename, entity_id: entity.id }] : [];
    }),
  );
  if (members.length === 0) return;
  await db
    .insertInto('recipient_dataset_members')
    .values(members)
    .onConflict((oc) => oc.columns(['dataset', 'entity_id']).doNothing())
    .execute();
}

/** The demo entities' template permissions; existing grants are left as they are. */
async function seedEntityTemplates(database: Database): Promise<void> {
  const { db } = database;
  const entities = await db
    .selectFrom('entities')
    .select('id')
    .where(
      'codename',
      'in',
      demoEntities.map((e) => e.codename),
    )
    .execute();
  const rows = entities.flatMap((entity) =>
    demoEntityTemplates.map((t) => ({
      entity_id: entity.id,
      template_refname: t.refname,
      use: t.use,
    })),
  );
  if (rows.length === 0) return;
  await db
    .insertInto('entity_template_permissions')
    .values(rows)
    .onConflict((oc) => oc.columns(['entity_id', 'template_refname', 'use']).doNothing())
    .execute();
}

/**
 * The demo staff's users found in a database: with DEVEL off they are a hazard (their tax numbers
 * have the real format, so a real person with one of them would log in as a head).
 */
export async function findDemoStaff(database: Database): Promise<string[]> {
  const rows = await database.db
    .selectFrom('users')
    .select('afm')
    .where(
      'afm',
      'in',
      uniqueStaff().map((staff) => staff.afm),
    )
    .execute();
  return rows.map((row) => row.afm).filter((afm): afm is string => afm !== null);
}
