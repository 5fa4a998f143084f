import crypto from 'node:crypto';
import {
  caseMachine,
  DAY_MS,
  documentMachine,
  isOpenCaseStatus,
  nameKey,
  nextState,
  recipientAnswerMachine,
  RETENTION_MAX_DAYS,
  transition,
  type CaseStatus,
  type DocumentEvent,
  type DocumentState,
  type Recipient,
  type Template,
} from '@dilosi/domain';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { DB, LocalizedText } from '../db/schema';
import { computeDigest } from '../modules/documents';
import {
  demoAttachmentPdf,
  demoCitizen,
  demoDocumentContent,
  type DemoCitizen,
} from './demo-documents';

/**
 * Citizens named on the demo cases (the cases carry a copy of the name; their documents are
 * owned by users the seed makes for them, demo-documents.ts). A woman takes
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

/** The document's states along its issuance, as its machine gives them. */
const EDITING = nextState(documentMachine.initial, 'create') ?? 'editing';
const REQUESTED = nextState(EDITING, 'request') ?? 'requested';
const ISSUED = nextState(REQUESTED, 'confirm') ?? 'issued';

type DemoCase = {
  entryId: string;
  entity: { id: string; codename: string; display_name: LocalizedText };
  status: CaseStatus;
  assignee: string | null;
  template: { refname: string; subject: string };
  citizen: DemoCitizen;
  name: string;
  code: string;
  receivedAt: Date;
  closedAt: Date | null;
};

/**
 * Demo cases that make the dashboard alive on the first start: 250 cases over four entities,
 * across statuses, templates, assignees and the last 90 days, with their history. Each carries
 * the document its citizen issued (values valid for its template on the day of issue, history,
 * the application's attachment), as a case received through issuance does; the citizens are
 * users the registry does not know (no login). The documents' sealed PDFs are made when first
 * asked for (modules/issuance, ensure-document-pdf.ts): 250 of them here would slow the first
 * start by seconds. Runs once: not when demo cases (reference codes DEMO…) exist already.
 */
