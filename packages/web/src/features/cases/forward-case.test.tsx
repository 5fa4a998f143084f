import type { CaseDetail, DashboardEntity, ForwardTargets, InboxList } from '@dilosi/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, TEST_APP_CONFIG, TEST_USER } from '../../testing/render-app';
import { server } from '../../testing/setup';

/** Forwarding on the case page and the "forwarded" label, against a mocked API. */
const ENTITY = '0b0b0b0b-0000-4000-8000-000000000001';
const CASE = '0c0c0c0c-0000-4000-8000-000000000001';
const CLERK = { ...TEST_USER, is_admin: true, display_name: 'ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ' };
const CONFIG = { ...TEST_APP_CONFIG, flags: { ...TEST_APP_CONFIG.flags, DASHBOARD_ENABLED: true } };
const names = (el: string, en: string) => ({ el, en, fr: en });
const entity = {
  id: ENTITY,
  codename: 'DIMOS_ATHINAION',
  display_name: names('Δήμος Αθηναίων', 'Municipality of Athens'),
  roles: ['clerk'],
} as DashboardEntity;
const thessaloniki = names('Δήμος Θεσσαλονίκης', 'Municipality of Thessaloniki');

const detail = (overrides: Partial<CaseDetail> = {}): CaseDetail => ({
  id: CASE,
  entry_id: CASE,
  inbox_status: 'pending',
  forwarded: false,
  assignee: null,
  assignee_display_name: null,
  age_days: 1,
  overdue: false,
  declaration: {
    template_id: 'solemn-declaration',
    template: { shortname: names('Υπεύθυνη δήλωση', 'Solemn declaration') },
    timestamp: '2026-11-20T10:00:00.000Z',
    reference_code: 'REF1',
    user_display_name: 'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ',
    case_id: '2026/000001',
  },
  dismissed: false,
  document: { id: null, state: null, issued_at: null, statements: [], attachments: [] },
  replies: [],
  forwarded_to: [],
  forwarded_from: null,
  counts: { notes: 0, replies: 0, messages: 0, history: 1 },
  ...overrides,
});
const targets: ForwardTargets = {
  entities: [
    { codename: 'DIMOS_THESSALONIKIS', display_name: thessaloniki },
    { codename: 'EFKA', display_name: names('e-ΕΦΚΑ', 'e-EFKA') },
  ],
  datasets: [
    {
      codename: 'SOCIAL_SECURITY_TAX',
      title: names('Ασφάλιση και φορολογία', 'Social security and tax'),
      members: ['AADE', 'EFKA'],
    },
  ],
};

function mockCase(current: { item: CaseDetail }) {
  const posted: unknown[] = [];
  server.use(
    http.get(`/api/entities/${ENTITY}`, () => HttpResponse.json({ data: entity })),
    http.get(`/api/entity/${ENTITY}/inbox/:id`, () => HttpResponse.json({ data: current.item })),
    http.get(`/api/entity/${ENTITY}/inbox/:id/neighbours`, () =>
      HttpResponse.json({ data: { previous: null, next: null } }),
    ),
    http.get(`/api/entity/${ENTITY}/forward-targets`, () => HttpResponse.json({ data: targets })),
    http.post('/api/gates/DIMOS_ATHINAION/gate/inbox-entries/action', async ({ request }) => {
      const body = (await request.json()) as { action: string };
      posted.push(body);
      if (body.action === 'forward-info') {
        return HttpResponse.json(
          { error: { code: 'already_forwarded', message: 'already_forwarded' } },
          { status: 409 },
        );
      }
      const link = {
        entity_codename: 'DIMOS_THESSALONIKIS',
        entity_display_name: thessaloniki,
        case_id: '2026/000777',
        timestamp: '2026-11-25T10:00:00.000Z',
        recipient_dataset: null,
      };
      current.item = { ...current.item, forwarded: true, forwarded_to: [link] };
      return HttpResponse.json({ data: { forwarded: [link] } });
    }),
  );
  return posted;
}

