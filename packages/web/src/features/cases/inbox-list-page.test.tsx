import { INBOX_TABS } from '@dilosi/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderApp } from '../../testing/render-app';
import { server } from '../../testing/setup';
import {
  caseDetail,
  caseId,
  CLERK,
  CONFIG,
  ENTITY,
  listUrl,
  mockInbox,
} from './testing/inbox-fixtures';

/**
 * The dashboard's inbox list against a mocked API (the server's own behaviour is tested through
 * the real app): filters in the URL, the page links, the single-hit jump and bulk actions.
 */
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

  it('lists my saved views as links, and saves the current tab and filters under a name', async () => {
    mockInbox(12);
    let sent: unknown;
    server.use(
      http.get(`/api/entity/${ENTITY}/saved-views`, () =>
        HttpResponse.json({
          data: [
            {
              id: 'v1',
              name: 'Οι παλιές μου',
              tab: 'pending',
              query: 'assignee=me&ordering=received_at',
              created_at: '2026-11-28T10:00:00.000Z',
            },
          ],
        }),
      ),
      http.post(`/api/entity/${ENTITY}/saved-views`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ data: { id: 'v2' } }, { status: 201 });
      }),
    );
    const { user } = renderApp(`${listUrl('incoming')}?user=Μαρία&page=2`, {
      user: CLERK,
      config: CONFIG,
    });
    await screen.findByRole('table');
    await user.click(await screen.findByText('Αποθηκευμένες προβολές (1)'));
    const views = screen.getByRole('list', { name: 'Οι αποθηκευμένες προβολές μου' });
    expect(within(views).getByRole('link', { name: 'Οι παλιές μου' }).getAttribute('href')).toBe(
      `${listUrl('pending')}?assignee=me&ordering=received_at`,
    );
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση τρέχουσας προβολής' }));
    expect(await screen.findByText('Δώστε ένα όνομα στην προβολή.')).toBeTruthy();
    await user.type(screen.getByLabelText('Όνομα προβολής'), 'Της Μαρίας');
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση τρέχουσας προβολής' }));
    // The page is not a filter: the view keeps the tab and the citizen's name only.
    await waitFor(() =>
      expect(sent).toEqual({
        name: 'Της Μαρίας',
        tab: 'incoming',
        query: new URLSearchParams({ user: 'Μαρία' }).toString(),
      }),
    );
  });

  it('filters by a template and an assignee picked from lists, in the URL and the API query', async () => {
    const queries = mockInbox(30);
    server.use(
      http.get(`/api/entity/${ENTITY}/inbox-templates`, () =>
        HttpResponse.json({
          data: [
            {
              refname: 'solemn-declaration',
              shortname: { el: 'Υπεύθυνη δήλωση', en: 'Solemn declaration', fr: 'Déclaration' },
              fields: [
                {
                  key: 'statement',
                  label: { el: 'Κείμενο δήλωσης', en: 'Statement', fr: 'Texte' },
                },
              ],
            },
          ],
        }),
      ),
      http.get(`/api/entities/${ENTITY}/active-clerk-permissions`, () =>
        HttpResponse.json({
          data: [
            { id: 'p1', user_id: 'u-clerk', role: 'clerk', user_display_name: 'ΚΩΣΤΑΣ ΛΑΜΠΡΟΥ' },
            { id: 'p2', user_id: 'u-clerk', role: 'head', user_display_name: 'ΚΩΣΤΑΣ ΛΑΜΠΡΟΥ' },
          ],
        }),
      ),
    );
    const { user } = renderApp(listUrl('all'), { user: CLERK, config: CONFIG });
    await screen.findByRole('table');
    await user.click(screen.getByText('Αναζήτηση', { selector: 'span' }));
    const template = screen.getByLabelText('Πρότυπο');
    await waitFor(() => expect(within(template).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(template, 'solemn-declaration');
    // Once a template is chosen, one of its form fields and a text it contains.
    await user.selectOptions(screen.getByLabelText('Πεδίο της φόρμας'), 'statement');
    await user.type(screen.getByLabelText('Περιέχει'), 'Αθήνα');
    const assignee = screen.getByLabelText('Χειριστής (από τη λίστα)');
    // One entry per person, whatever her roles.
    await waitFor(() => expect(within(assignee).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(assignee, 'u-clerk');
    await user.click(screen.getByRole('button', { name: 'Αναζήτηση' }));
    await waitFor(() => expect(currentUrl()).toContain('template=solemn-declaration'));
    expect(currentUrl()).toContain('assignee_id=u-clerk');
    expect(currentUrl()).toContain(`field=statement%3A${encodeURIComponent('Αθήνα')}`);
    await waitFor(() =>
      expect(
        queries.some(
          (query) =>
            query.get('template') === 'solemn-declaration' &&
            query.get('field') === 'statement:Αθήνα' &&
            query.get('assignee_id') === 'u-clerk',
        ),
      ).toBe(true),
    );
  });

  it('offers the statuses INBOX_STATES configures, in its order, with its labels', async () => {
    mockInbox(3);
    const config = {
      ...CONFIG,
      settings: { ...CONFIG.settings, INBOX_STATES: ['finished:Ολοκληρώθηκε', 'pending', 'X'] },
    };
    const { user } = renderApp(listUrl('incoming'), { user: CLERK, config });
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Επιλογή της υπόθεσης 2026/000001' }));
    const bar = screen.getByRole('group', { name: 'Ενέργειες στις επιλεγμένες υποθέσεις' });
    await user.click(within(bar).getByRole('button', { name: 'Αλλαγή κατάστασης επιλεγμένων' }));
    const dialog = await screen.findByRole('dialog');
    const select = within(dialog).getByLabelText('Νέα κατάσταση') as HTMLSelectElement;
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Ολοκληρώθηκε', 'Σε εκκρεμότητα']);
    expect(select.value).toBe('finished');
  });
});
