import {
  caseMachine,
  isOpenCaseStatus,
  nameKey,
  transition,
  type CaseStatus,
} from '@dilosi/domain';
import { sql } from 'kysely';
import type { Database } from '../db/database';

/**
 * Citizens named on the demo cases (not users: the cases carry a copy of the name). A woman takes
 * her surname's feminine form (ΑΓΓΕΛΟΠΟΥΛΟΣ → ΑΓΓΕΛΟΠΟΥΛΟΥ), as Greek registries write it. No demo
 * case bears a demo person's surname (ΠΑΠΑΔΟΠΟΥΛΟΥ…): a clerk searching for the case that
 * person just sent finds hers alone.
 */
export const DEMO_FIRSTNAMES: readonly { name: string; isFemale: boolean }[] = [
  { name: 'ΜΑΡΙΑ', isFemale: true },
  { name: 'ΓΕΩΡΓΙΟΣ', isFemale: false },
  { name: 'ΕΛΕΝΗ', isFemale: true },
  { name: 'ΙΩΑΝΝΗΣ', isFemale: false },
  { name: 'ΑΙΚΑΤΕΡΙΝΗ', isFemale: true },
  { name: 'ΝΙΚΟΛΑΟΣ', isFemale: false },
  { name: 'ΒΑΣΙΛΙΚΗ', isFemale: true },
  { name: 'ΔΗΜΗΤΡΙΟΣ', isFemale: false },
  { name: 'ΣΟΦΙΑ', isFemale: true },
  { name: 'ΚΩΝΣΤΑΝΤΙΝΟΣ', isFemale: false },
  { name: 'ΑΓΓΕΛΙΚΗ', isFemale: true },
  { name: 'ΠΑΝΑΓΙΩΤΗΣ', isFemale: false },
];
export const DEMO_SURNAMES: readonly { male: string; female: string }[] = [
  { male: 'ΠΑΠΑΝΙΚΟΛΑΟΥ', female: 'ΠΑΠΑΝΙΚΟΛΑΟΥ' },
  { male: 'ΒΛΑΧΟΣ', female: 'ΒΛΑΧΟΥ' },
  { male: 'ΑΓΓΕΛΟΠΟΥΛΟΣ', female: 'ΑΓΓΕΛΟΠΟΥΛΟΥ' },
  { male: 'ΝΙΚΟΛΑΙΔΗΣ', female: 'ΝΙΚΟΛΑΙΔΟΥ' },
  { male: 'ΚΑΡΑΜΑΝΛΗΣ', female: 'ΚΑΡΑΜΑΝΛΗ' },
  { male: 'ΟΙΚΟΝΟΜΟΥ', female: 'ΟΙΚΟΝΟΜΟΥ' },
  { male: 'ΜΠΑΚΟΓΙΑΝΝΗΣ', female: 'ΜΠΑΚΟΓΙΑΝΝΗ' },
  { male: 'ΧΑΤΖΗΔΑΚΗΣ', female: 'ΧΑΤΖΗΔΑΚΗ' },
  { male: 'ΣΤΑΥΡΟΠΟΥΛΟΣ', female: 'ΣΤΑΥΡΟΠΟΥΛΟΥ' },
  { male: 'ΤΣΑΚΑΛΩΤΟΣ', female: 'ΤΣΑΚΑΛΩΤΟΥ' },
];

/** A demo citizen's full name, the surname in the form that agrees with the first name. */
export function demoCitizenName(
  first: (typeof DEMO_FIRSTNAMES)[number],
  surname: (typeof DEMO_SURNAMES)[number],
): string {
  return `${first.name} ${first.isFemale ? surname.female : surname.male}`;
}
const TEMPLATES: { refname: string; subject: string }[] = [
  { refname: 'solemn-declaration', subject: 'Υπεύθυνη δήλωση' },
  { refname: 'authorisation', subject: 'Εξουσιοδότηση' },
  { refname: 'id-loss-declaration', subject: 'Δήλωση απώλειας ταυτότητας' },
  { refname: 'application-attachments', subject: 'Αίτηση με συνημμένα' },
  { refname: 'school-trip-consent', subject: 'Συναίνεση για σχολική εκδρομή' },
];

/** Per entity codename, how many demo cases it receives (250 in all). */
const PER_ENTITY: Record<string, number> = {
  DIMOS_ATHINAION: 150,
  DIMOS_THESSALONIKIS: 40,
  EFKA: 30,
  AADE: 30,
};

