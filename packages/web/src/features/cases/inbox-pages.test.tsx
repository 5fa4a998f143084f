import {
  INBOX_TABS,
  type CaseDetail,
  type DashboardEntity,
  type InboxItem,
  type InboxList,
} from '@dilosi/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderApp, TEST_APP_CONFIG, TEST_USER } from '../../testing/render-app';
import { server } from '../../testing/setup';

/**
 * The dashboard's list and case pages against a mocked API (the server's own behaviour is tested
 * through the real app): filters in the URL, the page links, the single-hit jump, bulk actions
 * and previous / next on the case.
 */
const ENTITY = '0b0b0b0b-0000-4000-8000-000000000001';
const CLERK = { ...TEST_USER, is_admin: true, display_name: 'ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ' };
const CONFIG = { ...TEST_APP_CONFIG, flags: { ...TEST_APP_CONFIG.flags, DASHBOARD_ENABLED: true } };
const listUrl = (tab: string, search = '') =>
  `/dashboard/entities/show/${ENTITY}/inbox/list/${tab}${search ? `?${search}` : ''}`;

const entity: DashboardEntity = {
  id: ENTITY,
  codename: 'DIMOS_ATHINAION',
  display_name: {
    el: 'Δήμος Αθηναίων',
    en: 'Municipality of Athens',
    fr: "Municipalité d'Athènes",
  },
  roles: ['clerk'],
} as DashboardEntity;

const caseId = (n: number) => `0c0c0c0c-0000-4000-8000-${String(n).padStart(12, '0')}`;
const item = (n: number): InboxItem => ({
  id: caseId(n),
  entry_id: caseId(n),
  inbox_status: 'incoming',
  forwarded: false,
  assignee: null,
  assignee_display_name: null,
  age_days: n,
  overdue: n > 5,
  declaration: {
    template_id: 'solemn-declaration',
    template: { shortname: { el: 'Υπεύθυνη δήλωση', en: 'Solemn declaration', fr: 'Déclaration' } },
    timestamp: new Date(Date.UTC(2026, 10, 20, 10, 0, n)).toISOString(),
    reference_code: `REF${n}`,
    user_display_name: `ΠΟΛΙΤΗΣ ${n}`,
    case_id: `2026/${String(n).padStart(6, '0')}`,
  },
});

const counts = { all: 245, me: 0, pending: 0, incoming: 245, finished: 0, canceled: 0 };

/** Answers the list from `total` cases; records every query the page sent. */
function mockInbox(total: number) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(`/api/entities/${ENTITY}`, () => HttpResponse.json({ data: entity })),
    http.get(`/api/entity/${ENTITY}/inbox`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const limit = Number(query.get('limit'));
      const offset = Number(query.get('offset'));
      const matching = query.get('case') ? Math.min(1, total) : total;
      const data = Array.from({ length: Math.max(0, Math.min(limit, matching - offset)) }, (_, i) =>
        item(offset + i + 1),
      );
      const body: InboxList = {
        data,
        hasNext: offset + limit < matching,
        total: matching,
        meta: { counts },
      };
      return HttpResponse.json(body);
    }),
  );
  return queries;
}

