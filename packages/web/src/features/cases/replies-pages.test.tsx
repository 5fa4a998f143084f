import type { CaseDetail, CaseReply, EntityTemplate } from '@dilosi/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderApp, TEST_APP_CONFIG, TEST_USER } from '../../testing/render-app';
import { server } from '../../testing/setup';

/** The replies tab, the reply action and the entity's templates page against a mocked API. */
const ENTITY = '0b0b0b0b-0000-4000-8000-000000000001';
const CASE = '0c0c0c0c-0000-4000-8000-000000000001';
const CLERK = { ...TEST_USER, is_admin: true, display_name: 'ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ' };
const CONFIG = { ...TEST_APP_CONFIG, flags: { ...TEST_APP_CONFIG.flags, DASHBOARD_ENABLED: true } };
const text = (el: string) => ({ el, en: el, fr: el });

const reply = (overrides: Partial<CaseReply>): CaseReply => ({
  id: 'r1',
  entity_id: ENTITY,
  reference_code: 'ABCDEFGHJKMN',
  timestamp: '2026-11-25T10:00:00.000Z',
  user_display_name: 'ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ',
  user_id: 'u1',
  state: 'issued',
  template: 'entity-acknowledgement',
  template_shortname: text('Βεβαίωση παραλαβής'),
  ...overrides,
});

function caseWith(replies: CaseReply[]): CaseDetail {
  return {
    id: CASE,
    entry_id: CASE,
    inbox_status: 'finished',
    forwarded: false,
    assignee: null,
    assignee_display_name: null,
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
    replies,
    forwarded_to: [],
    forwarded_from: null,
    counts: { notes: 0, replies: replies.length, messages: 0, history: 2 },
  };
}

function mockCase(detail: CaseDetail) {
  server.use(
    http.get(`/api/entity/${ENTITY}/inbox/:id`, () => HttpResponse.json({ data: detail })),
    http.get(`/api/entity/${ENTITY}/inbox/:id/neighbours`, () =>
      HttpResponse.json({ data: { previous: null, next: null } }),
    ),
  );
}

const template = (refname: string, name: string): EntityTemplate => ({
  refname,
  code: refname.slice(0, 3).toUpperCase(),
  shortname: text(name),
  title: text(name),
  description: text(`Περιγραφή: ${name}`),
  uses: ['reply'],
});

