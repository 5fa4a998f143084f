import type { DashboardEntity, KepLookup } from '@dilosi/domain';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderApp, TEST_APP_CONFIG, TEST_USER } from '../../testing/render-app';
import { server } from '../../testing/setup';

const KEP = '0b0b0b0b-0000-4000-8000-00000000000a';
const local = (el: string, en = el) => ({ el, en, fr: en });
const OFFICER = { ...TEST_USER, is_admin: true, display_name: 'ΕΥΑΓΓΕΛΙΑ ΣΤΑΥΡΟΥ' };
const CONFIG = { ...TEST_APP_CONFIG, flags: { ...TEST_APP_CONFIG.flags, DASHBOARD_ENABLED: true } };
const ENTITY: DashboardEntity = {
  id: KEP,
  codename: 'KEP_ATHINAS',
  display_name: local('ΚΕΠ Δήμου Αθηναίων (Λιοσίων)'),
  email: null,
  is_addressable: false,
  is_managed: false,
  has_inbox: true,
  enabled: true,
  is_kep: true,
  roles: ['clerk'],
};
const LOOKUP: KepLookup = {
  code: 'ABCDEFGH',
  expires_at: '2099-01-08T10:00:00.000Z',
  created_at: '2099-01-01T10:00:00.000Z',
  template_title: local('Αναφορά για κακοδιοίκηση', 'Complaint'),
  preview: {
    heading: local('ΑΝΑΦΟΡΑ'),
    rows: [{ label: local('Υπηρεσία'), value: local('Δημοτική υπηρεσία') }],
    body: [],
    recipient: null,
  },
};
const kepUrl = `/dashboard/entities/show/${KEP}/kep`;

function mockKep() {
  const lookedUp: string[] = [];
  const decided: { path: string; body: unknown }[] = [];
  const printed: string[] = [];
  server.use(
    http.post(`/api/entity/${KEP}/kep/:code/pdf/token`, ({ params }) => {
      printed.push(String(params.code));
      if (params.code === 'UUUUUUUU') {
        return HttpResponse.json(
          { error: { code: 'kep_document_not_found', message: 'not here' } },
          { status: 404 },
        );
      }
      return HttpResponse.json({ download_url: '#kep-pdf' });
    }),
    http.get('/api/entities', () => HttpResponse.json({ data: [ENTITY] })),
    http.get(`/api/entity/${KEP}/kep/:code`, ({ params }) => {
      lookedUp.push(String(params.code));
      if (params.code === 'UUUUUUUU' || params.code === 'PPPPPPPP') {
        return HttpResponse.json(
          { error: { code: 'kep_code_used', message: 'used' } },
          { status: 409 },
        );
      }
      if (params.code === 'ZZZZZZZZ') {
        return HttpResponse.json(
          { error: { code: 'kep_code_expired', message: 'expired' } },
          { status: 410 },
        );
      }
      return HttpResponse.json({ data: LOOKUP });
    }),
    http.post(`/api/entity/${KEP}/kep/:code/:decision`, async ({ params, request }) => {
      decided.push({ path: `${params.code}/${params.decision}`, body: await request.json() });
      return HttpResponse.json({
        data:
          params.decision === 'confirm'
            ? { state: 'confirmed', reference_code: '7KQ2M9XDH3RT0B5C' }
            : { state: 'refused', reference_code: null },
      });
    }),
  );
  return { lookedUp, decided, printed };
}

