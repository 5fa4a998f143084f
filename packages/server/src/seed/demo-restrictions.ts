import type { Database } from '../db/database';

/**
 * The demo lists of the restricted catalogue templates (issue #37), kept by the Municipality of
 * Athens, the entity they name: its staff and those of its legal entity may apply for the
 * transit pass scheme (permitted employers), and two persons are the contracted veterinarians of
 * its stray-animal programme (named operators). Who is a certified translator, and who works
 * where, is the registries' (the simulator's data in modules/registry/simulator-data.ts: Maria is
 * a translator working for the Municipality, Nikos works for a private company, Ioannis was
 * struck off).
 */
export const demoPermittedEmployers = [
  {
    template_refname: 'employee-transit-pass-application',
    employer_afm: '090025537',
    employer_name: 'ΔΗΜΟΣ ΑΘΗΝΑΙΩΝ',
  },
  {
    template_refname: 'employee-transit-pass-application',
    employer_afm: '998877666',
    employer_name: 'ΚΟΙΝΩΦΕΛΗΣ ΕΠΙΧΕΙΡΗΣΗ ΔΗΜΟΥ ΑΘΗΝΑΙΩΝ',
  },
];

export const demoNamedOperators = [
  { template_refname: 'stray-animal-care-declaration', afm: '100000015' },
  { template_refname: 'stray-animal-care-declaration', afm: '100000039' },
];

const OWNER = 'DIMOS_ATHINAION';

export async function seedDemoRestrictions(database: Database): Promise<void> {
  const { db } = database;
  const at = new Date();
  const owner = await db
    .selectFrom('entities')
    .select('id')
    .where('codename', '=', OWNER)
    .executeTakeFirst();
  if (!owner) return;
  await db
    .insertInto('template_permitted_employers')
    .values(demoPermittedEmployers.map((row) => ({ ...row, created_at: at })))
    .onConflict((oc) => oc.columns(['template_refname', 'employer_afm']).doNothing())
    .execute();
  await db
    .insertInto('template_named_operators')
    .values(demoNamedOperators.map((row) => ({ ...row, entity_id: owner.id, created_at: at })))
    .onConflict((oc) => oc.columns(['template_refname', 'afm']).doNothing())
    .execute();
}
