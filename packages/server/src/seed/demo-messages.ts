import {
  messageMachine,
  transition,
  type CitizenMessageType,
  type ConsentContent,
  type MessageStatus,
} from '@dilosi/domain';
import { sql } from 'kysely';
import type { Database } from '../db/database';
import { nextTsid } from '../modules/messages';

/** The demo citizen whose mailbox shows one message of each kind. */
export const DEMO_CITIZEN_AFM = '100000015';
const DAY = 86_400_000;

const consentContent: ConsentContent = {
  'data-recipient': 'Τράπεζα της Ελλάδος (δοκιμαστικό)',
  'transaction-description': 'Άνοιγμα τραπεζικού λογαριασμού',
  'transaction-data': [
    {
      category: 'Στοιχεία ταυτότητας',
      records: [
        {
          display: [
            { 'display-key': 'surname', label: 'Επώνυμο', value: 'ΠΑΠΑΔΟΠΟΥΛΟΥ' },
            { 'display-key': 'firstname', label: 'Όνομα', value: 'ΜΑΡΙΑ' },
            { 'display-key': 'afm', label: 'ΑΦΜ', value: DEMO_CITIZEN_AFM },
          ],
        },
      ],
    },
    {
      category: 'Διεύθυνση',
      records: [{ display: [{ 'display-key': 'city', label: 'Πόλη', value: 'ΑΘΗΝΑ' }] }],
    },
  ],
};

type DemoMessage = {
  key: string;
  type: CitizenMessageType;
  /** The message machine's events from new: read, or answered. */
  events: ('retrieve' | 'resolve')[];
  stateData: Record<string, unknown>;
  /** Days from the seeding, for a consent request's expiry. */
  expiresInDays?: number;
};

const athens = { el: 'Δήμος Αθηναίων', en: 'Municipality of Athens', fr: "Municipalité d'Athènes" };
const wallet = { el: 'Ψηφιακό πορτοφόλι', en: 'Digital wallet', fr: 'Portefeuille numérique' };
const consentTitle = {
  el: 'Αίτημα διαβίβασης στοιχείων',
  en: 'Request to share your details',
  fr: 'Demande de transmission de vos données',
};

/**
 * Messages of each type without a document (a plain message, consent requests in each banner
 * state, applications). Documents shared with or addressed to the citizen arrive through the
 * real flows (a share, an authorisation naming her), not from the seed.
 */
const DEMO_MESSAGES: DemoMessage[] = [
  {
    key: 'message',
    type: 'message',
    events: ['retrieve'],
    stateData: {
      title: { el: 'Ενημέρωση', en: 'Notice', fr: 'Information' },
      sender_display_name: athens,
      summary: 'Το δημαρχείο θα είναι κλειστό τη Δευτέρα λόγω αργίας.',
    },
  },
  {
    key: 'lab-results',
    type: 'message',
    events: ['retrieve'],
    stateData: {
      title: { el: 'Αποτελέσματα εξετάσεων', en: 'Lab results', fr: 'Résultats d’analyses' },
      sender_display_name: {
        el: 'Μικροβιολογικό εργαστήριο (δοκιμαστικό)',
        en: 'Microbiology laboratory (test)',
        fr: 'Laboratoire de microbiologie (test)',
      },
      summary: 'Τα αποτελέσματα της εξέτασης αίματος της 20/11 είναι διαθέσιμα.',
      lab_results: {
        titles: ['Μικροβιολογικό εργαστήριο (δοκιμαστικό)', 'Γενική εξέταση αίματος'],
        results: [
          {
            title: 'Βιοχημικές εξετάσεις',
            indicators: [
              { description: 'Σάκχαρο', value: '92', unit: 'mg/dL', ref_unit: '70-110' },
              {
                description: 'Ολική χοληστερόλη ορού μετά από δωδεκάωρη νηστεία και ενυδάτωση',
                value: '215',
                unit: 'mg/dL',
                ref_unit: '<200',
                extra_field: 'Οριακά αυξημένη τιμή, επανέλεγχος',
                bold: true,
              },
              { description: 'ΠΑΡΑΤΗΡΗΣΕΙΣ' },
              { description: 'Επανάληψη της χοληστερόλης σε έξι μήνες.' },
            ],
          },
        ],
      },
    },
  },
  {
    key: 'consent-pending',
    type: 'wallet-consent-request',
    events: ['retrieve'],
    expiresInDays: 30,
    stateData: {
      title: consentTitle,
      sender_display_name: wallet,
      consent_content: consentContent,
    },
  },
  {
    key: 'consent-accepted',
    type: 'wallet-consent-request',
    events: ['resolve'],
    stateData: {
      title: consentTitle,
      sender_display_name: wallet,
      consent_content: consentContent,
      resolution: 'consent',
    },
  },
  {
    key: 'consent-rejected',
    type: 'wallet-consent-request',
    events: ['resolve'],
    stateData: {
      title: consentTitle,
      sender_display_name: wallet,
      consent_content: consentContent,
      resolution: 'noconsent',
    },
  },
  {
    key: 'consent-expired',
    type: 'wallet-consent-request',
    events: ['retrieve'],
    expiresInDays: -1,
    stateData: {
      title: consentTitle,
      sender_display_name: wallet,
      consent_content: consentContent,
    },
  },
  {
    key: 'user-application',
    type: 'user-application',
    events: ['retrieve'],
    stateData: {
      title: {
        el: 'Αίτηση βεβαίωσης μόνιμης κατοικίας',
        en: 'Permanent residence certificate application',
      },
      sender_display_name: 'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ',
      recipient_display_name: 'Δήμος Αθηναίων',
      summary: 'Η αίτησή σας καταχωρίστηκε.',
      reply_link: '/my/messages',
    },
  },
  {
    key: 'representative-application',
    type: 'representative-application',
    events: ['retrieve'],
    stateData: {
      title: { el: 'Ορισμός εκπροσώπου', en: 'Appointment of a representative' },
      sender_display_name: 'ΓΙΩΡΓΟΣ ΒΛΑΧΟΣ',
      representative_display_name: 'ΓΙΩΡΓΟΣ ΒΛΑΧΟΣ',
      summary: 'Ο ΓΙΩΡΓΟΣ ΒΛΑΧΟΣ ζητά να σας εκπροσωπεί σε υποθέσεις του Δήμου Αθηναίων.',
    },
  },
];