describe('forwarding a case', () => {
  it('requires a target, forwards to the chosen entity, then shows the label and where it went', async () => {
    const current = { item: detail() };
    const posted = mockCase(current);
    const { user } = renderApp(
      `/dashboard/entities/show/${ENTITY}/inbox/show/declaration/${CASE}`,
      { user: CLERK, config: CONFIG },
    );
    await user.click(await screen.findByRole('button', { name: 'Προώθηση' }));
    const dialog = await screen.findByRole('dialog', { name: 'Προώθηση υπόθεσης' });
    const select = within(dialog).getByLabelText('Φορέας');
    await within(dialog).findByRole('option', { name: 'Δήμος Θεσσαλονίκης' });
    await user.click(within(dialog).getByRole('button', { name: 'Προώθηση' }));
    expect(await within(dialog).findByText('Επιλέξτε παραλήπτη.')).toBeTruthy();
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(select);
    expect(posted).toEqual([]);
    await user.selectOptions(select, 'DIMOS_THESSALONIKIS');
    await user.click(within(dialog).getByRole('button', { name: 'Προώθηση' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      action: 'forward',
      object_id: CASE,
      arguments: { 'target-codename': 'DIMOS_THESSALONIKIS' },
    });
    expect(await screen.findByText('Η υπόθεση προωθήθηκε: Δήμος Θεσσαλονίκης.')).toBeTruthy();
    expect(await screen.findByText('Δήμος Θεσσαλονίκης, υπόθεση 2026/000777')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Προωθημένη');
    // Its status did not change.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Σε εκκρεμότητα');
  });

  it('forwards to a recipient group and shows the server refusal in words', async () => {
    const current = { item: detail() };
    const posted = mockCase(current);
    const { user } = renderApp(
      `/dashboard/entities/show/${ENTITY}/inbox/show/declaration/${CASE}`,
      { user: CLERK, config: CONFIG },
    );
    await user.click(await screen.findByRole('button', { name: 'Προώθηση' }));
    const dialog = await screen.findByRole('dialog', { name: 'Προώθηση υπόθεσης' });
    await user.click(within(dialog).getByLabelText('Ομάδα παραληπτών', { selector: 'input' }));
    const select = within(dialog).getByLabelText('Ομάδα παραληπτών', { selector: 'select' });
    await within(dialog).findByRole('option', { name: 'Ασφάλιση και φορολογία' });
    await user.selectOptions(select, 'SOCIAL_SECURITY_TAX');
    await user.click(within(dialog).getByRole('button', { name: 'Προώθηση' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      action: 'forward-info',
      object_id: CASE,
      arguments: { recipient_dataset: 'SOCIAL_SECURITY_TAX' },
    });
    expect(
      await within(dialog).findByText('Η υπόθεση έχει ήδη προωθηθεί σε αυτόν τον φορέα.'),
    ).toBeTruthy();
  });

  it('sends the clerk’s comment with the forward, and the history shows it', async () => {
    const current = { item: detail() };
    const posted = mockCase(current);
    const { user } = renderApp(
      `/dashboard/entities/show/${ENTITY}/inbox/show/declaration/${CASE}`,
      { user: CLERK, config: CONFIG },
    );
    await user.click(await screen.findByRole('button', { name: 'Προώθηση' }));
    const dialog = await screen.findByRole('dialog', { name: 'Προώθηση υπόθεσης' });
    const comment = within(dialog).getByLabelText(/^Σχόλιο για τον φορέα/);
    expect(comment.getAttribute('maxlength')).toBe('4000');
    expect(comment.getAttribute('aria-describedby')).toBeTruthy();
    await within(dialog).findByRole('option', { name: 'Δήμος Θεσσαλονίκης' });
    await user.selectOptions(within(dialog).getByLabelText('Φορέας'), 'DIMOS_THESSALONIKIS');
    await user.type(comment, '  Αφορά ακίνητο στη Θεσσαλονίκη. ');
    await user.click(within(dialog).getByRole('button', { name: 'Προώθηση' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      action: 'forward',
      object_id: CASE,
      arguments: {
        'target-codename': 'DIMOS_THESSALONIKIS',
        comment: 'Αφορά ακίνητο στη Θεσσαλονίκη.',
      },
    });

    server.use(
      http.get(`/api/entity/${ENTITY}/inbox/:id/history`, () =>
        HttpResponse.json({
          data: [
            {
              id: '1',
              entry_id: CASE,
              timestamp: '2026-11-25T10:00:00.000Z',
              action: 'forwarded',
              action_user_display_name: 'ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ',
              details: {
                entity: 'DIMOS_THESSALONIKIS',
                entity_display_name: thessaloniki,
                case_id: '2026/000777',
                comment: 'Αφορά ακίνητο στη Θεσσαλονίκη.',
              },
              declaration: { reference_code: 'REF1' },
            },
          ],
        }),
      ),
    );
    await user.click(await screen.findByRole('tab', { name: /^Ιστορικό/ }));
    expect(await screen.findByText('Σχόλιο: «Αφορά ακίνητο στη Θεσσαλονίκη.»')).toBeTruthy();
  });

  it('shows on a forwarded case where it came from', async () => {
    mockCase({
      item: detail({
        forwarded_from: {
          entity_codename: 'DIMOS_THESSALONIKIS',
          entity_display_name: thessaloniki,
          case_id: '2026/000042',
          timestamp: '2026-11-25T10:00:00.000Z',
          recipient_dataset: null,
        },
      }),
    });
    renderApp(`/dashboard/entities/show/${ENTITY}/inbox/show/declaration/${CASE}`, {
      user: CLERK,
      config: CONFIG,
    });
    expect(
      await screen.findByText('Προωθήθηκε από: Δήμος Θεσσαλονίκης, υπόθεση 2026/000042.'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).not.toContain('Προωθημένη');
  });

  it('names the other entity of a forward in the history by its name, not its codename', async () => {
    mockCase({ item: detail({ counts: { notes: 0, replies: 0, messages: 0, history: 2 } }) });
    const history = (action: string, details: Record<string, unknown>, id: string) => ({
      id,
      entry_id: CASE,
      timestamp: '2026-11-25T10:00:00.000Z',
      action,
      action_user_display_name: 'ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ',
      details,
      declaration: { reference_code: 'REF1' },
    });
    server.use(
      http.get(`/api/entity/${ENTITY}/inbox/:id/history`, () =>
        HttpResponse.json({
          data: [
            history(
              'forwarded',
              {
                entity: 'DIMOS_THESSALONIKIS',
                entity_display_name: thessaloniki,
                case_id: '2026/000042',
              },
              '1',
            ),
            // Written before the names were kept: the codename stands in.
            history('forwarded', { entity: 'EFKA', case_id: '2026/000043' }, '2'),
          ],
        }),
      ),
    );
    renderApp(`/dashboard/entities/show/${ENTITY}/inbox/show/declaration/${CASE}`, {
      user: CLERK,
      config: CONFIG,
    });
    (await screen.findByRole('tab', { name: /^Ιστορικό/ })).click();
    const items = await screen.findAllByText(/Προώθηση σε άλλον φορέα/);
    expect(items[0]?.textContent).toContain(': Δήμος Θεσσαλονίκης 2026/000042');
    expect(items[0]?.textContent).not.toContain('DIMOS_THESSALONIKIS');
    expect(items[1]?.textContent).toContain(': EFKA 2026/000043');
  });

  it('labels a forwarded case in the list, its status kept', async () => {
    const item = detail({ forwarded: true });
    const list: InboxList = {
      data: [item],
      hasNext: false,
      total: 1,
      meta: { counts: { all: 1, me: 0, pending: 1, incoming: 0, finished: 0, canceled: 0 } },
    };
    server.use(
      http.get(`/api/entities/${ENTITY}`, () => HttpResponse.json({ data: entity })),
      http.get(`/api/entity/${ENTITY}/inbox`, () => HttpResponse.json(list)),
    );
    renderApp(`/dashboard/entities/show/${ENTITY}/inbox/list/all`, {
      user: CLERK,
      config: CONFIG,
    });
    const table = await screen.findByRole('table');
    const row = within(table).getByText('2026/000001').closest('tr');
    expect(row?.textContent).toContain('Σε εκκρεμότητα');
    expect(row?.textContent).toContain('Προωθημένη');
  });
});
