import type {
  DashboardEntity,
  EntityDecisionPage,
  Permission,
  PermissionPage,
  StaffEntry,
} from '@dilosi/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUrl, renderApp, TEST_APP_CONFIG, TEST_USER } from '../../testing/render-app';
import { server } from '../../testing/setup';
import { settingsReload } from './entity-settings-page';

/**
 * The staff pages against a mocked API (the rules themselves are tested through the real app in
 * packages/server/test/api/staff.test.ts): requests, pending, active staff, settings.
 */
const ENTITY = '0b0b0b0b-0000-4000-8000-000000000001';
const HEAD = {
  ...TEST_USER,
  is_admin: true,
  afm: '100000040',
  display_name: 'ΚΩΝΣΤΑΝΤΙΝΟΣ ΙΩΑΝΝΙΔΗΣ',
};
const CONFIG = { ...TEST_APP_CONFIG, flags: { ...TEST_APP_CONFIG.flags, DASHBOARD_ENABLED: true } };
const base = `/dashboard/entities/show/${ENTITY}`;

const entity: DashboardEntity = {
  id: ENTITY,
  codename: 'DIMOS_ATHINAION',
  display_name: {
    el: 'Δήμος Αθηναίων',
    en: 'Municipality of Athens',
    fr: "Municipalité d'Athènes",
  },
  email: 'info@athens.demo.gov.gr',
  is_addressable: true,
  is_managed: true,
  has_inbox: true,
  enabled: true,
  roles: ['head'],
};

const permission = (n: number, overrides: Partial<Permission> = {}): Permission => ({
  id: `0d0d0d0d-0000-4000-8000-${String(n).padStart(12, '0')}`,
  user_id: `0e0e0e0e-0000-4000-8000-${String(n).padStart(12, '0')}`,
  role: 'clerk',
  state: 'pending',
  response: null,
  user_info: {
    id: 'u',
    firstname: 'ΓΕΩΡΓΙΟΣ',
    surname: `ΑΝΤΩΝΙΟΥ ${n}`,
    username: null,
    afm: '100000064',
  },
  user_display_name: `ΓΕΩΡΓΙΟΣ ΑΝΤΩΝΙΟΥ ${n}`,
  entity: { id: ENTITY, codename: entity.codename, display_name: entity.display_name },
  created_at: new Date(Date.UTC(2026, 10, 20, 10, 0, n)).toISOString(),
  decided_at: null,
  ...overrides,
});

const page = (data: Permission[], count = data.length, limit = 10): PermissionPage => ({
  data,
  meta: { count, limit, offset: 0, total_pages: Math.ceil(count / limit) },
});

afterEach(() => vi.restoreAllMocks());