export async function seedDemoCases(
  database: Database,
  at: Date = new Date(),
  templates: { refname: string; subject: string }[] = TEMPLATES,
): Promise<number> {
  const { db } = database;
  const entities = await db
    .selectFrom('entities')
    .select(['id', 'codename', 'display_name'])
    .where('codename', 'in', Object.keys(PER_ENTITY))
    .execute();
  if (entities.length === 0 || (await hasDemoCases(database))) return 0;
  const staff = await db
    .selectFrom('permissions')
    .select(['user_id', 'entity_id'])
    .where('state', '=', 'active')
    .execute();
  const definitions = await latestTemplates(
    database,
    templates.map((t) => t.refname),
  );
  const random = numbers(20_261_124);
  const pick = <T>(list: readonly T[]): T => list[random.next().value % list.length] as T;
  // What the documents say is drawn apart: `random` keeps the sequence the rest of the demo had.
  const contents = numbers(20_261_129);
  const draw = () => contents.next().value;

  const cases: DemoCase[] = [];
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
      const first = pick(DEMO_FIRSTNAMES);
      const surname = pick(DEMO_SURNAMES);
      cases.push({
        entryId: crypto.randomUUID(),
        entity: { ...entity, display_name: entity.display_name as LocalizedText },
        status,
        assignee,
        template,
        citizen: demoCitizen(
          DEMO_FIRSTNAMES.indexOf(first),
          DEMO_SURNAMES.indexOf(surname),
          first,
          surname,
        ),
        name: demoCitizenName(first, surname),
        code: `DEMO${String(cases.length).padStart(4, '0')}${entity.codename.slice(0, 4)}`,
        receivedAt,
        // A closed demo case closed within ten days of arriving, never after now (not drawn from
        // `random`, whose sequence the rest of the demo data keeps).
        closedAt: isOpenCaseStatus(status)
          ? null
          : new Date(
              Math.min(
                at.getTime(),
                receivedAt.getTime() + (1 + ((n * 37) % (10 * 24))) * 3_600_000,
              ),
            ),
      });
    }
  }
  if (cases.length === 0) return 0;

  await db.transaction().execute(async (trx) => {
    // The case numbers, in the order the cases were drawn.
    const { rows } = await sql<{ n: string }>`
      select nextval('case_number_seq')::text as n from generate_series(1, ${cases.length})`.execute(
      trx,
    );
    const caseNumbers = rows.map((row) => Number(row.n)).sort((a, b) => a - b);
    const caseIdOf = (index: number, c: DemoCase) =>
      `${c.receivedAt.getUTCFullYear()}/${String(caseNumbers[index] ?? 0).padStart(6, '0')}`;

    const owners = await demoCitizenUsers(
      trx,
      cases.filter((c) => definitions.has(c.template.refname)),
    );
    const attachment = demoAttachmentPdf();
    const documents: Insertable<DB['documents']>[] = [];
    const documentEvents: Insertable<DB['document_events']>[] = [];
    const files: Insertable<DB['document_files']>[] = [];
    const documentIds = new Map<string, string>();
    cases.forEach((c, index) => {
      const template = definitions.get(c.template.refname);
      const ownerId = owners.get(c.citizen.afm);
      if (!template || !ownerId) return;
      const recipient: Recipient = {
        type: 'entity',
        codename: c.entity.codename,
        name: {
          el: c.entity.display_name.el,
          en: c.entity.display_name.en ?? c.entity.display_name.el,
          fr: c.entity.display_name.fr ?? c.entity.display_name.el,
        },
      };
      const content = demoDocumentContent(template.refname, {
        citizen: c.citizen,
        recipient,
        issuedAt: c.receivedAt,
        draw,
        firstnames: DEMO_FIRSTNAMES,
        surnames: DEMO_SURNAMES,
      });
      if (!content) return;
      const id = crypto.randomUUID();
      documentIds.set(c.entryId, id);
      const issuedAt = c.receivedAt;
      const createdAt = new Date(issuedAt.getTime() - (3 + (index % 12)) * 60_000);
      const requestedAt = new Date(issuedAt.getTime() - 60_000);
      const isAuthorisation = template.type === 'authorisation';
      documents.push({
        id,
        owner_id: ownerId,
        template_refname: template.refname,
        template_version: template.version,
        type: template.type,
        state: ISSUED,
        step: 'issued',
        values: JSON.stringify(content.values),
        registry_fields: JSON.stringify(
          template.fields
            .filter((field) => field.origin && content.values[field.key] !== undefined)
            .map((field) => field.key),
        ),
        recipient: JSON.stringify(recipient),
        reference_code: c.code,
        is_official: !template.devel,
        case_id: caseIdOf(index, c),
        digest: computeDigest({ values: content.values, recipient, step: 'issued' }),
        // The citizen kept it the longest a citizen may (spec section 1): the retention job
        // leaves the demo alone.
        retention_until: new Date(issuedAt.getTime() + RETENTION_MAX_DAYS * DAY_MS),
        issued_at: issuedAt,
        addressee_afm: isAuthorisation ? (content.values.authorized_afm as string) : null,
        answer_state: isAuthorisation ? recipientAnswerMachine.initial : null,
        created_at: createdAt,
        updated_at: issuedAt,
      });
      const firstStep = template.steps_spec['steps-order'][0] ?? 'issued';
      const confirmStep =
        template.steps_spec.steps.find((step) => step.states.includes(REQUESTED))?.key ?? 'confirm';
      const history = (
        action: DocumentEvent,
        from: DocumentState,
        to: DocumentState,
        step: string,
        when: Date,
      ) => ({
        document_id: id,
        action,
        from_state: from,
        to_state: to,
        step,
        user_id: ownerId,
        at: when,
      });
      documentEvents.push(
        history('create', documentMachine.initial, EDITING, firstStep, createdAt),
        history('requested', EDITING, REQUESTED, confirmStep, requestedAt),
        history('issued', REQUESTED, ISSUED, 'issued', issuedAt),
        history('pdf_created', ISSUED, ISSUED, 'issued', issuedAt),
        history('retention_set', ISSUED, ISSUED, 'issued', issuedAt),
      );
      content.files.forEach((file, attachmentIndex) => {
        files.push({
          document_id: id,
          field_key: file.field_key,
          attachment_index: attachmentIndex,
          filename: file.filename,
          content_type: 'application/pdf',
          size: attachment.bytes.length,
          sha256: attachment.sha256,
          bytes: attachment.bytes,
          created_at: createdAt,
        });
      });
    });
    await insertChunks(trx, 'documents', documents);
    await insertChunks(trx, 'document_events', documentEvents);
    await insertChunks(trx, 'document_files', files);

    await insertChunks(
      trx,
      'inbox_entries',
      cases.map((c, index) => ({
        id: c.entryId,
        entity_id: c.entity.id,
        document_id: documentIds.get(c.entryId) ?? null,
        case_id: caseIdOf(index, c),
        status: c.status,
        assignee_id: c.assignee,
        reference_code: c.code,
        template_refname: c.template.refname,
        subject: c.template.subject,
        citizen_name: c.name,
        citizen_name_key: nameKey(c.name),
        citizen_afm: documentIds.has(c.entryId) ? c.citizen.afm : null,
        received_at: c.receivedAt,
        updated_at: c.receivedAt,
        // The latest of the history rows written below (docs/dashboard.md "New activity").
        last_activity_at: c.assignee ? new Date(c.receivedAt.getTime() + 3_600_000) : c.receivedAt,
        last_activity_by: c.assignee,
        closed_at: c.closedAt,
      })),
    );
    await insertChunks(
      trx,
      'case_events',
      cases.flatMap((c) => [
        {
          inbox_entry_id: c.entryId,
          action: 'received',
          user_id: null,
          details: JSON.stringify({ reference_code: c.code }),
          at: c.receivedAt,
        },
        ...(c.assignee
          ? [
              {
                inbox_entry_id: c.entryId,
                action: 'assign',
                user_id: c.assignee,
                details: JSON.stringify({ assignee_id: c.assignee }),
                at: new Date(c.receivedAt.getTime() + 3_600_000),
              },
            ]
          : []),
      ]),
    );
  });
  return cases.length;
}

