/**
 * Demo civil servants who use the dashboard (admin login). Their users exist before their first
 * login so that entity permissions can name them; the development identity provider shows the
 * role next to their name.
 */
export const demoStaff: {
  afm: string;
  role: 'head' | 'clerk' | 'admin';
  entity: string;
  label: { el: string; en: string };
}[] = [
  {
    afm: '100000040',
    role: 'head',
    entity: 'DIMOS_ATHINAION',
    label: { el: 'Διαχειριστής, Δήμος Αθηναίων', en: 'Head, Municipality of Athens' },
  },
  {
    afm: '100000052',
    role: 'clerk',
    entity: 'DIMOS_ATHINAION',
    label: { el: 'Χειριστής, Δήμος Αθηναίων', en: 'Clerk, Municipality of Athens' },
  },
  {
    afm: '100000064',
    role: 'admin',
    entity: 'YPES',
    label: { el: 'Διαχειριστής πίνακα ελέγχου', en: 'Dashboard admin' },
  },
];