function statusAfter(events: DemoMessage['events']): MessageStatus {
  let status: MessageStatus = messageMachine.initial;
  for (const event of events) {
    const moved = transition(messageMachine, status, event);
    if (moved.ok && moved.state) status = moved.state;
  }
  return status;
}

/**
 * The demo citizen's mailbox (`npm start`): her user row (as a first login makes it) and one
 * message of each kind, read already so they do not count as new; each is added once, by its
 * demo key, so a restart adds nothing.
 */
export async function seedDemoMessages(database: Database): Promise<number> {
  const { db } = database;
  const at = new Date();
  const person = await db
    .selectFrom('persons')
    .select(['firstname', 'surname', 'email'])
    .where('afm', '=', DEMO_CITIZEN_AFM)
    .executeTakeFirst();
  if (!person) return 0;
  await db
    .insertInto('users')
    .values({
      afm: DEMO_CITIZEN_AFM,
      firstname: person.firstname,
      surname: person.surname,
      email: person.email,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('afm').doNothing())
    .execute();
  const owner = await db
    .selectFrom('users')
    .select('id')
    .where('afm', '=', DEMO_CITIZEN_AFM)
    .executeTakeFirstOrThrow();
  const existing = await db
    .selectFrom('citizen_messages')
    .select(sql<string>`state_data->>'demo_key'`.as('key'))
    .where('owner_id', '=', owner.id)
    .where(sql<boolean>`state_data ? 'demo_key'`)
    .execute();
  const seeded = new Set(existing.map((row) => row.key));
  let added = 0;
  for (const [index, demo] of DEMO_MESSAGES.entries()) {
    if (seeded.has(demo.key)) continue;
    const createdAt = new Date(at.getTime() - (DEMO_MESSAGES.length - index) * 3_600_000);
    const tsid = await nextTsid(db, createdAt);
    await db
      .insertInto('citizen_messages')
      .values({
        owner_id: owner.id,
        type: demo.type,
        status: statusAfter(demo.events),
        tsid,
        state_data: JSON.stringify({
          ...demo.stateData,
          demo_key: demo.key,
          ...(demo.stateData.resolution ? { resolution_timestamp: createdAt.toISOString() } : {}),
        }),
        created_at: createdAt,
        first_retrieved_at: createdAt,
        expires_at:
          demo.expiresInDays === undefined
            ? null
            : new Date(at.getTime() + demo.expiresInDays * DAY),
      })
      .execute();
    added += 1;
  }
  return added;
}
