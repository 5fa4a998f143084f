import type { CaseExport } from '@dilosi/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { server } from '../../testing/setup';
import { CLERK, CONFIG, ENTITY, listUrl, mockInbox } from './testing/inbox-fixtures';

const base: CaseExport = {
  id: 'x1',
  format: 'xlsx',
  tab: 'incoming',
  query: 'status=incoming',
  state: 'queued',
  done: 0,
  total: null,
  created_at: '2026-11-28T10:00:00.000Z',
  expires_at: null,
  download_url: null,
};

/** Issue #41: the list as XLSX or ODS, built in the background, its progress, then the file. */
describe('spreadsheet exports of the list', () => {
  it('asks for the list as filtered, follows its progress, then offers the file', async () => {
    const posted: unknown[] = [];
    let reads = 0;
    let current: CaseExport[] = [];
    mockInbox(12);
    server.use(
      http.get(`/api/entity/${ENTITY}/exports`, () => {
        reads += 1;
        // Built by the job between two reads: running, then ready.
        if (current[0]?.state === 'queued' && reads > 2) {
          current = [{ ...current[0], state: 'running', done: 7 }];
        } else if (current[0]?.state === 'running') {
          current = [
            {
              ...current[0],
              state: 'ready',
              done: 12,
              total: 12,
              expires_at: '2026-12-05T10:00:00.000Z',
              download_url: `/api/entity/${ENTITY}/exports/x1/file`,
            },
          ];
        }
        return HttpResponse.json({ data: current });
      }),
      http.post(`/api/entity/${ENTITY}/exports`, async ({ request }) => {
        posted.push(await request.json());
        current = [base];
        return HttpResponse.json({ data: base }, { status: 202 });
      }),
    );
    const { user } = renderApp(listUrl('incoming', 'user=%CE%9C%CE%B1%CF%81%CE%AF%CE%B1'), {
      user: CLERK,
      config: CONFIG,
    });
    await screen.findByRole('table');
    await user.click(
      screen.getByText(/^Εξαγωγή σε υπολογιστικό φύλλο/, { selector: 'summary span' }),
    );
    expect(screen.getByText('Δεν έχετε κάνει εξαγωγές.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Εξαγωγή XLSX (Excel)' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      format: 'xlsx',
      tab: 'incoming',
      query: 'status=incoming&user=%CE%9C%CE%B1%CF%81%CE%AF%CE%B1',
    });
    const history = await screen.findByRole('list', { name: 'Οι τελευταίες εξαγωγές μου' });
    expect(
      await within(history).findByText(/σε εξέλιξη: 7 υποθέσεις/, {}, { timeout: 8000 }),
    ).toBeTruthy();
    expect(
      await within(history).findByRole(
        'button',
        { name: /^Λήψη XLSX της 28\/11\/2026/ },
        { timeout: 8000 },
      ),
    ).toBeTruthy();
    expect(within(history).getByText(/έτοιμη: 12 υποθέσεις/)).toBeTruthy();
  }, 20_000);
});