describe('my permission requests', () => {
  it('lists the requests with the spec labels and pages them by 10, 30, 60 or 100', async () => {
    const limits: string[] = [];
    server.use(
      http.get('/api/my-permission-requests', ({ request }) => {
        limits.push(new URL(request.url).searchParams.get('limit') ?? '');
        return HttpResponse.json(
          page(
            [
              permission(1),
              permission(2, { state: 'active', response: 'accept' }),
              permission(3, { state: 'rejected', response: 'reject' }),
              permission(4, { state: 'deactivated', response: null }),
            ],
            45,
          ),
        );
      }),
    );
    const { user } = renderApp('/dashboard/entities/requests/list', { user: HEAD, config: CONFIG });
    const table = await screen.findByRole('table');
    const states = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.children[3]?.textContent);
    expect(states).toEqual(['Σε αναμονή', 'Αποδεκτό', 'Απορριφθέν', 'Άγνωστο']);
    const pages = screen.getByRole('navigation', { name: 'Σελίδες' });
    expect(
      within(pages)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['1', '2', '3', '4', '5']);
    await user.selectOptions(screen.getByLabelText('Εγγραφές ανά σελίδα'), '30');
    await waitFor(() => expect(limits.at(-1)).toBe('30'));
  });

  it('withdraws a waiting request after asking, and offers it only for waiting ones', async () => {
    const withdrawn: string[] = [];
    server.use(
      http.get('/api/my-permission-requests', () =>
        HttpResponse.json(
          page([permission(1), permission(2, { state: 'active', response: 'accept' })], 2),
        ),
      ),
      http.post('/api/my-permission-requests/:id/withdraw', ({ params }) => {
        withdrawn.push(String(params.id));
        return HttpResponse.json({ data: permission(1, { state: 'withdrawn' }) });
      }),
    );
    const { user } = renderApp('/dashboard/entities/requests/list', { user: HEAD, config: CONFIG });
    const table = await screen.findByRole('table');
    const buttons = within(table).getAllByRole('button', { name: /^Ανάκληση:/ });
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0] as HTMLElement);
    const dialog = screen.getByRole('dialog', { name: 'Ανάκληση αιτήματος' });
    expect(within(dialog).getByText(/Να ανακληθεί το αίτημα πρόσβασης στον φορέα/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Ανάκληση' }));
    await waitFor(() => expect(withdrawn).toEqual([permission(1).id]));
    expect(await screen.findByText('Το αίτημα ανακλήθηκε.')).toBeTruthy();
  });

  it('suggests entities matching what is typed', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/my-permission-requests', () => HttpResponse.json(page([]))),
      http.get('/api/entity-directory', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('q') ?? '');
        return HttpResponse.json({
          data: [
            {
              codename: 'DIMOS_ATHINAION',
              display_name: { el: 'Δήμος Αθηναίων', en: 'Municipality of Athens', fr: 'Athènes' },
            },
          ],
        });
      }),
    );
    const { user } = renderApp('/dashboard/entities/requests/list', { user: HEAD, config: CONFIG });
    await user.click(await screen.findByRole('button', { name: 'Νέο αίτημα' }));
    const input = within(screen.getByRole('dialog')).getByLabelText('Όνομα φορέα');
    await user.type(input, 'αθην');
    await waitFor(() => expect(asked.at(-1)).toBe('ΑΘΗΝ'));
    const list = document.getElementById(input.getAttribute('list') ?? '');
    await waitFor(() =>
      expect([...(list?.querySelectorAll('option') ?? [])].map((o) => o.value)).toEqual([
        'ΔΗΜΟΣ ΑΘΗΝΑΙΩΝ',
      ]),
    );
  });

  it('asks for a role: the name upper-cased, clerk by default; each refusal its own message', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/my-permission-requests', () => HttpResponse.json(page([]))),
      http.get('/api/entity-directory', () => HttpResponse.json({ data: [] })),
      http.post('/api/my-permission-requests', async ({ request }) => {
        bodies.push(await request.json());
        return bodies.length === 1
          ? HttpResponse.json({ error: { code: 'request_exists', message: 'x' } }, { status: 409 })
          : HttpResponse.json({ data: permission(9) }, { status: 201 });
      }),
    );
    const { user } = renderApp('/dashboard/entities/requests/list', { user: HEAD, config: CONFIG });
    await user.click(await screen.findByRole('button', { name: 'Νέο αίτημα' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Υποβολή αιτήματος' }));
    const summary = within(dialog).getByRole('alert');
    expect(document.activeElement).toBe(summary);
    const input = within(dialog).getByLabelText('Όνομα φορέα');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain('request-entity-error');
    await user.type(input, 'dimos_athinaion');
    expect((input as HTMLInputElement).value).toBe('DIMOS_ATHINAION');
    expect((within(dialog).getByLabelText('Χειριστής') as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Υποβολή αιτήματος' }));
    expect(
      await screen.findByText('Υπάρχει ήδη αίτημα σε αναμονή για αυτόν τον φορέα και ρόλο.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByLabelText('Διαχειριστής'));
    await user.click(within(dialog).getByRole('button', { name: 'Υποβολή αιτήματος' }));
    expect(await screen.findByText('Το αίτημά σας υποβλήθηκε.')).toBeTruthy();
    expect(bodies).toEqual([
      { entity_name: 'DIMOS_ATHINAION', role: 'clerk' },
      { entity_name: 'DIMOS_ATHINAION', role: 'head' },
    ]);
  });
});

describe("the head's pages", () => {
  it('accepts a pending request', async () => {
    const decided: string[] = [];
    server.use(
      http.get(`/api/entities/${ENTITY}/pending-permissions`, () =>
        HttpResponse.json(page(decided.length ? [] : [permission(1)])),
      ),
      http.post(`/api/entities/${ENTITY}/pending-permissions/:pid/:decision`, ({ params }) => {
        decided.push(`${String(params.decision)} ${String(params.pid)}`);
        return HttpResponse.json({ data: permission(1, { state: 'active', response: 'accept' }) });
      }),
    );
    const { user } = renderApp(`${base}/users/pending`, { user: HEAD, config: CONFIG });
    await user.click(
      await screen.findByRole('button', { name: 'Αποδοχή αιτήματος: ΓΕΩΡΓΙΟΣ ΑΝΤΩΝΙΟΥ 1' }),
    );
    expect(await screen.findByText('Το αίτημα έγινε δεκτό.')).toBeTruthy();
    expect(decided).toEqual([`accept ${permission(1).id}`]);
    expect(await screen.findByText('Δεν υπάρχουν αιτήματα σε αναμονή.')).toBeTruthy();
  });

  const staff: StaffEntry[] = [
    {
      user_id: 'head',
      name: 'ΚΩΝΣΤΑΝΤΙΝΟΣ ΙΩΑΝΝΙΔΗΣ',
      afm: '100000040',
      email: null,
      roles: ['head'],
      permissions: [{ id: 'p-head', role: 'head' }],
    },
    {
      user_id: 'clerk',
      name: 'ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ',
      afm: '100000052',
      email: 'a@example.gr',
      roles: ['clerk', 'head'],
      permissions: [
        { id: 'p-clerk', role: 'clerk' },
        { id: 'p-clerk-head', role: 'head' },
      ],
    },
  ];

  it('lists the staff; the head cannot delete their own entry; deleting asks first', async () => {
    const deactivated: string[] = [];
    server.use(
      http.get(`/api/entities/${ENTITY}/active-permissions`, () =>
        HttpResponse.json({ data: staff }),
      ),
      http.post(`/api/entities/${ENTITY}/active-permissions/:pid/deactivate`, ({ params }) => {
        deactivated.push(String(params.pid));
        return HttpResponse.json({ data: staff });
      }),
    );
    const { user } = renderApp(`${base}/users/active`, { user: HEAD, config: CONFIG });
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'Διαγραφή: ΚΩΝΣΤΑΝΤΙΝΟΣ ΙΩΑΝΝΙΔΗΣ' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Διαγραφή: ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ' }));
    expect(deactivated).toEqual([]);
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Επιβεβαίωση' }),
    );
    expect(await screen.findByText('Ο χρήστης διαγράφηκε.')).toBeTruthy();
    expect(deactivated).toEqual(['p-clerk', 'p-clerk-head']);
  });

  it('adds a person: every field checked, the tax number valid; already_enrolled says so', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get(`/api/entities/${ENTITY}/active-permissions`, () =>
        HttpResponse.json({ data: staff }),
      ),
      http.post(`/api/entities/${ENTITY}/active-permissions`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          { error: { code: 'already_enrolled', message: 'x' } },
          { status: 409 },
        );
      }),
    );
    const { user } = renderApp(`${base}/users/active`, { user: HEAD, config: CONFIG });
    await user.click(await screen.findByRole('button', { name: 'Προσθήκη χρήστη' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('ΑΦΜ'), '123456789');
    await user.click(within(dialog).getByRole('button', { name: 'Προσθήκη χρήστη' }));
    const summary = within(dialog).getByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['#staff-firstname', '#staff-surname', '#staff-afm']);
    expect(bodies).toEqual([]);
    await user.type(within(dialog).getByLabelText('Όνομα'), 'Νίκος');
    await user.type(within(dialog).getByLabelText('Επώνυμο'), 'Νέος');
    await user.clear(within(dialog).getByLabelText('ΑΦΜ'));
    await user.type(within(dialog).getByLabelText('ΑΦΜ'), '200000018');
    await user.click(within(dialog).getByRole('button', { name: 'Προσθήκη χρήστη' }));
    expect(await screen.findByText('Έχετε ήδη αυτόν τον ρόλο στον φορέα.')).toBeTruthy();
    expect(bodies).toEqual([
      { firstname: 'Νίκος', surname: 'Νέος', afm: '200000018', role: 'clerk' },
    ]);
  });

  it('sends a caller who lost the role to the entities list', async () => {
    // React reports the error the boundary catches: expected here, and only that one.
    vi.mocked(console.error).mockImplementation(() => {});
    server.use(
      http.get(`/api/entities/${ENTITY}/active-permissions`, () =>
        HttpResponse.json({ error: { code: 'permission_denied', message: 'x' } }, { status: 403 }),
      ),
      http.get('/api/entities', () => HttpResponse.json({ data: [] })),
    );
    renderApp(`${base}/users/active`, { user: HEAD, config: CONFIG });
    expect(await screen.findByText('Δεν έχετε πρόσβαση σε κάποιον φορέα.')).toBeTruthy();
    expect(currentUrl()).toBe('/dashboard/entities/list');
    for (const call of vi.mocked(console.error).mock.calls) {
      expect(call.some((v) => (v as { code?: unknown } | null)?.code === 'permission_denied')).toBe(
        true,
      );
    }
  });

  it('edits roles', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get(`/api/entities/${ENTITY}/active-permissions`, () =>
        HttpResponse.json({ data: staff }),
      ),
      http.put(`/api/entities/${ENTITY}/staff/clerk/roles`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ data: staff });
      }),
    );
    const { user } = renderApp(`${base}/users/active`, { user: HEAD, config: CONFIG });
    await user.click(await screen.findByRole('button', { name: 'Ρόλοι: ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByLabelText('Διαχειριστής'));
    await user.click(within(dialog).getByRole('button', { name: 'Αποθήκευση' }));
    expect(await screen.findByText('Οι ρόλοι αποθηκεύτηκαν.')).toBeTruthy();
    expect(bodies).toEqual([{ roles: ['clerk'] }]);
  });
});

