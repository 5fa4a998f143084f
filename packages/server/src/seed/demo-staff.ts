/**
 * Demo civil servants who use the dashboard (admin login), and their roles per entity. Their
 * users exist before their first login so that permissions can name them; the development
 * identity provider shows the role next to their name. `admin`: a dashboard admin with no role
 * in any entity (sees the no-access page).
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
  {
    afm: '100000088',
    role: 'head',
    entity: 'DIMOS_THESSALONIKIS',
    label: { el: 'Διαχειριστής, Δήμος Θεσσαλονίκης', en: 'Head, Municipality of Thessaloniki' },
  },
  {
    afm: '100000090',
    role: 'clerk',
    entity: 'DIMOS_THESSALONIKIS',
    label: { el: 'Χειριστής, Δήμος Θεσσαλονίκης', en: 'Clerk, Municipality of Thessaloniki' },
  },
  {
    afm: '100000107',
    role: 'head',
    entity: 'EFKA',
    label: { el: 'Διαχειριστής, e-ΕΦΚΑ', en: 'Head, e-EFKA' },
  },
  {
    afm: '100000119',
    role: 'clerk',
    entity: 'AADE',
    label: { el: 'Χειριστής, ΑΑΔΕ', en: 'Clerk, AADE' },
  },
  {
    afm: '100000120',
    role: 'clerk',
    entity: 'KEP_ATHINAS',
    label: { el: 'Υπάλληλος ΚΕΠ, Αθήνα', en: 'KEP officer, Athens' },
  },
];