describe('the inbox list', () => {
  it('shows the tabs with their counts and the cases of the page', async () => {
    mockInbox(245);
    renderApp(listUrl('incoming'), { user: CLERK, config: CONFIG });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    const tabs = screen.getByRole('navigation', { name: 'Λίστες υποθέσεων' });
    expect(within(tabs).getAllByRole('link')).toHaveLength(INBOX_TABS.length);
    expect(within(tabs).getByRole('link', { current: 'page' }).textContent).toBe(
      'Εισερχόμενες (245)',
    );
    expect(screen.getByText('245 υποθέσεις')).toBeTruthy();
    expect(within(table).getByText('2026/000007').closest('tr')?.textContent).toContain(
      'Εκπρόθεσμη',
    );
  });

  it('keeps the filters and the order in the URL and sends them to the API', async () => {
    const queries = mockInbox(245);
    const { user } = renderApp(listUrl('incoming'), { user: CLERK, config: CONFIG });
    await screen.findByRole('table');
    await user.click(screen.getByText('Αναζήτηση', { selector: 'span' }));
    await user.type(screen.getByLabelText('Ονοματεπώνυμο πολίτη'), 'Μαρία Παπαδοπούλου');
    await user.type(screen.getByLabelText('Από ημερομηνία'), '2026-11-01');
    await user.selectOptions(screen.getByLabelText('Ταξινόμηση κατά ημερομηνία'), 'received_at');
    await user.click(screen.getByRole('button', { name: 'Αναζήτηση' }));
    await waitFor(() => expect(currentUrl()).toContain('user='));
    const url = new URL(currentUrl(), 'http://x');
    expect(url.pathname).toBe(listUrl('incoming'));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      user: 'Μαρία Παπαδοπούλου',
      date_from: '2026-11-01',
      ordering: 'received_at',
    });
    await waitFor(() => expect(queries.at(-1)?.get('user')).toBe('Μαρία Παπαδοπούλου'));
    expect(Object.fromEntries(queries.at(-1) ?? [])).toMatchObject({
      status: 'incoming',
      date_from: '2026-11-01',
      ordering: 'received_at',
      limit: '10',
      offset: '0',
    });
  });

  it('links the pages as the spec shows them: first, dots, current to current + 2, dots, last', async () => {
    const queries = mockInbox(245);
    const { user } = renderApp(listUrl('incoming', 'page=12&size=10'), {
      user: CLERK,
      config: CONFIG,
    });
    await screen.findByRole('table');
    const pages = screen.getByRole('navigation', { name: 'Σελίδες' });
    expect(
      within(pages)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['1', '12', '13', '14', '25']);
    expect(pages.textContent).toBe('1…121314…25');
    expect(within(pages).getByRole('link', { current: 'page' }).textContent).toBe('12');
    expect(queries.at(-1)?.get('offset')).toBe('110');
    await user.click(within(pages).getByRole('link', { name: 'Σελίδα 25' }));
    await waitFor(() => expect(currentUrl()).toContain('page=25'));
    await waitFor(() => expect(queries.at(-1)?.get('offset')).toBe('240'));
    await user.selectOptions(screen.getByLabelText('Υποθέσεις ανά σελίδα'), '30');
    await waitFor(() => expect(currentUrl()).toBe(listUrl('incoming', 'size=30')));
  });

  it('opens the case when a case-number search finds exactly one', async () => {
    mockInbox(245);
    server.use(
      http.get(`/api/entity/${ENTITY}/inbox/:id`, () => HttpResponse.json({ data: caseDetail(1) })),
      http.get(`/api/entity/${ENTITY}/inbox/:id/neighbours`, () =>
        HttpResponse.json({ data: { previous: null, next: null } }),
      ),
    );
    renderApp(listUrl('all', 'case=2026%2F000001'), { user: CLERK, config: CONFIG });
    await waitFor(() =>
      expect(currentUrl()).toBe(
        `/dashboard/entities/show/${ENTITY}/inbox/show/declaration/${caseId(1)}`,
      ),
    );
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
  });

  it('points to the incoming list when nothing is assigned to me after a redirect', async () => {
    mockInbox(0);
    renderApp(listUrl('me', 'redir=1'), { user: CLERK, config: CONFIG });
    const hint = await screen.findByRole('link', { name: /Δείτε τις εισερχόμενες/ });
    expect(hint.getAttribute('href')).toBe(listUrl('incoming'));
  });

  it('changes the status of the selected cases and says what changed', async () => {
    mockInbox(245);
    let sent: unknown;
    server.use(
      http.post(`/api/entity/${ENTITY}/inbox/bulk`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          data: {
            changed: 1,
            failed: 1,
            results: [
              { id: caseId(1), case_id: '2026/000001', ok: true },
              {
                id: caseId(2),
                case_id: '2026/000002',
                ok: false,
                code: 'action_not_allowed_on_state',
              },
            ],
          },
        });
      }),
    );
    const { user } = renderApp(listUrl('incoming'), { user: CLERK, config: CONFIG });
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Επιλογή της υπόθεσης 2026/000001' }));
    await user.click(screen.getByRole('checkbox', { name: 'Επιλογή της υπόθεσης 2026/000002' }));
    const bar = screen.getByRole('group', { name: 'Ενέργειες στις επιλεγμένες υποθέσεις' });
    expect(bar.textContent).toContain('2 επιλεγμένες υποθέσεις');
    await user.click(within(bar).getByRole('button', { name: 'Αλλαγή κατάστασης επιλεγμένων' }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('Νέα κατάσταση'), 'canceled');
    await user.click(within(dialog).getByRole('button', { name: 'Αποθήκευση' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Συμπληρώστε το πεδίο.');
    expect(sent).toBeUndefined();
    await user.type(within(dialog).getByLabelText(/Λόγος απόρριψης/), 'Διπλή υποβολή.');
    await user.click(within(dialog).getByRole('button', { name: 'Αποθήκευση' }));
    await waitFor(() =>
      expect(sent).toEqual({
        action: 'change_state',
        ids: [caseId(1), caseId(2)],
        state: 'canceled',
        reason: 'Διπλή υποβολή.',
      }),
    );
    expect(
      await screen.findByText('Άλλαξαν 1 από 2 υποθέσεις. Δεν άλλαξαν: 2026/000002.', {
        selector: '.dilosi-dashboard-summary-line',
      }),
    ).toBeTruthy();
    expect(
      screen.queryByRole('group', { name: 'Ενέργειες στις επιλεγμένες υποθέσεις' }),
    ).toBeNull();
    // The summary follows a language switch.
    try {
      await act(() => i18n.changeLanguage('en'));
      expect(
        await screen.findByText('1 of 2 cases changed. Not changed: 2026/000002.', {
          selector: '.dilosi-dashboard-summary-line',
        }),
      ).toBeTruthy();
    } finally {
      await act(() => i18n.changeLanguage('el'));
    }
  });

  it('moves between rows with j and k, and the shortcuts can be turned off', async () => {
    mockInbox(245);
    const { user } = renderApp(listUrl('incoming'), { user: CLERK, config: CONFIG });
    await screen.findByRole('table');
    await user.keyboard('j');
    expect(document.activeElement?.textContent).toBe('2026/000001');
    await user.keyboard('jj');
    expect(document.activeElement?.textContent).toBe('2026/000003');
    await user.keyboard('k');
    expect(document.activeElement?.textContent).toBe('2026/000002');
    // Typing in a field types, it does not move.
    await user.click(screen.getByText('Αναζήτηση', { selector: 'span' }));
    await user.type(screen.getByLabelText('Ονοματεπώνυμο πολίτη'), 'jk');
    expect((screen.getByLabelText('Ονοματεπώνυμο πολίτη') as HTMLInputElement).value).toBe('jk');
    // ? opens the help, which can turn them off.
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('?');
    const help = await screen.findByRole('dialog');
    await user.click(within(help).getByRole('checkbox', { name: /Συντομεύσεις ενός πλήκτρου/ }));
    await user.click(within(help).getByRole('button', { name: 'Κλείσιμο' }));
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('j');
    expect(document.activeElement).toBe(document.body);
  });

  it('moves with j and ? works while the focus is on a row checkbox', async () => {
    mockInbox(245);
    const { user } = renderApp(listUrl('incoming'), { user: CLERK, config: CONFIG });
    const table = await screen.findByRole('table');
    const [first] = within(table).getAllByRole('checkbox');
    (first as HTMLElement).focus();
    await user.keyboard('j');
    expect(document.activeElement?.textContent).toBe('2026/000001');
    (first as HTMLElement).focus();
    await user.keyboard('?');
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });
});

