import type { LocalizedText } from '../db/schema';

/** Demo public bodies for the embedded default (codename, names in el/en/fr, e-mail). */
export const demoEntities: {
  codename: string;
  display_name: LocalizedText;
  email: string;
  /** A citizens' service centre: confirms anonymous requests in person; no recipient. */
  is_kep?: boolean;
}[] = [
  {
    codename: 'DIMOS_ATHINAION',
    display_name: {
      el: 'Δήμος Αθηναίων',
      en: 'Municipality of Athens',
      fr: "Municipalité d'Athènes",
    },
    email: 'protokollo@athens.demo.gov.gr',
  },
  {
    codename: 'DIMOS_THESSALONIKIS',
    display_name: {
      el: 'Δήμος Θεσσαλονίκης',
      en: 'Municipality of Thessaloniki',
      fr: 'Municipalité de Thessalonique',
    },
    email: 'protokollo@thessaloniki.demo.gov.gr',
  },
  {
    codename: 'EFKA',
    display_name: {
      el: 'e-ΕΦΚΑ — Ηλεκτρονικός Εθνικός Φορέας Κοινωνικής Ασφάλισης',
      en: 'e-EFKA — National Social Security Fund',
      fr: "e-EFKA — Caisse nationale d'assurance sociale",
    },
    email: 'info@efka.demo.gov.gr',
  },
  {
    codename: 'AADE',
    display_name: {
      el: 'ΑΑΔΕ — Ανεξάρτητη Αρχή Δημοσίων Εσόδων',
      en: 'AADE — Independent Authority for Public Revenue',
      fr: 'AADE — Autorité indépendante des recettes publiques',
    },
    email: 'info@aade.demo.gov.gr',
  },
  {
    codename: 'ELAS_ATTIKIS',
    display_name: {
      el: 'Γενική Αστυνομική Διεύθυνση Αττικής',
      en: 'Attica General Police Directorate',
      fr: "Direction générale de la police de l'Attique",
    },
    email: 'gada@police.demo.gov.gr',
  },
  {
    codename: 'EKPA',
    display_name: {
      el: 'Εθνικό και Καποδιστριακό Πανεπιστήμιο Αθηνών',
      en: 'National and Kapodistrian University of Athens',
      fr: "Université nationale et capodistrienne d'Athènes",
    },
    email: 'grammateia@uoa.demo.gr',
  },
  {
    codename: 'YPES',
    display_name: {
      el: 'Υπουργείο Εσωτερικών',
      en: 'Ministry of the Interior',
      fr: "Ministère de l'Intérieur",
    },
    email: 'info@ypes.demo.gov.gr',
  },
  {
    codename: 'KEP_ATHINAS',
    display_name: {
      el: 'ΚΕΠ Δήμου Αθηναίων (Λιοσίων)',
      en: 'KEP citizens’ service centre, Athens (Liosion)',
      fr: 'KEP, centre de services aux citoyens, Athènes (Liosion)',
    },
    email: 'kep.liosion@athens.demo.gov.gr',
    is_kep: true,
  },
];

type DemoPerson = {
  afm: string;
  amka: string | null;
  firstname: string;
  surname: string;
  father_name: string;
  mother_name: string;
  birth_date: string;
  birth_place: string;
  id_number: string | null;
  id_type: string | null;
  gender: 'male' | 'female';
  mobile: string | null;
  mobile_certified: boolean;
  email: string | null;
  is_natural_person?: boolean;
  tax_status?: 'active' | 'deactivated' | 'deceased';
  is_civil_servant?: boolean;
  address: Record<string, string>;
};

const athens = { street: 'Πανεπιστημίου', number: '10', postal_code: '10671', city: 'Αθήνα' };

/**
 * Registry stand-in: the people the development identity provider can log in as. Tax numbers
 * and AMKA carry valid check digits.
 */
