import crypto from 'node:crypto';
import { athensToday, formatGreekDate, nameKey, type Recipient } from '@dilosi/domain';

/**
 * The documents of the demo cases (demo-cases.ts): what a demo citizen wrote in each of the five
 * demo templates, valid for the template as it was on the day of issue, and who the citizen is.
 * Everything about a citizen follows from her name (the same person has the same father, tax
 * number and address on each of her documents); what she wrote is drawn from `draw`.
 */

type FirstName = { name: string; isFemale: boolean };
type Surname = { male: string; female: string };

/** A demo citizen: a person named on demo cases, not in the registry (she cannot log in). */
export type DemoCitizen = {
  afm: string;
  firstname: string;
  surname: string;
  isFemale: boolean;
  father_name: string;
  mother_name: string;
  birth_date: string;
  birth_place: string;
  id_number: string;
  address_city: string;
  address_street: string;
  address_number: string;
  address_postal_code: string;
  mobile: string;
  email: string;
};

const FATHERS = [
  'ΓΕΩΡΓΙΟΣ',
  'ΙΩΑΝΝΗΣ',
  'ΝΙΚΟΛΑΟΣ',
  'ΔΗΜΗΤΡΙΟΣ',
  'ΑΘΑΝΑΣΙΟΣ',
  'ΧΡΗΣΤΟΣ',
  'ΕΥΑΓΓΕΛΟΣ',
];
const MOTHERS = ['ΕΛΕΝΗ', 'ΜΑΡΙΑ', 'ΑΙΚΑΤΕΡΙΝΗ', 'ΔΕΣΠΟΙΝΑ', 'ΓΕΩΡΓΙΑ', 'ΑΝΑΣΤΑΣΙΑ', 'ΕΙΡΗΝΗ'];
const BIRTH_PLACES = ['ΑΘΗΝΑ', 'ΘΕΣΣΑΛΟΝΙΚΗ', 'ΠΑΤΡΑ', 'ΗΡΑΚΛΕΙΟ', 'ΛΑΡΙΣΑ', 'ΒΟΛΟΣ', 'ΙΩΑΝΝΙΝΑ'];
const ID_LETTERS = ['ΑΒ', 'ΑΕ', 'ΑΗ', 'ΑΚ', 'ΑΜ', 'ΑΝ', 'ΑΡ', 'ΑΤ', 'ΑΧ'];
const ADDRESSES = [
  { city: 'Αθήνα', street: 'Πατησίων', postal_code: '10434' },
  { city: 'Αθήνα', street: 'Αχαρνών', postal_code: '10439' },
  { city: 'Αθήνα', street: 'Ακαδημίας', postal_code: '10671' },
  { city: 'Πειραιάς', street: 'Ηρώων Πολυτεχνείου', postal_code: '18536' },
  { city: 'Μαρούσι', street: 'Κηφισίας', postal_code: '15124' },
  { city: 'Θεσσαλονίκη', street: 'Τσιμισκή', postal_code: '54623' },
  { city: 'Θεσσαλονίκη', street: 'Εγνατία', postal_code: '54630' },
  { city: 'Καλαμαριά', street: 'Μεταμορφώσεως', postal_code: '55132' },
];

/** A tax number (ΑΦΜ) from its first eight digits and the weighted check digit. */
export function afmWithCheckDigit(first8: string): string {
  let sum = 0;
  for (let i = 0; i < 8; i += 1) sum += Number(first8[i]) * 2 ** (8 - i);
  return `${first8}${(sum % 11) % 10}`;
}

/** A number drawn from a citizen's name (and a salt): the same name, the same number. */
function hashOf(...parts: number[]): number {
  let x = 2_166_136_261;
  for (const part of parts) x = Math.imul(x ^ part, 16_777_619) >>> 0;
  return x;
}

/**
 * Demo citizens' tax numbers start 19 and demo authorised persons' 29: none is a demo person's
 * (1000000xx, who log in) nor one the tests give their users.
 */
const CITIZEN_AFM_PREFIX = '19';
const AUTHORISED_AFM_PREFIX = '29';