function caseDetail(n: number): CaseDetail {
  return {
    ...item(n),
    document: { id: null, state: null, statements: [], attachments: [] },
    replies: [],
    forwarded_to: [],
    forwarded_from: null,
    counts: { notes: 0, replies: 0, messages: 0, history: 1 },
  } as unknown as CaseDetail;
}

describe('the case page', () => {
  it('links the previous and next case of the list it came from, filters kept', async () => {
    let asked: URLSearchParams | undefined;
    server.use(
      http.get(`/api/entity/${ENTITY}/inbox/:id`, ({ params }) =>
        HttpResponse.json({ data: caseDetail(Number(String(params.id).slice(-12))) }),
      ),
      http.get(`/api/entity/${ENTITY}/inbox/:id/neighbours`, ({ request, params }) => {
        asked = new URL(request.url).searchParams;
        const n = Number(String(params.id).slice(-12));
        return HttpResponse.json({ data: { previous: caseId(n - 1), next: caseId(n + 1) } });
      }),
    );
    const { user } = renderApp(
      `/dashboard/entities/show/${ENTITY}/inbox/show/declaration/${caseId(5)}?user=x&tab=pending`,
      { user: CLERK, config: CONFIG },
    );
    const next = await screen.findByRole('link', { name: 'Επόμενη υπόθεση' });
    expect(Object.fromEntries(asked ?? [])).toMatchObject({ status: 'pending', user: 'x' });
    expect(screen.getByRole('link', { name: 'Πίσω στη λίστα' }).getAttribute('href')).toBe(
      listUrl('pending', 'user=x'),
    );
    await user.click(next);
    await waitFor(() => expect(currentUrl()).toContain(caseId(6)));
    expect(currentUrl()).toContain('tab=pending');
    // k goes back to the previous case.
    await screen.findByRole('link', { name: 'Προηγούμενη υπόθεση' });
    await user.keyboard('k');
    await waitFor(() => expect(currentUrl()).toContain(caseId(5)));
  });

  it('moves between the tabs with the arrow keys, one tab stop for the list', async () => {
    server.use(
      http.get(`/api/entity/${ENTITY}/inbox/:id`, () => HttpResponse.json({ data: caseDetail(3) })),
      http.get(`/api/entity/${ENTITY}/inbox/:id/neighbours`, () =>
        HttpResponse.json({ data: { previous: null, next: null } }),
      ),
      http.get(`/api/entity/${ENTITY}/inbox/:id/:tab`, () =>
        HttpResponse.json({ data: [], hasNext: false }),
      ),
    );
    const { user } = renderApp(
      `/dashboard/entities/show/${ENTITY}/inbox/show/declaration/${caseId(3)}`,
      { user: CLERK, config: CONFIG },
    );
    const details = await screen.findByRole('tab', { name: /^Στοιχεία/ });
    expect(details.getAttribute('aria-selected')).toBe('true');
    expect(
      screen.getAllByRole('tab').filter((tab) => tab.getAttribute('tabindex') === '0'),
    ).toEqual([details]);
    details.focus();
    await user.keyboard('{ArrowRight}');
    const notes = screen.getByRole('tab', { name: /^Σημειώσεις/ });
    expect(notes.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(notes);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: /^Ιστορικό/ }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(details);
  });

  it('shares the document after checking the tax number, and dismisses a closed case', async () => {
    const posted: unknown[] = [];
    const closed = {
      ...caseDetail(4),
      inbox_status: 'finished',
      dismissed: false,
      document: { id: 'd4', state: 'issued', issued_at: null, statements: [], attachments: [] },
    } as unknown as CaseDetail;
    server.use(
      http.get(`/api/entity/${ENTITY}/inbox/:id`, () => HttpResponse.json({ data: closed })),
      http.get(`/api/entity/${ENTITY}/inbox/:id/neighbours`, () =>
        HttpResponse.json({ data: { previous: null, next: null } }),
      ),
      http.post(`/api/entity/${ENTITY}/inbox/:id/action`, async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ data: closed });
      }),
    );
    const { user } = renderApp(
      `/dashboard/entities/show/${ENTITY}/inbox/show/declaration/${caseId(4)}`,
      { user: CLERK, config: CONFIG },
    );
    await user.click(await screen.findByRole('button', { name: 'Κοινοποίηση' }));
    const dialog = await screen.findByRole('dialog', { name: 'Κοινοποίηση' });
    await user.type(within(dialog).getByLabelText('Όνομα'), 'Γιώργος');
    await user.type(within(dialog).getByLabelText('Επώνυμο'), 'Βλάχος');
    const afm = within(dialog).getByLabelText('ΑΦΜ');
    await user.type(afm, '123456789');
    await user.click(within(dialog).getByRole('button', { name: 'Κοινοποίηση' }));
    expect(await within(dialog).findByText('Ο ΑΦΜ δεν είναι έγκυρος')).toBeTruthy();
    expect(afm.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(afm);
    expect(posted).toEqual([]);
    await user.clear(afm);
    await user.type(afm, '100000027');
    await user.click(within(dialog).getByRole('button', { name: 'Κοινοποίηση' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      action: 'share',
      arguments: { firstname: 'Γιώργος', surname: 'Βλάχος', afm: '100000027' },
    });
    expect(await screen.findByText('Το έγγραφο κοινοποιήθηκε.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Απομάκρυνση από τις λίστες' }));
    const confirm = await screen.findByRole('dialog', { name: 'Απομάκρυνση από τις λίστες' });
    await user.click(within(confirm).getByRole('button', { name: 'Επιβεβαίωση' }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]).toEqual({ action: 'dismiss' });
  });

  it('offers neither share nor dismiss on an open case without a document, and says when it was dismissed', async () => {
    server.use(
      http.get(`/api/entity/${ENTITY}/inbox/:id`, () =>
        HttpResponse.json({ data: { ...caseDetail(2), dismissed: true } }),
      ),
      http.get(`/api/entity/${ENTITY}/inbox/:id/neighbours`, () =>
        HttpResponse.json({ data: { previous: null, next: null } }),
      ),
    );
    renderApp(`/dashboard/entities/show/${ENTITY}/inbox/show/declaration/${caseId(2)}`, {
      user: CLERK,
      config: CONFIG,
    });
    await screen.findByRole('button', { name: 'Ανάθεση' });
    expect(screen.queryByRole('button', { name: 'Κοινοποίηση' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Απομάκρυνση από τις λίστες' })).toBeNull();
    expect(screen.getByText(/Η υπόθεση έχει απομακρυνθεί από τις λίστες/)).toBeTruthy();
  });
});
