import type { Opinion } from '@dilosi/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { server } from '../../testing/setup';
import { caseDetail, caseId, CLERK, CONFIG, ENTITY } from './testing/inbox-fixtures';

const local = (el: string, en = el) => ({ el, en, fr: en });

const OPINION: Opinion = {
  id: '0e0e0e0e-0000-4000-8000-000000000001',
  state: 'requested',
  is_overdue: false,
  question: 'Είναι νόμιμη η χρήση;',
  deadline: '2099-01-15',
  requested_at: '2026-11-27T10:00:00.000Z',
  requested_by: 'Κ. Υπάλληλος',
  asking_entity: { codename: 'DIMOS_ATHINAION', display_name: local('Δήμος Αθηναίων') },
  expert: {
    kind: 'entity',
    codename: 'DIMOS_THESSALONIKIS',
    display_name: local('Δήμος Θεσσαλονίκης'),
  },
  case_id: '2026/000003',
  subject: 'Υπεύθυνη δήλωση',
  answer: null,
  answered_at: null,
  answered_by: null,
  answer_file: null,
  cancelled_at: null,
};

function mockCase(opinions: () => Opinion[]) {
  server.use(
    http.get(`/api/entity/${ENTITY}/inbox/:id`, () => HttpResponse.json({ data: caseDetail(3) })),
    http.get(`/api/entity/${ENTITY}/inbox/:id/neighbours`, () =>
      HttpResponse.json({ data: { previous: null, next: null } }),
    ),
    http.get(`/api/entity/${ENTITY}/inbox/:id/opinions`, () =>
      HttpResponse.json({ data: opinions() }),
    ),
    http.get(`/api/entity/${ENTITY}/forward-targets`, () =>
      HttpResponse.json({
        data: {
          entities: [
            { codename: 'DIMOS_THESSALONIKIS', display_name: local('Δήμος Θεσσαλονίκης') },
          ],
          datasets: [],
        },
      }),
    ),
  );
}

const casePage = `/dashboard/entities/show/${ENTITY}/inbox/show/declaration/${caseId(3)}?show=opinions`;