describe('entity settings', () => {
  const decisions: EntityDecisionPage = {
    data: [
      {
        id: '1',
        action: 'accept',
        timestamp: new Date(Date.UTC(2026, 10, 20, 10, 0, 0)).toISOString(),
        user_display_name: 'ΚΩΝΣΤΑΝΤΙΝΟΣ ΙΩΑΝΝΙΔΗΣ',
        subject_display_name: 'ΓΕΩΡΓΙΟΣ ΑΝΤΩΝΙΟΥ',
        details: { role: 'clerk' },
      },
    ],
    meta: { count: 1, limit: 10, offset: 0, total_pages: 1 },
  };

  function mockSettings(current: DashboardEntity) {
    const patches: unknown[] = [];
    server.use(
      http.get(`/api/entities/${ENTITY}`, () => HttpResponse.json({ data: current })),
      http.get(`/api/entities/${ENTITY}/audit`, () => HttpResponse.json(decisions)),
      http.patch(`/api/entities/${ENTITY}`, async ({ request }) => {
        patches.push(await request.json());
        return HttpResponse.json({ data: current });
      }),
    );
    return patches;
  }

  it('checks the e-mail, saves, then reloads after 500 ms; shows the decision record', async () => {
    const reload = vi.spyOn(settingsReload, 'run').mockImplementation(() => {});
    const patches = mockSettings(entity);
    const { user } = renderApp(`${base}/settings`, { user: HEAD, config: CONFIG });
    const email = await screen.findByLabelText('E-mail');
    await user.clear(email);
    await user.type(email, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση' }));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    // Described by its hint (where the alerts go) and its error.
    const described = (email.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual([
      'Εδώ στέλνεται ειδοποίηση για κάθε νέα υπόθεση και κάθε απάντηση πολίτη.',
      'Η διεύθυνση ηλεκτρονικού ταχυδρομείου δεν είναι έγκυρη',
    ]);
    await user.clear(email);
    await user.type(email, 'grammateia@athens.demo.gov.gr');
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση' }));
    expect(await screen.findByText('Οι ρυθμίσεις αποθηκεύτηκαν.')).toBeTruthy();
    expect(patches).toEqual([
      {
        display_name: entity.display_name,
        email: 'grammateia@athens.demo.gov.gr',
        is_addressable: true,
      },
    ]);
    expect(reload).not.toHaveBeenCalled();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 2000 });
    const record = screen.getByRole('table', {
      name: 'Αποφάσεις για το προσωπικό και τις ρυθμίσεις',
    });
    expect(within(record).getAllByRole('row')[1]?.textContent).toContain('Αποδοχή αιτήματος');
  });

  it('offers to activate an unmanaged entity, and disables after a confirmation', async () => {
    const patches = mockSettings({ ...entity, is_managed: false });
    const { user } = renderApp(`${base}/settings`, { user: HEAD, config: CONFIG });
    await user.click(await screen.findByRole('button', { name: 'Ενεργοποίηση διαχείρισης' }));
    expect(screen.queryByLabelText('E-mail')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Απενεργοποίηση φορέα' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Επιβεβαίωση' }),
    );
    await waitFor(() => expect(patches).toEqual([{ is_managed: true }, { enabled: false }]));
  });
});
