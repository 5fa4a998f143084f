import type { ConsentContent } from '@dilosi/domain';

/**
 * The demo pages' hard-coded sample content (spec section 1: "Demo pages … use hard-coded
 * sample content and exist for development"). Nothing here comes from, or goes to, the server.
 */

export const DEMO_VEHICLES = [
  { plate: 'ΥΧΗ-4821', make: 'Toyota', model: 'Yaris', year: 2019, fuel: 'hybrid' },
  { plate: 'ΙΒΚ-1307', make: 'Fiat', model: 'Panda', year: 2012, fuel: 'petrol' },
] as const;

export type DemoNotification = {
  id: string;
  title: string;
  text: string;
  /** ISO 8601. */
  at: string;
  unread: boolean;
};

/** Two unread notifications: the header's badge count is theirs. */
export const DEMO_NOTIFICATIONS: DemoNotification[] = [
  {
    id: 'n1',
    title: 'Λήξη ΚΤΕΟ',
    text: 'Ο τεχνικός έλεγχος του οχήματος ΥΧΗ-4821 λήγει σε 30 ημέρες.',
    at: '2026-11-20T09:15:00.000Z',
    unread: true,
  },
  {
    id: 'n2',
    title: 'Τέλη κυκλοφορίας',
    text: 'Τα τέλη κυκλοφορίας του 2027 είναι διαθέσιμα για πληρωμή.',
    at: '2026-11-18T11:40:00.000Z',
    unread: true,
  },
];

export const DEMO_ARCHIVED_NOTIFICATIONS: DemoNotification[] = [
  {
    id: 'a1',
    title: 'Ασφάλιση οχήματος',
    text: 'Η ασφάλιση του οχήματος ΙΒΚ-1307 ανανεώθηκε.',
    at: '2026-03-02T08:00:00.000Z',
    unread: false,
  },
];

export const DEMO_UNREAD_COUNT = DEMO_NOTIFICATIONS.filter((item) => item.unread).length;

export const DEMO_CONSENT: ConsentContent = {
  'data-recipient': 'Τράπεζα Παράδειγμα Α.Ε.',
  'transaction-description': 'Άνοιγμα λογαριασμού πληρωμών',
  'transaction-data': [
    {
      category: 'Στοιχεία ταυτότητας',
      records: [
        {
          display: [
            { 'display-key': 'firstname', label: 'Όνομα', value: 'ΜΑΡΙΑ' },
            { 'display-key': 'surname', label: 'Επώνυμο', value: 'ΠΑΠΑΔΟΠΟΥΛΟΥ' },
            { 'display-key': 'afm', label: 'ΑΦΜ', value: '100000015' },
          ],
        },
      ],
    },
    {
      category: 'Στοιχεία επικοινωνίας',
      records: [
        {
          display: [
            { 'display-key': 'mobile', label: 'Κινητό', value: '69******78' },
            { 'display-key': 'email', label: 'E-mail', value: 'm***@example.gr' },
          ],
        },
      ],
    },
  ],
};
