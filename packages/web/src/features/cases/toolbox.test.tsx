import type { BinItem, BinList, BulkCaseResult } from '@dilosi/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';
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

const binUrl = `/dashboard/entities/show/${ENTITY}/bin`;
const binned = (n: number): BinItem => ({
  id: caseId(n),
  case_id: `2026/${String(n).padStart(6, '0')}`,
  inbox_status: 'finished',
  citizen_name: `ΠΟΛΙΤΗΣ ${n}`,
  template_id: 'solemn-declaration',
  subject: 'Υπεύθυνη δήλωση',
  received_at: '2026-11-01T10:00:00.000Z',
  dismissed_at: '2026-11-20T10:00:00.000Z',
  purge_at: '2026-12-20T10:00:00.000Z',
});

/** The bin and following (issue #41) against a mocked API; the rules: case-statistics.test.ts. */
describe("the entity's bin", () => {
  it('lists the dismissed cases with their purge day and restores one', async () => {
    const restored: string[] = [];
    server.use(
      http.get(`/api/entity/${ENTITY}/bin`, () => {
        const data = [binned(1), binned(2)].filter((b) => !restored.includes(b.id));
        const body: BinList = { data, meta: { count: data.length, limit: 30, offset: 0 } };
        return HttpResponse.json(body);
      }),
      http.post(`/api/entity/${ENTITY}/inbox/:i/restore`, ({ params }) => {
        restored.push(String(params.i));
        return HttpResponse.json({ data: caseDetail(1) });
      }),
    );
    const { user } = renderApp(binUrl, { user: CLERK, config: CONFIG });
    expect(await screen.findByRole('heading', { level: 1, name: 'Κάδος' })).toBeTruthy();
    expect(screen.getByText(/μένουν εδώ 30 ημέρες και μετά διαγράφονται οριστικά/)).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Υποθέσεις στον κάδο' });
    const first = within(table).getAllByRole('row')[1]!;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '2026/000001',
      'ΠΟΛΙΤΗΣ 1',
      'Υπεύθυνη δήλωση',
      'Ολοκληρωμένη',
      '20/11/2026 12:00:00',
      '20/12/2026',
      'Επαναφορά',
    ]);
    await user.click(screen.getByRole('button', { name: 'Επαναφορά υπόθεσης 2026/000001' }));
    expect(await screen.findByText('Η υπόθεση 2026/000001 επέστρεψε στις λίστες.')).toBeTruthy();
    expect(restored).toEqual([caseId(1)]);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Επαναφορά υπόθεσης 2026/000001' })).toBeNull(),
    );
  });

  it('says when the bin is empty', async () => {
    server.use(
      http.get(`/api/entity/${ENTITY}/bin`, () =>
        HttpResponse.json({ data: [], meta: { count: 0, limit: 30, offset: 0 } }),
      ),
    );
    renderApp(binUrl, { user: CLERK, config: CONFIG });
    expect(await screen.findByText('Ο κάδος είναι άδειος.')).toBeTruthy();
  });

  it('moves the selected cases to the bin from the list and names the ones refused', async () => {
    mockInbox(245);
    let sent: unknown;
    server.use(
      http.post(`/api/entity/${ENTITY}/inbox/bulk`, async ({ request }) => {
        sent = await request.json();
        const data: BulkCaseResult = {
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
        };
        return HttpResponse.json({ data });
      }),
    );
    const { user } = renderApp(listUrl('all'), { user: CLERK, config: CONFIG });
    await screen.findByRole('table');
    expect(screen.getByRole('link', { name: 'Κάδος' }).getAttribute('href')).toBe(binUrl);
    await user.click(screen.getByRole('checkbox', { name: 'Επιλογή της υπόθεσης 2026/000001' }));
    await user.click(screen.getByRole('checkbox', { name: 'Επιλογή της υπόθεσης 2026/000002' }));
    const bar = screen.getByRole('group', { name: 'Ενέργειες στις επιλεγμένες υποθέσεις' });
    await user.click(within(bar).getByRole('button', { name: 'Μεταφορά επιλεγμένων στον κάδο' }));
    expect(
      await screen.findByText('Άλλαξαν 1 από 2 υποθέσεις. Δεν άλλαξαν: 2026/000002.', {
        selector: '.dilosi-dashboard-summary-line',
      }),
    ).toBeTruthy();
    expect(sent).toEqual({ action: 'dismiss', ids: [caseId(1), caseId(2)] });
  });
  it('follows a case from its page (a toggle button) and finds it with the list filter', async () => {
    let followed = false;
    const methods: string[] = [];
    server.use(
      http.get(`/api/entity/${ENTITY}/inbox/:id`, () =>
        HttpResponse.json({ data: { ...caseDetail(3), followed } }),
      ),
      http.get(`/api/entity/${ENTITY}/inbox/:id/neighbours`, () =>
        HttpResponse.json({ data: { previous: null, next: null } }),
      ),
      http.all(`/api/entity/${ENTITY}/inbox/:id/follow`, ({ request }) => {
        methods.push(request.method);
        followed = request.method === 'PUT';
        return HttpResponse.json({ data: { followed } });
      }),
    );
    const { user } = renderApp(
      `/dashboard/entities/show/${ENTITY}/inbox/show/declaration/${caseId(3)}`,
      { user: CLERK, config: CONFIG },
    );
    const toggle = await screen.findByRole('button', { name: 'Παρακολούθηση' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await user.click(toggle);
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Παρακολούθηση' }).getAttribute('aria-pressed'),
      ).toBe('true'),
    );
    await user.click(screen.getByRole('button', { name: 'Παρακολούθηση' }));
    expect(await screen.findByText('Δεν την παρακολουθείτε πλέον.')).toBeTruthy();
    expect(methods).toEqual(['PUT', 'DELETE']);
  });

  it('asks the list for the followed cases when the filter is ticked', async () => {
    const queries = mockInbox(3);
    const { user } = renderApp(listUrl('all'), { user: CLERK, config: CONFIG });
    await screen.findByRole('table');
    await user.click(screen.getByText('Αναζήτηση', { selector: 'summary span' }));
    await user.click(screen.getByLabelText('Μόνο όσες παρακολουθώ'));
    await user.click(screen.getByRole('button', { name: 'Αναζήτηση' }));
    await waitFor(() => expect(queries.at(-1)?.get('followed')).toBe('me'));
  });

  it('asks the list for the cases waiting for an opinion when that filter is ticked', async () => {
    const queries = mockInbox(3);
    const { user } = renderApp(listUrl('all'), { user: CLERK, config: CONFIG });
    await screen.findByRole('table');
    await user.click(screen.getByText('Αναζήτηση', { selector: 'summary span' }));
    await user.click(screen.getByLabelText('Μόνο όσες περιμένουν γνωμοδότηση'));
    await user.click(screen.getByRole('button', { name: 'Αναζήτηση' }));
    await waitFor(() => expect(queries.at(-1)?.get('opinions')).toBe('pending'));
  });
  it('downloads the whole case as one ZIP from its details', async () => {
    const asked: string[] = [];
    server.use(
      http.get(`/api/entity/${ENTITY}/inbox/:id`, () =>
        HttpResponse.json({
          data: {
            ...caseDetail(4),
            document: {
              id: 'd4',
              state: 'issued',
              issued_at: null,
              statements: [],
              attachments: [],
            },
          },
        }),
      ),
      http.get(`/api/entity/${ENTITY}/inbox/:id/neighbours`, () =>
        HttpResponse.json({ data: { previous: null, next: null } }),
      ),
      http.post(`/api/entity/${ENTITY}/inbox/:id/zip/token`, ({ params }) => {
        asked.push(String(params.id));
        // jsdom does not navigate: an address it can follow without a request.
        return HttpResponse.json({ download_url: '#zip' });
      }),
    );
    const { user } = renderApp(
      `/dashboard/entities/show/${ENTITY}/inbox/show/declaration/${caseId(4)}`,
      { user: CLERK, config: CONFIG },
    );
    await user.click(await screen.findByRole('button', { name: 'Λήψη όλης της υπόθεσης (ZIP)' }));
    await waitFor(() => expect(asked).toEqual([caseId(4)]));
    await waitFor(() => expect(window.location.hash).toBe('#zip'));
  });
});
