import type { DashboardEntity, InboxItem, InboxList } from '@dilosi/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderApp, TEST_APP_CONFIG, TEST_USER } from '../../testing/render-app';
import { server } from '../../testing/setup';

/**
 * New-activity marks on the inbox list and the staff member's own e-mail alerts (issue #33),
 * against a mocked API; the server's rules are tested through the real app.
 */
const ENTITY = '0b0b0b0b-0000-4000-8000-000000000002';
const CLERK = { ...TEST_USER, is_admin: true, display_name: 'ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ' };
const CONFIG = { ...TEST_APP_CONFIG, flags: { ...TEST_APP_CONFIG.flags, DASHBOARD_ENABLED: true } };
const listUrl = (tab: string, search = '') =>
  `/dashboard/entities/show/${ENTITY}/inbox/list/${tab}${search ? `?${search}` : ''}`;
const entity = {
  id: ENTITY,
  codename: 'DIMOS_ATHINAION',
  display_name: {
    el: 'Δήμος Αθηναίων',
    en: 'Municipality of Athens',
    fr: "Municipalité d'Athènes",
  },
  roles: ['clerk'],
} as DashboardEntity;

const item = (n: number, isNew: boolean): InboxItem => ({
  id: `0c0c0c0c-0000-4000-8000-${String(n).padStart(12, '0')}`,
  entry_id: `0c0c0c0c-0000-4000-8000-${String(n).padStart(12, '0')}`,
  inbox_status: 'incoming',
  forwarded: false,
  assignee: null,
  assignee_display_name: null,
  age_days: 0,
  overdue: false,
  new_activity: isNew,
  declaration: {
    template_id: 'solemn-declaration',
    template: { shortname: { el: 'Υπεύθυνη δήλωση', en: 'Solemn declaration', fr: 'Déclaration' } },
    timestamp: new Date(Date.UTC(2026, 10, 20, 10, 0, n)).toISOString(),
    reference_code: `REF${n}`,
    user_display_name: `ΠΟΛΙΤΗΣ ${n}`,
    case_id: `2026/${String(n).padStart(6, '0')}`,
  },
});

const counts = { all: 12, me: 0, pending: 0, incoming: 12, finished: 0, canceled: 0 };
const newCounts = { all: 3, me: 0, pending: 0, incoming: 3, finished: 0, canceled: 0 };

function mockInbox() {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(`/api/entities/${ENTITY}`, () => HttpResponse.json({ data: entity })),
    http.get(`/api/entity/${ENTITY}/inbox`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const onlyNew = query.get('activity') === 'new';
      const data = onlyNew
        ? [item(1, true), item(2, true), item(3, true)]
        : [item(1, true), item(2, true), item(3, true), item(4, false)];
      const body: InboxList = {
        data,
        hasNext: false,
        total: data.length,
        meta: { counts, new_counts: newCounts },
      };
      return HttpResponse.json(body);
    }),
  );
  return queries;
}

describe('new activity on the inbox list', () => {
  it('marks the rows with new activity in words and counts them in the tabs', async () => {
    mockInbox();
    renderApp(listUrl('incoming'), { user: CLERK, config: CONFIG });
    const table = await screen.findByRole('table');
    const rowOf = (caseNumber: string) => within(table).getByText(caseNumber).closest('tr');
    expect(rowOf('2026/000001')?.textContent).toContain(
      'Νέα δραστηριότητα από τότε που την ανοίξατε',
    );
    expect(rowOf('2026/000004')?.textContent).not.toContain('Νέα δραστηριότητα');
    const tabs = screen.getByRole('navigation', { name: 'Λίστες υποθέσεων' });
    expect(within(tabs).getByRole('link', { current: 'page' }).textContent).toBe(
      'Εισερχόμενες (12) · 3 νέα',
    );
    // A tab with nothing new says nothing of it.
    expect(within(tabs).getByRole('link', { name: /^Ολοκληρωμένες/ }).textContent).toBe(
      'Ολοκληρωμένες (0)',
    );
  });

  it('filters to new activity through the URL and the API query', async () => {
    const queries = mockInbox();
    const { user } = renderApp(listUrl('incoming'), { user: CLERK, config: CONFIG });
    await screen.findByRole('table');
    await user.click(screen.getByText('Αναζήτηση', { selector: 'span' }));
    await user.click(screen.getByLabelText('Μόνο υποθέσεις με νέα δραστηριότητα'));
    await user.click(screen.getByRole('button', { name: 'Αναζήτηση' }));
    await waitFor(() => expect(currentUrl()).toBe(listUrl('incoming', 'activity=new')));
    await waitFor(() => expect(queries.at(-1)?.get('activity')).toBe('new'));
    expect(queries.at(-1)?.get('status')).toBe('incoming');
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).queryByText('2026/000004')).toBeNull());
  });

  it('opens the filter from the URL with its box ticked', async () => {
    const queries = mockInbox();
    renderApp(listUrl('all', 'activity=new'), { user: CLERK, config: CONFIG });
    await screen.findByRole('table');
    expect(queries.at(-1)?.get('activity')).toBe('new');
    const box = screen.getByLabelText<HTMLInputElement>('Μόνο υποθέσεις με νέα δραστηριότητα');
    expect(box.checked).toBe(true);
  });
});

describe('the staff member’s e-mail alerts', () => {
  it('reads the choice only when unfolded and saves another', async () => {
    mockInbox();
    let reads = 0;
    let saved: unknown;
    server.use(
      http.get(`/api/entity/${ENTITY}/alert-preference`, () => {
        reads += 1;
        return HttpResponse.json({ data: { mode: 'none', email: 'clerk@athens.test' } });
      }),
      http.put(`/api/entity/${ENTITY}/alert-preference`, async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json({ data: { mode: 'digest', email: 'clerk@athens.test' } });
      }),
    );
    const { user } = renderApp(listUrl('all'), { user: CLERK, config: CONFIG });
    await screen.findByRole('table');
    expect(reads).toBe(0);
    await user.click(screen.getByText('Ειδοποιήσεις με e-mail', { selector: 'span' }));
    const group = await screen.findByRole('group', { name: /Πότε να λαμβάνω e-mail/ });
    expect(
      within(group).getByRole<HTMLInputElement>('radio', { name: 'Καμία ειδοποίηση' }).checked,
    ).toBe(true);
    expect(group.textContent).toContain('clerk@athens.test');
    await user.click(within(group).getByRole('radio', { name: 'Μία σύνοψη την ημέρα' }));
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση' }));
    await waitFor(() => expect(saved).toEqual({ mode: 'digest' }));
    expect(await screen.findByText('Η επιλογή σας αποθηκεύτηκε.')).toBeTruthy();
  });
});