/** A fixed sequence (not Math.random): the demo is the same on every fresh start. */
function* numbers(seed: number): Generator<number, never> {
  let x = seed >>> 0;
  for (;;) {
    x = (Math.imul(x, 1_103_515_245) + 12_345) >>> 0;
    yield x >>> 8;
  }
}

const STATUS_EVENTS = ['set_incoming', 'set_pending', 'set_finished', 'set_canceled'] as const;

/**
 * Demo cases that make the dashboard alive on the first start: 250 cases over four entities,
 * across statuses, templates, assignees and the last 90 days, with their history. Runs once: not
 * when demo cases (reference codes DEMO…) exist already.
 */
export async function seedDemoCases(
  database: Database,
  at: Date = new Date(),
  templates: { refname: string; subject: string }[] = TEMPLATES,
): Promise<number> {
  const { db } = database;
  const entities = await db
    .selectFrom('entities')
    .select(['id', 'codename'])
    .where('codename', 'in', Object.keys(PER_ENTITY))
    .execute();
  if (entities.length === 0) return 0;
  const existing = await db
    .selectFrom('inbox_entries')
    .select('id')
    .where('reference_code', 'like', 'DEMO%')
    .limit(1)
    .executeTakeFirst();
  if (existing) return 0;
  const staff = await db
    .selectFrom('permissions')
    .select(['user_id', 'entity_id'])
    .where('state', '=', 'active')
    .execute();
  const random = numbers(20_261_124);
  const pick = <T>(list: readonly T[]): T => list[random.next().value % list.length] as T;
  let created = 0;
  await db.transaction().execute(async (trx) => {
    for (const entity of entities) {
      const clerks = staff.filter((s) => s.entity_id === entity.id).map((s) => s.user_id);
      const count = PER_ENTITY[entity.codename] ?? 0;
      for (let n = 0; n < count; n += 1) {
        const receivedAt = new Date(at.getTime() - (random.next().value % (90 * 24 * 60)) * 60_000);
        let status: CaseStatus = caseMachine.initial;
        const moved = transition(caseMachine, status, pick(STATUS_EVENTS));
        if (moved.ok && moved.state) status = moved.state;
        const assignee = status !== 'incoming' && clerks.length > 0 ? pick(clerks) : null;
        const template = pick(templates);
        const name = demoCitizenName(pick(DEMO_FIRSTNAMES), pick(DEMO_SURNAMES));
        const { rows } = await sql<{ n: string }>`select nextval('case_number_seq') as n`.execute(
          trx,
        );
        const caseId = `${receivedAt.getUTCFullYear()}/${String(rows[0]?.n ?? 0).padStart(6, '0')}`;
        const code = `DEMO${String(created).padStart(4, '0')}${entity.codename.slice(0, 4)}`;
        const entry = await trx
          .insertInto('inbox_entries')
          .values({
            entity_id: entity.id,
            document_id: null,
            case_id: caseId,
            status,
            assignee_id: assignee,
            reference_code: code,
            template_refname: template.refname,
            subject: template.subject,
            citizen_name: name,
            citizen_name_key: nameKey(name),
            citizen_afm: null,
            received_at: receivedAt,
            updated_at: receivedAt,
            // The latest of the history rows written below (docs/dashboard.md "New activity").
            last_activity_at: assignee ? new Date(receivedAt.getTime() + 3_600_000) : receivedAt,
            last_activity_by: assignee,
            // A closed demo case closed within ten days of arriving, never after now (not drawn from
            // `random`, whose sequence the rest of the demo data keeps).
            closed_at: isOpenCaseStatus(status)
              ? null
              : new Date(
                  Math.min(
                    at.getTime(),
                    receivedAt.getTime() + (1 + ((n * 37) % (10 * 24))) * 3_600_000,
                  ),
                ),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('case_events')
          .values({
            inbox_entry_id: entry.id,
            action: 'received',
            user_id: null,
            details: JSON.stringify({ reference_code: code }),
            at: receivedAt,
          })
          .execute();
        if (assignee) {
          await trx
            .insertInto('case_events')
            .values({
              inbox_entry_id: entry.id,
              action: 'assign',
              user_id: assignee,
              details: JSON.stringify({ assignee_id: assignee }),
              at: new Date(receivedAt.getTime() + 3_600_000),
            })
            .execute();
        }
        created += 1;
      }
    }
  });
  return created;
}