function demoPerson(
  prefix: string,
  firstIndex: number,
  surnameIndex: number,
  first: FirstName,
  surname: Surname,
): DemoCitizen {
  const h = (salt: number) => hashOf(firstIndex, surnameIndex, salt, Number(prefix));
  const address = ADDRESSES[h(1) % ADDRESSES.length] ?? ADDRESSES[0]!;
  const birth = new Date(Date.UTC(1955 + (h(2) % 45), h(3) % 12, 1 + (h(4) % 28)));
  const familyName = first.isFemale ? surname.female : surname.male;
  const latin = (text: string) => nameKey(text).toLowerCase().replace(/\s+/g, '');
  return {
    // One number per name, spread over six digits (8,191 is prime to 10^6: none repeats).
    afm: afmWithCheckDigit(
      `${prefix}${String(((firstIndex * 100 + surnameIndex + 1) * 8_191) % 1_000_000).padStart(6, '0')}`,
    ),
    firstname: first.name,
    surname: familyName,
    isFemale: first.isFemale,
    father_name: FATHERS[h(5) % FATHERS.length] ?? 'ΓΕΩΡΓΙΟΣ',
    mother_name: MOTHERS[h(6) % MOTHERS.length] ?? 'ΜΑΡΙΑ',
    birth_date: formatGreekDate({
      day: birth.getUTCDate(),
      month: birth.getUTCMonth() + 1,
      year: birth.getUTCFullYear(),
    }),
    birth_place: BIRTH_PLACES[h(7) % BIRTH_PLACES.length] ?? 'ΑΘΗΝΑ',
    id_number: `${ID_LETTERS[h(8) % ID_LETTERS.length] ?? 'ΑΒ'}${String(100_000 + (h(9) % 900_000))}`,
    address_city: address.city,
    address_street: address.street,
    address_number: String(1 + (h(10) % 180)),
    address_postal_code: address.postal_code,
    mobile: `69${String(h(11) % 100_000_000).padStart(8, '0')}`,
    email: `${latin(first.name)}.${latin(familyName)}@example.gr`,
  };
}

/** The demo citizen of that name (indexes into the demo first names and surnames). */
export function demoCitizen(
  firstIndex: number,
  surnameIndex: number,
  first: FirstName,
  surname: Surname,
): DemoCitizen {
  return demoPerson(CITIZEN_AFM_PREFIX, firstIndex, surnameIndex, first, surname);
}

/** The Greek date `days` after the day of `at` in Athens, as a date field holds it. */
function dayFrom(at: Date, days: number): string {
  const today = athensToday(at);
  const date = new Date(Date.UTC(today.year, today.month - 1, today.day + days));
  return formatGreekDate({
    day: date.getUTCDate(),
    month: date.getUTCMonth() + 1,
    year: date.getUTCFullYear(),
  });
}