/** Issue #41: the case's Opinions tab. */
describe('opinions on the case page', () => {
  it('lists pending, overdue, given and cancelled opinions, and cancels a pending one', async () => {
    let opinions: Opinion[] = [
      OPINION,
      { ...OPINION, id: `${OPINION.id.slice(0, -1)}2`, is_overdue: true, deadline: '2026-11-01' },
      {
        ...OPINION,
        id: `${OPINION.id.slice(0, -1)}3`,
        state: 'given',
        answer: 'Η χρήση είναι νόμιμη.',
        answered_by: 'Ε. Θεσσαλονικιός',
        answered_at: '2026-11-28T09:00:00.000Z',
        answer_file: { filename: 'gnomi.pdf', size: 1000 },
      },
      {
        ...OPINION,
        id: `${OPINION.id.slice(0, -1)}4`,
        state: 'cancelled',
        expert: { kind: 'person', afm: '100000027', name: 'Νίκος Νικολάου' },
      },
    ];
    const cancelled: string[] = [];
    mockCase(() => opinions);
    server.use(
      http.post(
        `/api/entity/${ENTITY}/inbox/:id/opinions/:opinion/action`,
        async ({ params, request }) => {
          expect(await request.json()).toEqual({ action: 'cancel' });
          cancelled.push(String(params.opinion));
          opinions = opinions.map((o) =>
            o.id === params.opinion ? { ...o, state: 'cancelled' } : o,
          );
          return HttpResponse.json({ data: opinions[0] });
        },
      ),
    );
    const { user } = renderApp(casePage, { user: CLERK, config: CONFIG });
    const tab = await screen.findByRole('tab', { name: 'Γνωμοδοτήσεις' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel');
    const items = await within(panel).findAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(within(items[0]!).getByText('Σε αναμονή')).toBeTruthy();
    expect(within(items[0]!).queryByText('Εκπρόθεσμη')).toBeNull();
    expect(within(items[1]!).getByText('Εκπρόθεσμη')).toBeTruthy();
    expect(within(items[2]!).getByText('Η χρήση είναι νόμιμη.')).toBeTruthy();
    expect(within(items[2]!).getByRole('button', { name: 'Λήψη gnomi.pdf' })).toBeTruthy();
    expect(within(items[3]!).getByText('Ακυρώθηκε')).toBeTruthy();
    expect(within(items[3]!).getByText('Προς: Νίκος Νικολάου')).toBeTruthy();
    // Only pending ones can be cancelled.
    expect(within(items[2]!).queryByRole('button', { name: /Ακύρωση/ })).toBeNull();
    await user.click(
      within(items[0]!).getByRole('button', {
        name: 'Ακύρωση του αιτήματος προς Δήμος Θεσσαλονίκης',
      }),
    );
    await waitFor(() => expect(cancelled).toEqual([OPINION.id]));
    expect(await screen.findByText('Το αίτημα ακυρώθηκε.')).toBeTruthy();
  });

  it('asks an entity from the pick-list, or a person by tax number, and shows the refusal', async () => {
    const asked: unknown[] = [];
    mockCase(() => []);
    server.use(
      http.post(`/api/entity/${ENTITY}/inbox/:id/opinions`, async ({ request }) => {
        const body = (await request.json()) as { expert: { afm?: string } };
        asked.push(body);
        if (body.expert.afm === '999999999') {
          return HttpResponse.json(
            { error: { code: 'opinion_expert_unknown', message: 'unknown' } },
            { status: 400 },
          );
        }
        return HttpResponse.json({ data: OPINION }, { status: 201 });
      }),
    );
    const { user } = renderApp(casePage, { user: CLERK, config: CONFIG });
    expect(
      await screen.findByText('Δεν έχουν ζητηθεί γνωμοδοτήσεις για την υπόθεση.'),
    ).toBeTruthy();
    const send = screen.getByRole('button', { name: 'Αποστολή αιτήματος' });
    await user.click(send);
    expect(
      await screen.findByText(
        'Συμπληρώστε την ερώτηση, την προθεσμία και από ποιον ζητάτε τη γνώμη.',
      ),
    ).toBeTruthy();
    expect(asked).toHaveLength(0);
    await screen.findByRole('option', { name: 'Δήμος Θεσσαλονίκης' });
    await user.selectOptions(screen.getByLabelText('Φορέας'), 'DIMOS_THESSALONIKIS');
    await user.type(screen.getByLabelText('Ερώτηση'), 'Τι λέτε;');
    await user.type(screen.getByLabelText('Προθεσμία'), '2099-01-15');
    await user.click(send);
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]).toEqual({
      question: 'Τι λέτε;',
      deadline: '2099-01-15',
      expert: { entity: 'DIMOS_THESSALONIKIS' },
    });
    expect(await screen.findByText('Το αίτημα γνωμοδότησης στάλθηκε.')).toBeTruthy();

    await user.click(screen.getByLabelText('Πρόσωπο (με ΑΦΜ)'));
    await user.type(screen.getByLabelText('ΑΦΜ προσώπου'), '999999999');
    await user.type(screen.getByLabelText('Ερώτηση'), 'Και εσείς;');
    await user.type(screen.getByLabelText('Προθεσμία'), '2099-01-16');
    await user.click(send);
    expect(
      await screen.findByText('Δεν βρέθηκε φορέας ή πρόσωπο με λογαριασμό με αυτά τα στοιχεία.'),
    ).toBeTruthy();
    expect(asked[1]).toMatchObject({ expert: { afm: '999999999' } });
  });

  it('names the expert in the case history', async () => {
    mockCase(() => []);
    const row = (action: string, details: Record<string, unknown>) => ({
      id: action,
      entry_id: caseId(3),
      timestamp: '2026-11-27T10:00:00.000Z',
      action,
      action_display: action,
      action_user_display_name: 'Κ. Υπάλληλος',
      details,
      declaration: { reference_code: 'ABCD' },
    });
    server.use(
      http.get(`/api/entity/${ENTITY}/inbox/:id/history`, () =>
        HttpResponse.json({
          data: [
            row('opinion_requested', { expert: 'Δήμος Θεσσαλονίκης', deadline: '2099-01-15' }),
            row('opinion_given', { expert_afm: '100000027' }),
          ],
          hasNext: false,
        }),
      ),
    );
    renderApp(casePage.replace('show=opinions', 'show=history'), { user: CLERK, config: CONFIG });
    expect(await screen.findByText(/Ζητήθηκε γνωμοδότηση: Δήμος Θεσσαλονίκης/)).toBeTruthy();
    expect(screen.getByText(/Δόθηκε γνωμοδότηση: 100000027/)).toBeTruthy();
  });
});