export const demoPersons: DemoPerson[] = [
  {
    afm: '100000015',
    amka: '01018000016',
    firstname: 'ΜΑΡΙΑ',
    surname: 'ΠΑΠΑΔΟΠΟΥΛΟΥ',
    father_name: 'ΓΕΩΡΓΙΟΣ',
    mother_name: 'ΕΛΕΝΗ',
    birth_date: '1980-01-01',
    birth_place: 'ΑΘΗΝΑ',
    id_number: 'ΑΚ123456',
    id_type: 'id_card',
    gender: 'female',
    mobile: '6912345678',
    mobile_certified: true,
    email: 'maria.papadopoulou@example.gr',
    address: athens,
  },
  {
    afm: '100000027',
    amka: '15028500021',
    firstname: 'ΝΙΚΟΛΑΟΣ',
    surname: 'ΓΕΩΡΓΙΟΥ',
    father_name: 'ΙΩΑΝΝΗΣ',
    mother_name: 'ΑΙΚΑΤΕΡΙΝΗ',
    birth_date: '1985-02-15',
    birth_place: 'ΘΕΣΣΑΛΟΝΙΚΗ',
    id_number: 'ΑΒ654321',
    id_type: 'id_card',
    gender: 'male',
    mobile: null,
    mobile_certified: false,
    email: 'nikos.georgiou@example.gr',
    address: { street: 'Εγνατία', number: '50', postal_code: '54625', city: 'Θεσσαλονίκη' },
  },
  {
    afm: '100000039',
    amka: '20039000037',
    firstname: 'ΕΛΕΝΗ',
    surname: 'ΚΩΝΣΤΑΝΤΙΝΙΔΟΥ',
    father_name: 'ΚΩΝΣΤΑΝΤΙΝΟΣ',
    mother_name: 'ΣΟΦΙΑ',
    birth_date: '1990-03-20',
    birth_place: 'ΠΑΤΡΑ',
    id_number: 'ΑΗ111222',
    id_type: 'id_card',
    gender: 'female',
    mobile: '6987654321',
    mobile_certified: false,
    email: null,
    tax_status: 'deactivated',
    address: athens,
  },
  {
    afm: '094000012',
    amka: null,
    firstname: 'ΔΗΜΟΣΙΑ ΕΠΙΧΕΙΡΗΣΗ',
    surname: 'Α.Ε.',
    father_name: '',
    mother_name: '',
    birth_date: '2001-01-01',
    birth_place: 'ΑΘΗΝΑ',
    id_number: null,
    id_type: null,
    gender: 'male',
    mobile: null,
    mobile_certified: false,
    email: 'info@company.example.gr',
    is_natural_person: false,
    address: athens,
  },
  {
    afm: '100000040',
    amka: '05077500048',
    firstname: 'ΚΩΝΣΤΑΝΤΙΝΟΣ',
    surname: 'ΙΩΑΝΝΙΔΗΣ',
    father_name: 'ΔΗΜΗΤΡΙΟΣ',
    mother_name: 'ΜΑΡΙΑ',
    birth_date: '1975-07-05',
    birth_place: 'ΑΘΗΝΑ',
    id_number: 'ΑΖ333444',
    id_type: 'id_card',
    gender: 'male',
    mobile: '6944444444',
    mobile_certified: true,
    email: 'k.ioannidis@athens.demo.gov.gr',
    is_civil_servant: true,
    address: athens,
  },
  {
    afm: '100000052',
    amka: '11116500056',
    firstname: 'ΑΙΚΑΤΕΡΙΝΗ',
    surname: 'ΔΗΜΗΤΡΙΟΥ',
    father_name: 'ΠΑΝΑΓΙΩΤΗΣ',
    mother_name: 'ΑΝΝΑ',
    birth_date: '1965-11-11',
    birth_place: 'ΛΑΡΙΣΑ',
    id_number: 'ΑΙ555666',
    id_type: 'id_card',
    gender: 'female',
    mobile: '6955555555',
    mobile_certified: true,
    email: 'a.dimitriou@athens.demo.gov.gr',
    is_civil_servant: true,
    address: athens,
  },
  {
    afm: '100000064',
    amka: '09099500069',
    firstname: 'ΓΕΩΡΓΙΟΣ',
    surname: 'ΑΝΤΩΝΙΟΥ',
    father_name: 'ΑΝΤΩΝΙΟΣ',
    mother_name: 'ΧΡΥΣΑ',
    birth_date: '1995-09-09',
    birth_place: 'ΗΡΑΚΛΕΙΟ',
    id_number: 'ΑΚ777888',
    id_type: 'id_card',
    gender: 'male',
    mobile: '6966666666',
    mobile_certified: true,
    email: 'g.antoniou@ypes.demo.gov.gr',
    is_civil_servant: true,
    address: athens,
  },
  {
    afm: '100000088',
    amka: '03038000083',
    firstname: 'ΙΩΑΝΝΗΣ',
    surname: 'ΠΑΠΑΓΕΩΡΓΙΟΥ',
    father_name: 'ΓΕΩΡΓΙΟΣ',
    mother_name: 'ΣΟΦΙΑ',
    birth_date: '1980-03-03',
    birth_place: 'ΘΕΣΣΑΛΟΝΙΚΗ',
    id_number: 'ΑΒ101010',
    id_type: 'id_card',
    gender: 'male',
    mobile: '6977777701',
    mobile_certified: true,
    email: 'i.papageorgiou@thessaloniki.demo.gov.gr',
    is_civil_servant: true,
    address: athens,
  },
  {
    afm: '100000090',
    amka: '04048500088',
    firstname: 'ΣΟΦΙΑ',
    surname: 'ΝΙΚΟΛΑΟΥ',
    father_name: 'ΝΙΚΟΛΑΟΣ',
    mother_name: 'ΕΛΕΝΗ',
    birth_date: '1985-04-04',
    birth_place: 'ΚΑΒΑΛΑ',
    id_number: 'ΑΓ202020',
    id_type: 'id_card',
    gender: 'female',
    mobile: '6977777702',
    mobile_certified: true,
    email: 's.nikolaou@thessaloniki.demo.gov.gr',
    is_civil_servant: true,
    address: athens,
  },
  {
    afm: '100000107',
    amka: '06067000064',
    firstname: 'ΔΗΜΗΤΡΙΟΣ',
    surname: 'ΒΑΣΙΛΕΙΟΥ',
    father_name: 'ΒΑΣΙΛΕΙΟΣ',
    mother_name: 'ΑΙΚΑΤΕΡΙΝΗ',
    birth_date: '1970-06-06',
    birth_place: 'ΠΑΤΡΑ',
    id_number: 'ΑΔ303030',
    id_type: 'id_card',
    gender: 'male',
    mobile: '6977777703',
    mobile_certified: true,
    email: 'd.vasileiou@efka.demo.gov.gr',
    is_civil_servant: true,
    address: athens,
  },
  {
    afm: '100000119',
    amka: '07079000076',
    firstname: 'ΑΝΑΣΤΑΣΙΑ',
    surname: 'ΚΑΡΑΓΙΑΝΝΗ',
    father_name: 'ΙΩΑΝΝΗΣ',
    mother_name: 'ΓΕΩΡΓΙΑ',
    birth_date: '1990-07-07',
    birth_place: 'ΙΩΑΝΝΙΝΑ',
    id_number: 'ΑΕ404040',
    id_type: 'id_card',
    gender: 'female',
    mobile: '6977777704',
    mobile_certified: true,
    email: 'a.karagianni@aade.demo.gov.gr',
    is_civil_servant: true,
    address: athens,
  },
  {
    afm: '100000120',
    amka: '08088000082',
    firstname: 'ΕΥΑΓΓΕΛΙΑ',
    surname: 'ΣΤΑΥΡΟΥ',
    father_name: 'ΣΤΑΥΡΟΣ',
    mother_name: 'ΑΝΝΑ',
    birth_date: '1988-08-08',
    birth_place: 'ΑΘΗΝΑ',
    id_number: 'ΑΖ505050',
    id_type: 'id_card',
    gender: 'female',
    mobile: '6977777705',
    mobile_certified: true,
    email: 'e.stavrou@kep.demo.gov.gr',
    is_civil_servant: true,
    address: athens,
  },
  {
    afm: '100000076',
    amka: '12124000071',
    firstname: 'ΣΠΥΡΙΔΩΝ',
    surname: 'ΜΙΧΑΗΛΙΔΗΣ',
    father_name: 'ΜΙΧΑΗΛ',
    mother_name: 'ΕΥΑΓΓΕΛΙΑ',
    birth_date: '1940-12-12',
    birth_place: 'ΚΕΡΚΥΡΑ',
    id_number: 'Ξ123456',
    id_type: 'id_card',
    gender: 'male',
    mobile: null,
    mobile_certified: false,
    email: null,
    tax_status: 'deceased',
    address: athens,
  },
];

/**
 * Demo recipient datasets (spec section 7, `forward-info`): named lists of entities a case's
 * information is forwarded to at once.
 */
export const demoRecipientDatasets: {
  codename: string;
  title: LocalizedText;
  members: string[];
}[] = [
  {
    codename: 'MUNICIPALITIES',
    title: { el: 'Μεγάλοι δήμοι', en: 'Large municipalities', fr: 'Grandes municipalités' },
    members: ['DIMOS_ATHINAION', 'DIMOS_THESSALONIKIS'],
  },
  {
    codename: 'SOCIAL_SECURITY_TAX',
    title: {
      el: 'Ασφάλιση και φορολογία',
      en: 'Social security and tax',
      fr: 'Sécurité sociale et impôts',
    },
    members: ['EFKA', 'AADE'],
  },
];

/**
 * The templates every demo entity may use (entity_template_permissions, issue #39): the entity
 * templates of the catalogue, each for the use it is made for, as before grants existed.
 */
export const demoEntityTemplates: { refname: string; use: 'issue' | 'reply' }[] = [
  { refname: 'entity-certificate', use: 'issue' },
  { refname: 'entity-acknowledgement', use: 'reply' },
  { refname: 'entity-reply', use: 'reply' },
];