/** Whether the demo cases (reference codes DEMO…) were seeded already. */
export async function hasDemoCases(database: Database): Promise<boolean> {
  const existing = await database.db
    .selectFrom('inbox_entries')
    .select('id')
    .where('reference_code', 'like', 'DEMO%')
    .limit(1)
    .executeTakeFirst();
  return existing !== undefined;
}

/** The latest stored version of each template (the app stores the catalogue at start). */
async function latestTemplates(database: Database, refnames: string[]) {
  const rows = await database.db
    .selectFrom('templates')
    .select(['refname', 'version', 'definition'])
    .where('refname', 'in', refnames)
    .orderBy('version', 'asc')
    .execute();
  return new Map(rows.map((row) => [row.refname, row.definition as Template]));
}

/**
 * The users of the demo cases' citizens, by tax number: like a citizen's after her first login
 * (name and tax number), created where missing. The registry does not know them: no one logs in
 * as them, so nothing the clerks send them reaches anyone.
 */
async function demoCitizenUsers(trx: Kysely<DB>, cases: readonly DemoCase[]) {
  const citizens = [...new Map(cases.map((c) => [c.citizen.afm, c.citizen])).values()];
  if (citizens.length === 0) return new Map<string, string>();
  await trx
    .insertInto('users')
    .values(
      citizens.map((citizen) => ({
        afm: citizen.afm,
        firstname: citizen.firstname,
        surname: citizen.surname,
      })),
    )
    .onConflict((oc) => oc.column('afm').doNothing())
    .execute();
  const rows = await trx
    .selectFrom('users')
    .select(['id', 'afm'])
    .where(
      'afm',
      'in',
      citizens.map((citizen) => citizen.afm),
    )
    .execute();
  return new Map(rows.map((row) => [row.afm ?? '', row.id]));
}

/** Rows in statements of at most 500 (well under the 65,535 parameters a statement takes). */
async function insertChunks<
  T extends 'documents' | 'document_events' | 'document_files' | 'inbox_entries' | 'case_events',
>(trx: Kysely<DB>, table: T, rows: Insertable<DB[T]>[]) {
  for (let start = 0; start < rows.length; start += 500) {
    await trx
      .insertInto(table)
      .values(rows.slice(start, start + 500) as never)
      .execute();
  }
}
