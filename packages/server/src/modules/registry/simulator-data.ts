import type { RegistryName } from '@dilosi/domain';
import type { RegistryRecord } from './registry-port';

/**
 * The simulator's own registries beside the demo persons (which it reads from the seeded
 * `persons` table): vehicles by plate, and students, properties, birth and criminal records,
 * certified translators and employers by tax number. Demo data with real-format numbers: served
 * only under DEVEL.
 */
export const simulatorRecords: Partial<Record<RegistryName, Record<string, RegistryRecord>>> = {
  vehicle: {
    ΙΚΧ1234: {
      plate: 'ΙΚΧ1234',
      owner_afm: '100000015',
      make: 'TOYOTA',
      model: 'YARIS',
      colour: 'ΛΕΥΚΟ',
      first_registration: '15/03/2019',
      category: 'ΕΠΙΒΑΤΗΓΟ',
    },
    ΝΒΡ5678: {
      plate: 'ΝΒΡ5678',
      owner_afm: '100000027',
      make: 'FIAT',
      model: 'PANDA',
      colour: 'ΚΟΚΚΙΝΟ',
      first_registration: '02/07/2016',
      category: 'ΕΠΙΒΑΤΗΓΟ',
    },
  },
  student: {
    '100000027': {
      afm: '100000027',
      institution: 'ΑΡΙΣΤΟΤΕΛΕΙΟ ΠΑΝΕΠΙΣΤΗΜΙΟ ΘΕΣΣΑΛΟΝΙΚΗΣ',
      department: 'ΤΜΗΜΑ ΠΛΗΡΟΦΟΡΙΚΗΣ',
      student_number: '4012',
      enrolment_year: '2021',
    },
  },
  property: {
    '100000015': {
      afm: '100000015',
      atak: '01234567890',
      kaek: '050681234001',
      property_address: 'ΠΑΝΕΠΙΣΤΗΜΙΟΥ 10, 10671 ΑΘΗΝΑ',
      property_area_m2: '85',
      property_use: 'ΚΑΤΟΙΚΙΑ',
      ownership_share: '100%',
    },
  },
  birth_certificate: {
    '100000015': {
      afm: '100000015',
      birth_date: '01/01/1980',
      birth_place: 'ΑΘΗΝΑ',
      registry_office: 'ΛΗΞΙΑΡΧΕΙΟ ΑΘΗΝΩΝ',
      act_number: '1234/1980',
    },
    '100000027': {
      afm: '100000027',
      birth_date: '15/02/1985',
      birth_place: 'ΘΕΣΣΑΛΟΝΙΚΗ',
      registry_office: 'ΛΗΞΙΑΡΧΕΙΟ ΘΕΣΣΑΛΟΝΙΚΗΣ',
      act_number: '567/1985',
    },
  },
  criminal_record: {
    '100000015': {
      afm: '100000015',
      record_status: 'ΛΕΥΚΟ',
      record_office: 'ΕΙΣΑΓΓΕΛΙΑ ΠΡΩΤΟΔΙΚΩΝ ΑΘΗΝΩΝ',
    },
    '100000027': {
      afm: '100000027',
      record_status: 'ΛΕΥΚΟ',
      record_office: 'ΕΙΣΑΓΓΕΛΙΑ ΠΡΩΤΟΔΙΚΩΝ ΘΕΣΣΑΛΟΝΙΚΗΣ',
    },
  },
  // Issue #37: Maria is a certified translator; Ioannis was struck off the registry.
  translator: {
    '100000015': {
      afm: '100000015',
      name: 'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ',
      status: 'registered',
      registered_at: '2012-09-14',
      languages: 'EN, FR',
    },
    '100000088': {
      afm: '100000088',
      name: 'ΙΩΑΝΝΗΣ ΠΑΠΑΓΕΩΡΓΙΟΥ',
      status: 'struck_off',
      registered_at: '2009-02-03',
      languages: 'DE',
    },
  },
  // Issue #37: a person's employers (a list, the one attribute that is not flat).
  employer: {
    '100000015': {
      afm: '100000015',
      employers: [{ afm: '090025537', name: 'ΔΗΜΟΣ ΑΘΗΝΑΙΩΝ' }],
    },
    '100000027': {
      afm: '100000027',
      employers: [{ afm: '099999999', name: 'ΔΟΚΙΜΑΣΤΙΚΗ ΙΔΙΩΤΙΚΗ Α.Ε.' }],
    },
  },
};
