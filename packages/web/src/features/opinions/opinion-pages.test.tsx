import type { Opinion, OpinionCase } from '@dilosi/domain';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, TEST_APP_CONFIG, TEST_USER } from '../../testing/render-app';
import { server } from '../../testing/setup';

const ENTITY = '0b0b0b0b-0000-4000-8000-000000000009';
const ID = '0e0e0e0e-0000-4000-8000-000000000001';
const local = (el: string, en = el) => ({ el, en, fr: en });
const STAFF = { ...TEST_USER, is_admin: true, display_name: 'ΕΛΕΝΗ ΘΕΣΣΑΛΟΝΙΚΙΟΥ' };
const CONFIG = { ...TEST_APP_CONFIG, flags: { ...TEST_APP_CONFIG.flags, DASHBOARD_ENABLED: true } };

const OPINION: Opinion = {
  id: ID,
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

const CASE: OpinionCase = {
  opinion: OPINION,
  template_shortname: local('Υπεύθυνη δήλωση'),
  document: {
    reference_code: 'ABCD1234',
    issued_at: '2026-11-26T10:00:00.000Z',
    statements: [{ key: 'body', label: local('Δήλωση'), value: 'Μένω στην Αθήνα.' }],
    has_pdf: true,
  },
};

/** Issue #41: the expert's pages, for an entity and for a person. */
describe('opinions asked of an expert', () => {
  it('lists the opinions asked of the entity, overdue marked', async () => {
    server.use(
      http.get(`/api/entity/${ENTITY}/opinions`, () =>
        HttpResponse.json({
          data: [OPINION, { ...OPINION, id: `${ID.slice(0, -1)}2`, is_overdue: true }],
        }),
      ),
    );
    renderApp(`/dashboard/entities/show/${ENTITY}/opinions`, { user: STAFF, config: CONFIG });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Γνωμοδοτήσεις που μας ζητήθηκαν' }),
    ).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'Υπόθεση 2026/000003' });
    expect(links[0]?.getAttribute('href')).toBe(
      `/dashboard/entities/show/${ENTITY}/opinions/${ID}`,
    );
    expect(screen.getAllByText('Εκπρόθεσμη')).toHaveLength(1);
    expect(screen.getAllByText('Από: Δήμος Αθηναίων · Προθεσμία: 15/01/2099')).toHaveLength(2);
  });

  it('shows the case read-only and sends the entity’s answer with its PDF', async () => {
    let opinionCase = CASE;
    const sent: FormData[] = [];
    server.use(
      http.get(`/api/entity/${ENTITY}/opinions/${ID}`, () =>
        HttpResponse.json({ data: opinionCase }),
      ),
      http.post(`/api/entity/${ENTITY}/opinions/${ID}/answer`, async ({ request }) => {
        sent.push(await request.formData());
        opinionCase = {
          ...CASE,
          opinion: {
            ...OPINION,
            state: 'given',
            answer: 'Νόμιμη.',
            answered_by: 'Ε. Θεσσαλονικιού',
            answered_at: '2026-11-28T09:00:00.000Z',
            answer_file: { filename: 'gnomi.pdf', size: 4 },
          },
        };
        return HttpResponse.json({ data: opinionCase.opinion });
      }),
    );
    const { user } = renderApp(`/dashboard/entities/show/${ENTITY}/opinions/${ID}`, {
      user: STAFF,
      config: CONFIG,
    });
    expect(await screen.findByText('Είναι νόμιμη η χρήση;')).toBeTruthy();
    expect(screen.getByText('Μένω στην Αθήνα.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Λήψη του PDF του εγγράφου' })).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Αποστολή γνωμοδότησης' });
    await user.click(submit);
    expect(
      await screen.findByText(
        'Συμπληρώστε την ερώτηση, την προθεσμία και από ποιον ζητάτε τη γνώμη.',
      ),
    ).toBeTruthy();
    await user.type(screen.getByLabelText('Απάντηση'), 'Νόμιμη.');
    const pdf = new File(['%PDF'], 'gnomi.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Συνημμένο PDF (προαιρετικό)'), pdf);
    await user.click(submit);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(JSON.parse(String(sent[0]?.get('json')))).toEqual({ answer: 'Νόμιμη.' });
    // (jsdom's FormData loses the file's name on the way; its bytes arrive.)
    expect((sent[0]?.get('file__attachment') as Blob).size).toBe(4);
    expect(await screen.findByText('Η γνωμοδότηση στάλθηκε.')).toBeTruthy();
    expect(await screen.findByText('Συνημμένο: gnomi.pdf')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Αποστολή γνωμοδότησης' })).toBeNull();
    // The entity keeps the PDF it gave: the page asks for its address and follows it.
    const asked: string[] = [];
    server.use(
      http.post(`/api/entity/${ENTITY}/opinions/${ID}/file/token`, () => {
        asked.push('file');
        // jsdom does not navigate: an address it can follow without a request.
        return HttpResponse.json({ download_url: '#opinion-file' });
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Λήψη του συνημμένου' }));
    await waitFor(() => expect(asked).toEqual(['file']));
    await waitFor(() => expect(window.location.hash).toBe('#opinion-file'));
  });

  it('a person answers on her page in JSON; a cancelled request takes no answer', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get(`/api/my-opinions/${ID}`, () => HttpResponse.json({ data: CASE })),
      http.post(`/api/my-opinions/${ID}/answer`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ data: { ...OPINION, state: 'given' } });
      }),
    );
    const { user } = renderApp(`/my/opinions/${ID}`);
    await user.type(await screen.findByLabelText('Απάντηση'), 'Συμφωνώ.');
    await user.click(screen.getByRole('button', { name: 'Αποστολή γνωμοδότησης' }));
    await waitFor(() => expect(sent).toEqual([{ answer: 'Συμφωνώ.' }]));

    server.use(
      http.get(`/api/my-opinions/${ID}`, () =>
        HttpResponse.json({ data: { ...CASE, opinion: { ...OPINION, state: 'cancelled' } } }),
      ),
    );
    renderApp(`/my/opinions/${ID}`);
    expect(
      await screen.findByText('Ο φορέας ακύρωσε το αίτημα· δεν χρειάζεται απάντηση.'),
    ).toBeTruthy();
  });
});