describe('the replies tab', () => {
  it('lists issued replies with code, author, state and PDF, and drafts linking to edit', async () => {
    mockCase(
      caseWith([
        reply({
          id: 'draft1',
          reference_code: null,
          state: 'editing',
          template: 'entity-reply',
          template_shortname: text('Απάντηση φορέα'),
        }),
        reply({}),
      ]),
    );
    let tokenAsked = false;
    server.use(
      http.post(`/api/entity/${ENTITY}/documents/r1/pdf/token`, () => {
        tokenAsked = true;
        return HttpResponse.json({ data: { download_url: '#pdf', expires_at: '' } });
      }),
    );
    const { user } = renderApp(
      `/dashboard/entities/show/${ENTITY}/inbox/show/declaration/${CASE}?show=replies`,
      { user: CLERK, config: CONFIG },
    );
    const tab = await screen.findByRole('tab', { name: /^Απαντήσεις \(2\)/ });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    const table = screen.getByRole('table', { name: 'Απαντήσεις που εκδόθηκαν' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[1]?.textContent).toContain('ABCD-EFGH-JKMN');
    expect(rows[1]?.textContent).toContain('ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ');
    expect(rows[1]?.textContent).toContain('Εκδόθηκε');
    const draft = screen.getByRole('link', { name: /Απάντηση φορέα — ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ/ });
    expect(draft.getAttribute('href')).toBe(`/dashboard/entities/show/${ENTITY}/reply/EDIT/draft1`);
    await user.click(screen.getByRole('button', { name: 'PDF της απάντησης ABCD-EFGH-JKMN' }));
    await waitFor(() => expect(tokenAsked).toBe(true));
  });

  it('says so when there is none', async () => {
    mockCase(caseWith([]));
    const { user } = renderApp(
      `/dashboard/entities/show/${ENTITY}/inbox/show/declaration/${CASE}`,
      { user: CLERK, config: CONFIG },
    );
    await user.click(await screen.findByRole('tab', { name: /^Απαντήσεις/ }));
    expect(screen.getByRole('tabpanel').textContent).toContain('Δεν υπάρχουν');
  });

  it('asks for a reply template, then opens the reply wizard for the case', async () => {
    mockCase(caseWith([]));
    let use: string | null = null;
    server.use(
      http.get(`/api/entity/${ENTITY}/creatable-templates`, ({ request }) => {
        use = new URL(request.url).searchParams.get('use');
        return HttpResponse.json({
          data: [
            template('entity-acknowledgement', 'Βεβαίωση παραλαβής'),
            template('entity-reply', 'Απάντηση φορέα'),
          ],
          meta: { count: 2, limit: 100, offset: 0, total_pages: 1 },
        });
      }),
      // The start page creates the reply; its answer is not what this test looks at.
      http.post(`/api/entity/${ENTITY}/inbox/${CASE}/reply`, () =>
        HttpResponse.json({ error: { code: 'case_not_found', message: '' } }, { status: 404 }),
      ),
    );
    const { user } = renderApp(
      `/dashboard/entities/show/${ENTITY}/inbox/show/declaration/${CASE}`,
      { user: CLERK, config: CONFIG },
    );
    await user.click(await screen.findByRole('button', { name: 'Απάντηση' }));
    const dialog = await screen.findByRole('dialog', { name: 'Απάντηση στην υπόθεση' });
    await within(dialog).findByRole('radio', { name: 'Βεβαίωση παραλαβής' });
    expect(use).toBe('reply');
    await user.click(within(dialog).getByRole('button', { name: 'Συνέχεια' }));
    expect(within(dialog).getByText('Επιλέξτε πρότυπο απάντησης.')).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: 'Βεβαίωση παραλαβής' }));
    await user.click(within(dialog).getByRole('button', { name: 'Συνέχεια' }));
    await waitFor(() =>
      expect(currentUrl()).toBe(
        `/dashboard/entities/show/${ENTITY}/reply/entity-acknowledgement?case=${CASE}`,
      ),
    );
    // The reply could not start: the page still leads back to the case.
    const back = await screen.findByRole('link', { name: 'Πίσω στην υπόθεση' });
    expect(back.getAttribute('href')).toBe(
      `/dashboard/entities/show/${ENTITY}/inbox/show/declaration/${CASE}?show=replies`,
    );
  });
});

describe('the entity templates page', () => {
  it('lists one page of 30 templates, links each to start a document, pages through', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get(`/api/entity/${ENTITY}/creatable-templates`, ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(query);
        const offset = Number(query.get('offset'));
        const count = 45;
        const data = Array.from({ length: Math.min(30, count - offset) }, (_, i) =>
          template(`tpl-${offset + i + 1}`, `Πρότυπο ${offset + i + 1}`),
        );
        return HttpResponse.json({
          data,
          meta: { count, limit: 30, offset, total_pages: 2 },
        });
      }),
    );
    const { user } = renderApp(`/dashboard/entities/show/${ENTITY}/templates`, {
      user: CLERK,
      config: CONFIG,
    });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Έκδοση εγγράφου από τον φορέα',
    );
    await screen.findByRole('link', { name: 'Πρότυπο 1' });
    expect(Object.fromEntries(asked[0] ?? [])).toEqual({ use: 'issue', limit: '30', offset: '0' });
    expect(screen.getAllByRole('link', { name: /^Πρότυπο / })).toHaveLength(30);
    expect(screen.getByRole('link', { name: 'Πρότυπο 7' }).getAttribute('href')).toBe(
      `/dashboard/entities/show/${ENTITY}/issue/tpl-7`,
    );
    await user.click(screen.getByRole('link', { name: 'Σελίδα 2' }));
    await screen.findByRole('link', { name: 'Πρότυπο 31' });
    expect(asked.at(-1)?.get('offset')).toBe('30');
    expect(screen.getAllByRole('link', { name: /^Πρότυπο / })).toHaveLength(15);
  });
});
