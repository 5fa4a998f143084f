import type { Database } from '../db/database';

/**
 * Demo rows of the registry-kept restrictions (issue #37, migration 0049): Maria is a certified
 * translator and works for the Municipality of Athens; Nikos works for a private company;
 * Ioannis is a translator struck off the registry. The lists per template (permitted employers,
 * named operators) are kept by the template's entity; no catalogue template declares them yet.
 */
export const demoTranslators = [
  { afm: '100000015', name: 'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ', revoked: false },
  { afm: '100000088', name: 'ΙΩΑΝΝΗΣ ΠΑΠΑΓΕΩΡΓΙΟΥ', revoked: true },
];

export const demoEmployers = [
  { afm: '100000015', employer_afm: '090025537', employer_name: 'ΔΗΜΟΣ ΑΘΗΝΑΙΩΝ' },
  { afm: '100000027', employer_afm: '099999990', employer_name: 'ΔΟΚΙΜΑΣΤΙΚΗ ΙΔΙΩΤΙΚΗ Α.Ε.' },
];

export async function seedDemoRestrictions(database: Database): Promise<void> {
  const { db } = database;
  const at = new Date();
  await db
    .insertInto('certified_translators')
    .values(
      demoTranslators.map((t) => ({
        afm: t.afm,
        name: t.name,
        registered_at: at,
        revoked_at: t.revoked ? at : null,
      })),
    )
    .onConflict((oc) => oc.column('afm').doNothing())
    .execute();
  await db
    .insertInto('person_employers')
    .values(demoEmployers)
    .onConflict((oc) => oc.columns(['afm', 'employer_afm']).doNothing())
    .execute();
}
