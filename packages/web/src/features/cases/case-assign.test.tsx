import type {
  CaseDetail,
  ClerkPermission,
  DashboardEntity,
  HistoryItem,
  InboxList,
} from '@dilosi/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, TEST_APP_CONFIG, TEST_USER } from '../../testing/render-app';
import { server } from '../../testing/setup';

/** Assigning to oneself (case page and bulk) and whom the history says a case went to. */
const ENTITY = '0b0b0b0b-0000-4000-8000-000000000001';
const CASE = '0c0c0c0c-0000-4000-8000-000000000001';
const CLERK = { ...TEST_USER, is_admin: true, display_name: 'ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ' };
const HEAD_ID = '7a7a7a7a-0000-4000-8000-000000000001';
const CONFIG = { ...TEST_APP_CONFIG, flags: { ...TEST_APP_CONFIG.flags, DASHBOARD_ENABLED: true } };
const text = (el: string) => ({ el, en: el, fr: el });

const clerks: ClerkPermission[] = [
  { id: 'p1', user_id: CLERK.id, role: 'clerk', user_display_name: 'ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ' },
  { id: 'p2', user_id: HEAD_ID, role: 'head', user_display_name: 'ΚΩΝΣΤΑΝΤΙΝΟΣ ΙΩΑΝΝΙΔΗΣ' },
];

const detail: CaseDetail = {
  id: CASE,
  entry_id: CASE,
  inbox_status: 'incoming',
  forwarded: false,
  assignee: HEAD_ID,
  assignee_display_name: 'ΚΩΝΣΤΑΝΤΙΝΟΣ ΙΩΑΝΝΙΔΗΣ',
  age_days: 1,
  overdue: false,
  dismissed: false,
  declaration: {
    template_id: 'solemn-declaration',
    template: { shortname: text('Υπεύθυνη δήλωση') },
    timestamp: '2026-11-24T10:00:00.000Z',
    reference_code: 'REF1',
    user_display_name: 'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ',
    case_id: '2026/000001',
  },
  document: { id: null, state: null, issued_at: null, statements: [], attachments: [] },
  replies: [],
  forwarded_to: [],
  forwarded_from: null,
  counts: { notes: 0, replies: 0, messages: 0, history: 2 },
};

function mockEntity(clerkList: ClerkPermission[] = clerks) {
  server.use(
    http.get(`/api/entities/${ENTITY}`, () =>
      HttpResponse.json({
        data: {
          id: ENTITY,
          codename: 'DIMOS_ATHINAION',
          display_name: text('Δήμος Αθηναίων'),
          roles: ['clerk'],
        } as DashboardEntity,
      }),
    ),
    http.get(`/api/entities/${ENTITY}/active-clerk-permissions`, () =>
      HttpResponse.json({ data: clerkList }),
    ),
  );
}

function mockCase() {
  const assigned: unknown[] = [];
  server.use(
    http.get(`/api/entity/${ENTITY}/inbox/:id`, () => HttpResponse.json({ data: detail })),
    http.get(`/api/entity/${ENTITY}/inbox/:id/neighbours`, () =>
      HttpResponse.json({ data: { previous: null, next: null } }),
    ),
    http.post(`/api/entity/${ENTITY}/inbox/:id/assign`, async ({ request }) => {
      assigned.push(await request.json());
      return HttpResponse.json({ data: detail });
    }),
  );
  return assigned;
}

const caseUrl = `/dashboard/entities/show/${ENTITY}/inbox/show/declaration/${CASE}`;