const STATEMENTS = [
  'Δηλώνω ότι διαμένω μόνιμα στη διεύθυνση που αναγράφεται παραπάνω.',
  'Δηλώνω ότι δεν έχω υποβάλει αίτηση για το ίδιο αίτημα σε άλλη υπηρεσία.',
  'Δηλώνω ότι τα στοιχεία και τα δικαιολογητικά που υποβάλλω είναι αληθή και ακριβή.',
  'Δηλώνω ότι δεν έχω ληξιπρόθεσμες οφειλές από δημοτικά τέλη ή πρόστιμα.',
  'Δηλώνω ότι δεν λαμβάνω σύνταξη ούτε επίδομα για τον ίδιο λόγο από άλλον φορέα.',
  'Δηλώνω ότι το ακίνητο της διεύθυνσής μου χρησιμοποιείται ως κύρια κατοικία μου.',
  'Δηλώνω ότι δεν έχει μεταβληθεί η οικογενειακή μου κατάσταση από την τελευταία μου δήλωση.',
];
const PURPOSES = [
  'να παραλάβει για λογαριασμό μου πιστοποιητικό οικογενειακής κατάστασης.',
  'να υποβάλει για λογαριασμό μου την αίτηση και τα δικαιολογητικά της και να παραλάβει την απάντηση.',
  'να παραλάβει για λογαριασμό μου το εκκαθαριστικό σημείωμα φόρου εισοδήματος.',
  'να με εκπροσωπήσει για την ενημέρωση του ασφαλιστικού μου φακέλου.',
  'να παραλάβει για λογαριασμό μου βεβαίωση μόνιμης κατοικίας.',
];
const APPLICATIONS = [
  {
    subject: 'Χορήγηση βεβαίωσης μόνιμης κατοικίας',
    text: 'Παρακαλώ να μου χορηγηθεί βεβαίωση μόνιμης κατοικίας, για υποβολή στην εφορία. Επισυνάπτω λογαριασμό κοινής ωφέλειας.',
    filename: 'Λογαριασμός ΔΕΗ.pdf',
  },
  {
    subject: 'Χορήγηση βεβαίωσης ασφαλιστικής ικανότητας',
    text: 'Παρακαλώ να μου χορηγηθεί βεβαίωση ασφαλιστικής ικανότητας για το τρέχον έτος. Επισυνάπτω βεβαίωση του εργοδότη μου.',
    filename: 'Βεβαίωση εργοδότη.pdf',
  },
  {
    subject: 'Διόρθωση στοιχείων μητρώου',
    text: 'Παρακαλώ να διορθωθεί η διεύθυνση κατοικίας μου στο μητρώο σας, όπως φαίνεται στο συνημμένο μισθωτήριο.',
    filename: 'Μισθωτήριο.pdf',
  },
  {
    subject: 'Άδεια κατάληψης πεζοδρομίου',
    text: 'Παρακαλώ να μου χορηγηθεί άδεια κατάληψης πεζοδρομίου για τοποθέτηση κάδου οικοδομικών υλικών για δέκα ημέρες.',
    filename: 'Τοπογραφικό.pdf',
  },
];
const LOSSES = [
  {
    place: 'Αθήνα, σταθμός μετρό Ομόνοια',
    circumstances: 'Το πορτοφόλι μου με την ταυτότητα χάθηκε κατά τη μετακίνησή μου με το μετρό.',
  },
  {
    place: 'Θεσσαλονίκη, πλατεία Αριστοτέλους',
    circumstances: 'Η ταυτότητα έπεσε από την τσάντα μου· την αναζήτησα χωρίς αποτέλεσμα.',
  },
  {
    place: 'Πειραιάς, λιμάνι',
    circumstances: 'Έχασα την ταυτότητά μου κατά την επιβίβαση στο πλοίο.',
  },
];
const AUTHORITIES = ['Τ.Α. Καισαριανής', 'Τ.Α. Ομονοίας', 'Τ.Α. Καλαμαριάς', 'Τ.Α. Πειραιά'];
const SCHOOLS = ['3ο Γυμνάσιο Αθηνών', '5ο Δημοτικό Σχολείο Θεσσαλονίκης', '2ο Λύκειο Αμαρουσίου'];
const DESTINATIONS = ['Ναύπλιο', 'Δελφοί', 'Μετέωρα', 'Ολυμπία', 'Βεργίνα'];

export type DemoDocumentContent = {
  values: Record<string, unknown>;
  /** Its attachments, by field key (the application's main document). */
  files: { field_key: string; filename: string }[];
};

/**
 * What `citizen` wrote in the template `refname`, issued at `issuedAt` to `recipient`, drawn
 * with `draw` (names of other people from the demo first names and surnames). Null for a
 * template this seed does not know.
 */
