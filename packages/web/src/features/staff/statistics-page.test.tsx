import type { CaseStatistics } from '@dilosi/domain';
import { act, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderApp } from '../../testing/render-app';
import { server } from '../../testing/setup';
import { base, CONFIG, ENTITY, HEAD } from './testing/staff-fixtures';

const stats = (overrides: Partial<CaseStatistics> = {}): CaseStatistics => ({
  range: { date_from: '2026-11-01', date_to: '2026-11-30' },
  template: null,
  weeks: [
    { week: '2026-10-26', received: 0, finished: 0 },
    { week: '2026-11-02', received: 3, finished: 1 },
    { week: '2026-11-23', received: 2, finished: 2 },
  ],
  time_to_finish: { count: 3, median_days: 7, p90_days: 8.6 },
  open: {
    total: 4,
    overdue: 1,
    buckets: [
      { bucket: '0-2', count: 2, overdue: 0 },
      { bucket: '3-7', count: 1, overdue: 0 },
      { bucket: '8-14', count: 0, overdue: 0 },
      { bucket: '15-30', count: 1, overdue: 1 },
      { bucket: '31+', count: 0, overdue: 0 },
    ],
  },
  load: [
    { assignee_id: 'u1', name: 'ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ', open: 2, finished: 3 },
    { assignee_id: null, name: '', open: 2, finished: 0 },
  ],
  statuses: [
    { status: 'incoming', count: 2 },
    { status: 'pending', count: 1 },
    { status: 'canceled', count: 0 },
    { status: 'finished', count: 2 },
  ],
  templates: [
    {
      refname: 'solemn-declaration',
      title: { el: 'Υπεύθυνη δήλωση', en: 'Solemn declaration', fr: 'Déclaration sur l’honneur' },
      count: 4,
    },
    {
      refname: 'authorization',
      title: { el: 'Εξουσιοδότηση', en: 'Authorisation', fr: 'Procuration' },
      count: 1,
    },
  ],
  ...overrides,
});

/** Each table's rows as text, by its caption. */
const rowsOf = (caption: string) =>
  within(screen.getByRole('table', { name: caption }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('the statistics page (issue #41)', () => {
  it('shows every figure in a table, in the interface language', async () => {
    const asked: string[] = [];
    server.use(
      http.get(`/api/entity/${ENTITY}/statistics`, ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({ data: stats() });
      }),
    );
    renderApp(`${base}/statistics`, { user: HEAD, config: CONFIG });
    expect(await screen.findByRole('heading', { level: 1, name: 'Στατιστικά' })).toBeTruthy();
    expect(screen.getByText('Από 01/11/2026 έως 30/11/2026')).toBeTruthy();
    expect(rowsOf('Υποθέσεις που παραλήφθηκαν και ολοκληρώθηκαν ανά εβδομάδα')).toEqual([
      ['26/10/2026', '0', '0'],
      ['02/11/2026', '3', '1'],
      ['23/11/2026', '2', '2'],
    ]);
    expect(rowsOf('Ανοιχτές υποθέσεις ανά ημέρες από την παραλαβή, με τις εκπρόθεσμες')[3]).toEqual(
      ['15-30', '1', '1'],
    );
    expect(rowsOf('Ανοιχτές υποθέσεις και ολοκληρωμένες στο διάστημα, ανά υπάλληλο')).toEqual([
      ['ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ', '2', '3'],
      ['Χωρίς ανάθεση', '2', '0'],
    ]);
    expect(rowsOf('Οι υποθέσεις που παραλήφθηκαν στο διάστημα, ανά τρέχουσα κατάσταση')[0]).toEqual(
      ['Εισερχόμενη', '2'],
    );
    // The figures at a glance: a decimal comma, days, the overdue share.
    const summary = screen.getByRole('region', { name: 'Με μια ματιά' });
    expect(within(summary).getByText('8,6 ημέρες')).toBeTruthy();
    expect(within(summary).getByText('25% των ανοιχτών', { exact: false })).toBeTruthy();
    expect(screen.getByText('Από 3 υποθέσεις που ολοκληρώθηκαν στο διάστημα.')).toBeTruthy();
    expect(asked).toEqual(['']);
    // The head's navigation leads here.
    expect(screen.getByRole('link', { name: 'Στατιστικά' }).getAttribute('href')).toBe(
      `${base}/statistics`,
    );
  });

  it('puts the filters in the address and asks again; a reversed period is refused here', async () => {
    const asked: string[] = [];
    server.use(
      http.get(`/api/entity/${ENTITY}/statistics`, ({ request }) => {
        const search = new URL(request.url).searchParams;
        asked.push(search.toString());
        return HttpResponse.json({
          data: stats({
            template: search.get('template'),
            range: {
              date_from: search.get('date_from') ?? '2026-11-01',
              date_to: search.get('date_to') ?? '2026-11-30',
            },
          }),
        });
      }),
    );
    const { user } = renderApp(`${base}/statistics`, { user: HEAD, config: CONFIG });
    const from = await screen.findByLabelText('Από');
    await user.clear(from);
    await user.type(from, '2026-12-15');
    await user.click(screen.getByRole('button', { name: 'Εμφάνιση' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Η ημερομηνία «Έως» πρέπει να είναι ίδια ή μετά την «Από».',
    );
    expect(asked).toHaveLength(1);
    await user.clear(screen.getByLabelText('Από'));
    await user.type(screen.getByLabelText('Από'), '2026-10-01');
    await user.selectOptions(screen.getByLabelText('Έντυπο'), 'authorization');
    await user.click(screen.getByRole('button', { name: 'Εμφάνιση' }));
    expect(await screen.findByText('Από 01/10/2026 έως 30/11/2026')).toBeTruthy();
    expect(asked.at(-1)).toBe('date_from=2026-10-01&date_to=2026-11-30&template=authorization');
    expect(currentUrl()).toBe(
      `${base}/statistics?date_from=2026-10-01&date_to=2026-11-30&template=authorization`,
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reads English', async () => {
    server.use(
      http.get(`/api/entity/${ENTITY}/statistics`, () =>
        HttpResponse.json({
          data: stats({ time_to_finish: { count: 0, median_days: null, p90_days: null } }),
        }),
      ),
    );
    await act(() => i18n.changeLanguage('en'));
    try {
      renderApp(`${base}/statistics`, { user: HEAD, config: CONFIG });
      expect(await screen.findByRole('heading', { level: 1, name: 'Statistics' })).toBeTruthy();
      expect(screen.getByText('No case was finished in the period.')).toBeTruthy();
      expect(screen.getByRole('option', { name: 'Solemn declaration (4)' })).toBeTruthy();
      expect(screen.getByText('25% of open cases', { exact: false })).toBeTruthy();
    } finally {
      await act(() => i18n.changeLanguage('el'));
    }
  });
});