describe('assigning a case to oneself', () => {
  it('assigns the case to the signed-in clerk from its page', async () => {
    mockEntity();
    const assigned = mockCase();
    const { user } = renderApp(caseUrl, { user: CLERK, config: CONFIG });
    await user.click(await screen.findByRole('button', { name: 'Ανάθεση' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ανάθεση' });
    await within(dialog).findByRole('option', { name: 'ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ' });
    await user.click(within(dialog).getByRole('button', { name: 'Ανάθεση σε εμένα' }));
    await waitFor(() => expect(assigned).toEqual([{ user_id: CLERK.id }]));
    expect(await screen.findByText('Η υπόθεση ανατέθηκε.')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Ανάθεση' })).toBeNull();
  });

  it('gives the focus back to the Assign button when a dialog opened by its key closes', async () => {
    mockEntity();
    mockCase();
    const { user } = renderApp(caseUrl, { user: CLERK, config: CONFIG });
    const assign = await screen.findByRole('button', { name: 'Ανάθεση' });
    (document.activeElement as HTMLElement | null)?.blur();
    await user.keyboard('a');
    const dialog = await screen.findByRole('dialog', { name: 'Ανάθεση' });
    await user.click(within(dialog).getAllByRole('button', { name: 'Κλείσιμο' })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ανάθεση' })).toBeNull());
    expect(document.activeElement).toBe(assign);
  });

  it('offers no "assign to me" to someone who is not one of the entity’s clerks', async () => {
    mockEntity(clerks.filter((clerk) => clerk.user_id !== CLERK.id));
    mockCase();
    const { user } = renderApp(caseUrl, { user: CLERK, config: CONFIG });
    await user.click(await screen.findByRole('button', { name: 'Ανάθεση' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ανάθεση' });
    await within(dialog).findByRole('option', { name: 'ΚΩΝΣΤΑΝΤΙΝΟΣ ΙΩΑΝΝΙΔΗΣ' });
    expect(within(dialog).queryByRole('button', { name: 'Ανάθεση σε εμένα' })).toBeNull();
  });

  it('assigns the selected cases to the signed-in clerk from the list', async () => {
    mockEntity();
    let sent: unknown;
    const list: InboxList = {
      data: [detail],
      hasNext: false,
      total: 1,
      meta: { counts: { all: 1, me: 0, pending: 0, incoming: 1, finished: 0, canceled: 0 } },
    };
    server.use(
      http.get(`/api/entity/${ENTITY}/inbox`, () => HttpResponse.json(list)),
      http.post(`/api/entity/${ENTITY}/inbox/bulk`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          data: {
            changed: 1,
            failed: 0,
            results: [{ id: CASE, case_id: '2026/000001', ok: true }],
          },
        });
      }),
    );
    const { user } = renderApp(`/dashboard/entities/show/${ENTITY}/inbox/list/incoming`, {
      user: CLERK,
      config: CONFIG,
    });
    await user.click(
      await screen.findByRole('checkbox', { name: 'Επιλογή της υπόθεσης 2026/000001' }),
    );
    await user.click(screen.getByRole('button', { name: 'Ανάθεση επιλεγμένων' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('option', { name: 'ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ' });
    await user.click(within(dialog).getByRole('button', { name: 'Ανάθεση σε εμένα' }));
    await waitFor(() => expect(sent).toEqual({ action: 'assign', ids: [CASE], user_id: CLERK.id }));
  });
});

describe('the case history', () => {
  it('names whom the case was assigned to, besides who did it', async () => {
    mockEntity();
    mockCase();
    const history: HistoryItem[] = [
      {
        id: '1',
        entry_id: CASE,
        timestamp: '2026-11-24T10:00:00.000Z',
        action: 'assign',
        action_display: 'Ανάθεση',
        action_user_display_name: 'ΚΩΝΣΤΑΝΤΙΝΟΣ ΙΩΑΝΝΙΔΗΣ',
        assignee_display_name: 'ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ',
        details: { assignee_id: CLERK.id },
        declaration: { reference_code: 'REF1' },
      },
    ];
    server.use(
      http.get(`/api/entity/${ENTITY}/inbox/:id/history`, () =>
        HttpResponse.json({ data: history }),
      ),
    );
    const { user } = renderApp(`${caseUrl}?show=history`, { user: CLERK, config: CONFIG });
    await user.click(await screen.findByRole('tab', { name: /^Ιστορικό/ }));
    const panel = screen.getByRole('tabpanel');
    await waitFor(() =>
      expect(panel.textContent).toContain(
        'Ανάθεση σε ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ — ΚΩΝΣΤΑΝΤΙΝΟΣ ΙΩΑΝΝΙΔΗΣ',
      ),
    );
  });
});