/** Issue #37: a KEP officer looks up a person's code, checks her identity and confirms. */
describe('the KEP officer’s page', () => {
  it('looks up a code as typed, shows the request and confirms it with the identity checked', async () => {
    const api = mockKep();
    const { user } = renderApp(kepUrl, { user: OFFICER, config: CONFIG });
    await screen.findByRole('heading', {
      level: 1,
      name: 'Επιβεβαίωση αίτησης με φυσική παρουσία',
    });
    await user.type(screen.getByRole('textbox', { name: /Κωδικός/ }), 'abcd-efgh');
    await user.click(screen.getByRole('button', { name: 'Αναζήτηση' }));

    expect(await screen.findByText('Δημοτική υπηρεσία')).toBeTruthy();
    expect(api.lookedUp).toEqual(['ABCDEFGH']);
    // Nothing is sent without the identity document.
    await user.click(screen.getByRole('button', { name: 'Επιβεβαίωση και έκδοση' }));
    expect(screen.getAllByText(/Συμπληρώστε το πεδίο/)).toHaveLength(2);
    expect(api.decided).toEqual([]);

    await user.click(screen.getByRole('radio', { name: 'Διαβατήριο' }));
    await user.type(screen.getByRole('textbox', { name: /Αριθμός αποδεικτικού/ }), 'AB1234567');
    await user.click(screen.getByRole('button', { name: 'Επιβεβαίωση και έκδοση' }));
    // The reference code grouped, on one line.
    const issued = await screen.findByText('7KQ2-M9XD-H3RT-0B5C');
    expect(issued.className).toBe('dilosi-kep-decision__code');
    expect(issued.parentElement?.textContent).toBe(
      'Το έγγραφο εκδόθηκε με κωδικό 7KQ2-M9XD-H3RT-0B5C.',
    );
    expect(api.decided).toEqual([
      { path: 'ABCDEFGH/confirm', body: { id_type: 'passport', id_number: 'AB1234567' } },
    ]);
    // She prints the issued document at the counter.
    await user.click(screen.getByRole('button', { name: 'Εκτύπωση του εγγράφου' }));
    await waitFor(() => expect(window.location.hash).toBe('#kep-pdf'));
    expect(api.printed).toEqual(['ABCDEFGH']);
    await user.click(screen.getByRole('button', { name: 'Νέα αναζήτηση' }));
    expect(screen.getByRole('textbox', { name: /Κωδικός/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Εκτύπωση του εγγράφου' })).toBeNull();
  });

  it('prints a code confirmed earlier, and says so when this KEP did not confirm it', async () => {
    const api = mockKep();
    const { user } = renderApp(kepUrl, { user: OFFICER, config: CONFIG });
    const code = await screen.findByRole('textbox', { name: /Κωδικός/ });
    await user.type(code, 'PPPP-PPPP');
    await user.click(screen.getByRole('button', { name: 'Αναζήτηση' }));
    expect(await screen.findByText('Ο κωδικός έχει ήδη χρησιμοποιηθεί.')).toBeTruthy();
    expect(screen.getByText(/μπορείτε να εκτυπώσετε ξανά το έγγραφο/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Εκτύπωση του εγγράφου' }));
    await waitFor(() => expect(api.printed).toEqual(['PPPPPPPP']));

    await user.clear(code);
    await user.type(code, 'UUUUUUUU');
    await user.click(screen.getByRole('button', { name: 'Αναζήτηση' }));
    await user.click(await screen.findByRole('button', { name: 'Εκτύπωση του εγγράφου' }));
    expect(await screen.findByText(/Κανένα έγγραφο που επιβεβαιώθηκε σε αυτό το ΚΕΠ/)).toBeTruthy();
    // A pending code offers no printing.
    await user.clear(code);
    await user.type(code, 'ABCDEFGH');
    await user.click(screen.getByRole('button', { name: 'Αναζήτηση' }));
    await screen.findByText('Δημοτική υπηρεσία');
    expect(screen.queryByRole('button', { name: 'Εκτύπωση του εγγράφου' })).toBeNull();
  });

  it('explains a refused code in the interface language', async () => {
    mockKep();
    const { user } = renderApp(kepUrl, { user: OFFICER, config: CONFIG });
    await user.type(await screen.findByRole('textbox', { name: /Κωδικός/ }), 'zzzz zzzz');
    await user.click(screen.getByRole('button', { name: 'Αναζήτηση' }));
    expect(
      await screen.findByText(/Ο κωδικός έχει λήξει. Ο πολίτης πρέπει να ξεκινήσει ξανά/),
    ).toBeTruthy();
  });

  it('refuses with a reason', async () => {
    const api = mockKep();
    const { user } = renderApp(kepUrl, { user: OFFICER, config: CONFIG });
    await user.type(await screen.findByRole('textbox', { name: /Κωδικός/ }), 'ABCDEFGH');
    await user.click(screen.getByRole('button', { name: 'Αναζήτηση' }));
    await screen.findByText('Δημοτική υπηρεσία');
    await user.type(screen.getByRole('textbox', { name: /Λόγος άρνησης/ }), 'Ληγμένη ταυτότητα');
    await user.click(screen.getByRole('button', { name: 'Άρνηση επιβεβαίωσης' }));
    expect(await screen.findByText(/Η αίτηση δεν επιβεβαιώθηκε/)).toBeTruthy();
    expect(api.decided).toEqual([
      { path: 'ABCDEFGH/refuse', body: { reason: 'Ληγμένη ταυτότητα' } },
    ]);
  });

  it('is where the entity list sends a KEP officer', async () => {
    mockKep();
    renderApp('/dashboard/entities/list', { user: OFFICER, config: CONFIG });
    const link = await screen.findByRole('link', { name: 'ΚΕΠ Δήμου Αθηναίων (Λιοσίων)' });
    expect(link.getAttribute('href')).toBe(kepUrl);
  });

  it('is where a KEP officer lands, with its link in the sidebar', async () => {
    mockKep();
    renderApp(`/dashboard/entities/show/${KEP}`, { user: OFFICER, config: CONFIG });
    await screen.findByRole('heading', {
      level: 1,
      name: 'Επιβεβαίωση αίτησης με φυσική παρουσία',
    });
    expect(currentUrl()).toBe(kepUrl);
    expect(screen.getByRole('link', { name: 'Επιβεβαίωση σε ΚΕΠ' }).getAttribute('href')).toBe(
      kepUrl,
    );
  });
});