export function demoDocumentContent(
  refname: string,
  input: {
    citizen: DemoCitizen;
    recipient: Recipient;
    issuedAt: Date;
    draw: () => number;
    firstnames: readonly FirstName[];
    surnames: readonly Surname[];
  },
): DemoDocumentContent | null {
  const { citizen, recipient, issuedAt, draw } = input;
  const pick = <T>(list: readonly T[]): T => list[draw() % list.length] as T;
  const identity = {
    firstname: citizen.firstname,
    surname: citizen.surname,
    father_name: citizen.father_name,
    mother_name: citizen.mother_name,
    birth_date: citizen.birth_date,
    birth_place: citizen.birth_place,
    afm: citizen.afm,
  };
  const address = {
    address_city: citizen.address_city,
    address_street: citizen.address_street,
    address_number: citizen.address_number,
    address_postal_code: citizen.address_postal_code,
  };
  switch (refname) {
    case 'solemn-declaration':
      return {
        values: {
          ...identity,
          id_number: citizen.id_number,
          ...address,
          statement: pick(STATEMENTS),
          recipient,
        },
        files: [],
      };
    case 'authorisation': {
      const firstIndex = draw() % input.firstnames.length;
      const surnameIndex = draw() % input.surnames.length;
      const authorised = demoPerson(
        AUTHORISED_AFM_PREFIX,
        firstIndex,
        surnameIndex,
        input.firstnames[firstIndex] ?? { name: 'ΓΕΩΡΓΙΟΣ', isFemale: false },
        input.surnames[surnameIndex] ?? { male: 'ΒΛΑΧΟΣ', female: 'ΒΛΑΧΟΥ' },
      );
      return {
        values: {
          ...identity,
          id_number: citizen.id_number,
          ...address,
          authorized_surname: authorised.surname,
          authorized_firstname: authorised.firstname,
          authorized_father_name: authorised.father_name,
          authorized_afm: authorised.afm,
          authorized_id_number: authorised.id_number,
          authorized_birth_date: authorised.birth_date,
          purpose: pick(PURPOSES),
          recipient,
        },
        files: [],
      };
    }
    case 'id-loss-declaration': {
      const loss = pick(LOSSES);
      const lostDaysAgo = 1 + (draw() % 10);
      return {
        values: {
          ...identity,
          ...address,
          lost_id_number: citizen.id_number,
          issuing_authority: pick(AUTHORITIES),
          loss_from: dayFrom(issuedAt, -lostDaysAgo - 2),
          loss_to: dayFrom(issuedAt, -lostDaysAgo),
          loss_place: loss.place,
          circumstances: loss.circumstances,
          recipient,
        },
        files: [],
      };
    }
    case 'application-attachments': {
      const application = pick(APPLICATIONS);
      return {
        values: {
          ...identity,
          id_number: citizen.id_number,
          ...address,
          mobile: citizen.mobile,
          email: citizen.email,
          subject: application.subject,
          application_text: application.text,
          recipient,
        },
        files: [{ field_key: 'main_document', filename: application.filename }],
      };
    }
    case 'school-trip-consent': {
      const child = pick(input.firstnames);
      const surname = input.surnames.find(
        (s) => s.male === citizen.surname || s.female === citizen.surname,
      );
      const leaves = 7 + (draw() % 30);
      return {
        values: {
          firstname: citizen.firstname,
          surname: citizen.surname,
          father_name: citizen.father_name,
          afm: citizen.afm,
          id_number: citizen.id_number,
          child_surname: surname
            ? child.isFemale
              ? surname.female
              : surname.male
            : citizen.surname,
          child_firstname: child.name,
          school_name: pick(SCHOOLS),
          class_name: `${pick(['Α', 'Β', 'Γ'])}${1 + (draw() % 4)}`,
          trip_destination: pick(DESTINATIONS),
          trip_from: dayFrom(issuedAt, leaves),
          trip_to: dayFrom(issuedAt, leaves + (draw() % 3)),
          emergency_phone: citizen.mobile,
          consent: true,
          recipient,
        },
        files: [],
      };
    }
    default:
      return null;
  }
}

/**
 * The file attached to a demo application: a one-page PDF saying it stands for the citizen's
 * supporting document (made here, not read from disk: the seed ships without fixtures).
 */
export function demoAttachmentPdf(): { bytes: Buffer; sha256: string } {
  const stream = 'BT /F1 16 Tf 72 760 Td (Dilosi demo: supporting document) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
  let text = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(text.length);
    text += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  text += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const bytes = Buffer.from(text, 'latin1');
  return { bytes, sha256: crypto.createHash('sha256').update(bytes).digest('hex') };
}
