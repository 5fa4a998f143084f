import type { DashboardEntity, ResourceInfo, ResourceRow } from '@dilosi/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, TEST_APP_CONFIG, TEST_USER } from '../../testing/render-app';
import { server } from '../../testing/setup';

const ENTITY = '0b0b0b0b-0000-4000-8000-000000000001';
const HEAD = { ...TEST_USER, is_admin: true, afm: '100000040' };
const CONFIG = { ...TEST_APP_CONFIG, flags: { ...TEST_APP_CONFIG.flags, DASHBOARD_ENABLED: true } };
const entity: DashboardEntity = {
  id: ENTITY,
  codename: 'DIMOS_ATHINAION',
  display_name: {
    el: 'Δήμος Αθηναίων',
    en: 'Municipality of Athens',
    fr: "Municipalité d'Athènes",
  },
  email: null,
  is_addressable: true,
  is_managed: true,
  has_inbox: true,
  enabled: true,
  roles: ['head'],
};

/** The generic admin list page (issue #39) against a mocked API. */
const GATE = `/api/gates/${entity.codename}/gate/resources`;
const url = `/dashboard/entities/show/${ENTITY}/resource/notifications`;

const info: ResourceInfo = {
  name: 'notifications',
  title: 'resources.notifications.title',
  fields: [
    { name: 'message', label: 'resources.notifications.message', type: 'text', filterable: false },
    {
      name: 'is_active',
      label: 'resources.notifications.active',
      type: 'boolean',
      filterable: false,
    },
  ],
  row_actions: [
    { name: 'update', label: 'resources.actions.edit', arguments: ['message'], when: 'is_active' },
    { name: 'delete', label: 'resources.actions.delete', arguments: [] },
  ],
  resource_actions: [{ name: 'create', label: 'resources.actions.create', arguments: ['message'] }],
};

const row = (n: number): ResourceRow => ({
  id: `0e0e0e0e-0000-4000-8000-${String(n).padStart(12, '0')}`,
  message: `Ειδοποίηση ${n}`,
  is_active: true,
});

function mockResource(
  answer: (body: {
    action: string;
    arguments?: Record<string, unknown>;
    object_id?: string;
  }) => Promise<Response> | Response,
) {
  server.use(
    http.get(`/api/entities/${ENTITY}`, () => HttpResponse.json({ data: entity })),
    http.get(`${GATE}/notifications/info`, () => HttpResponse.json({ data: info })),
    http.post(`${GATE}/notifications/action`, async ({ request }) =>
      answer((await request.json()) as { action: string }),
    ),
  );
}

describe('the admin list page', () => {
  it('shows a loader row, then a No data row, with one column per field plus Ενέργειες', async () => {
    mockResource(async () => {
      await delay(150);
      return HttpResponse.json({ data: [], meta: { count: 0, limit: 20, offset: 0 } });
    });
    renderApp(url, { user: HEAD, config: CONFIG });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ειδοποιήσεις' })).toBeTruthy();
    expect(await screen.findByText('Φόρτωση…')).toBeTruthy();
    expect(await screen.findByText('Δεν υπάρχουν δεδομένα')).toBeTruthy();
    expect(screen.queryByText('Φόρτωση…')).toBeNull();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Μήνυμα', 'Ενεργή', 'Ενέργειες']);
    const nav = screen.getByRole('navigation', { name: 'Πόροι του φορέα' });
    expect(within(nav).getByRole('link', { name: 'Ιστορικό ενεργειών προσωπικού' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Σελίδες' })).toBeNull();
  });

  it('pages by the meta and opens the last five rows’ menus upward', async () => {
    const offsets: unknown[] = [];
    mockResource((body) => {
      offsets.push(body.arguments?.offset);
      const offset = Number(body.arguments?.offset ?? 0);
      const rows = Array.from({ length: offset === 0 ? 20 : 3 }, (_, i) => row(offset + i + 1));
      return HttpResponse.json({ data: rows, meta: { count: 23, limit: 20, offset } });
    });
    const { user } = renderApp(url, { user: HEAD, config: CONFIG });
    expect(await screen.findByText('Ειδοποίηση 20')).toBeTruthy();
    const menus = screen.getAllByRole('button', { name: /^Ενέργειες για τη γραμμή/ });
    const directions = menus.map(
      (button) =>
        document.getElementById(button.getAttribute('aria-controls') ?? '')?.dataset.direction,
    );
    expect(directions.filter((d) => d === 'up')).toHaveLength(5);
    expect(directions.slice(15).every((d) => d === 'up')).toBe(true);
    await user.click(menus[0] as HTMLElement);
    expect(menus[0]?.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: 'Επεξεργασία' })).toBeTruthy();

    const pages = screen.getByRole('navigation', { name: 'Σελίδες' });
    await user.click(within(pages).getByRole('link', { name: 'Σελίδα 2' }));
    expect(await screen.findByText('Ειδοποίηση 23')).toBeTruthy();
    expect(offsets).toEqual([0, 20]);
    // Three rows: none opens upward.
    const fewer = screen.getAllByRole('button', { name: /^Ενέργειες για τη γραμμή/ });
    expect(
      fewer.map(
        (b) => document.getElementById(b.getAttribute('aria-controls') ?? '')?.dataset.direction,
      ),
    ).toEqual(['down', 'down', 'down']);
  });

  it('creates a notification and shows the server error of a refused delete', async () => {
    const rows: ResourceRow[] = [];
    mockResource((body) => {
      if (body.action === 'create') {
        rows.push({ ...row(1), message: String(body.arguments?.message) });
        return HttpResponse.json({ data: rows });
      }
      if (body.action === 'delete') {
        return HttpResponse.json(
          {
            error: {
              code: 'notification_inactive_delete',
              message: 'Δεν μπορείτε να διαγράψετε μια ανενεργή ειδοποίηση.',
            },
          },
          { status: 409 },
        );
      }
      return HttpResponse.json({ data: rows, meta: { count: rows.length, limit: 20, offset: 0 } });
    });
    const { user } = renderApp(url, { user: HEAD, config: CONFIG });
    await user.click(await screen.findByRole('button', { name: 'Νέα ειδοποίηση' }));
    await user.type(screen.getByLabelText('Μήνυμα'), 'Κλειστά την Παρασκευή');
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση' }));
    expect(await screen.findByText('Κλειστά την Παρασκευή')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ενέργειες για τη γραμμή 1' }));
    await user.click(screen.getByRole('button', { name: 'Διαγραφή' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Δεν μπορείτε να διαγράψετε μια ανενεργή ειδοποίηση.',
    );
  });

  it('grants a template through a choice form and shows the use by its label', async () => {
    const tpInfo: ResourceInfo = {
      name: 'template-permissions',
      title: 'resources.template-permissions.title',
      fields: [
        {
          name: 'template',
          label: 'resources.template-permissions.template',
          type: 'text',
          filterable: true,
        },
        {
          name: 'use',
          label: 'resources.template-permissions.use',
          type: 'text',
          filterable: true,
          value_labels: 'resources.choices',
        },
      ],
      row_actions: [{ name: 'revoke', label: 'resources.actions.revoke', arguments: [] }],
      resource_actions: [
        {
          name: 'grant',
          label: 'resources.actions.grant',
          arguments: ['template', 'use'],
          choices: { template: ['entity-certificate', 'entity-reply'], use: ['reply', 'issue'] },
        },
      ],
    };
    const rows: ResourceRow[] = [];
    const sent: unknown[] = [];
    server.use(
      http.get(`/api/entities/${ENTITY}`, () => HttpResponse.json({ data: entity })),
      http.get(`${GATE}/template-permissions/info`, () => HttpResponse.json({ data: tpInfo })),
      http.post(`${GATE}/template-permissions/action`, async ({ request }) => {
        const body = (await request.json()) as {
          action: string;
          arguments?: Record<string, string>;
        };
        if (body.action === 'grant') {
          sent.push(body.arguments);
          const template = String(body.arguments?.template);
          const use = String(body.arguments?.use);
          rows.push({ id: `${use}:${template}`, template, use });
          return HttpResponse.json({ data: rows });
        }
        return HttpResponse.json({
          data: rows,
          meta: { count: rows.length, limit: 20, offset: 0 },
        });
      }),
    );
    const { user } = renderApp(`/dashboard/entities/show/${ENTITY}/resource/template-permissions`, {
      user: HEAD,
      config: CONFIG,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Δικαιώματα προτύπων' }),
    ).toBeTruthy();
    expect(await screen.findByText('Δεν υπάρχουν δεδομένα')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Νέο δικαίωμα προτύπου' }));
    const form = screen.getByRole('form', { name: 'Νέο δικαίωμα προτύπου' });
    await user.selectOptions(within(form).getByLabelText('Πρότυπο'), 'entity-reply');
    const use = within(form).getByLabelText('Χρήση');
    expect(
      within(use)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Απάντηση', 'Έκδοση']);
    await user.click(within(form).getByRole('button', { name: 'Αποθήκευση' }));
    expect(await screen.findByRole('cell', { name: 'entity-reply' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Απάντηση' })).toBeTruthy();
    expect(sent).toEqual([{ template: 'entity-reply', use: 'reply' }]);
    // A field with a closed set of values is filtered by a choice, 'All' first.
    const filter = screen.getByRole('search');
    expect(
      within(within(filter).getByLabelText('Χρήση'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Όλες', 'Απάντηση', 'Έκδοση']);
    expect(
      within(within(filter).getByLabelText('Πρότυπο'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Όλες', 'entity-certificate', 'entity-reply']);
  });

  it('lists in its side navigation only the resources the caller’s roles open', async () => {
    const author = { ...entity, roles: ['templates_author' as const] };
    server.use(
      http.get(`/api/entities/${ENTITY}`, () => HttpResponse.json({ data: author })),
      http.get(`${GATE}/template-permissions/info`, () =>
        HttpResponse.json({
          data: {
            ...info,
            name: 'template-permissions',
            title: 'resources.template-permissions.title',
          },
        }),
      ),
      http.post(`${GATE}/template-permissions/action`, () =>
        HttpResponse.json({ data: [], meta: { count: 0, limit: 20, offset: 0 } }),
      ),
    );
    renderApp(`/dashboard/entities/show/${ENTITY}/resource/template-permissions`, {
      user: HEAD,
      config: CONFIG,
    });
    const nav = await screen.findByRole('navigation', { name: 'Πόροι του φορέα' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Δικαιώματα προτύπων']);
  });

  it('shows the audit’s actions translated and filters by one of them', async () => {
    const auditInfo: ResourceInfo = {
      name: 'audit',
      title: 'resources.audit.title',
      fields: [
        { name: 'user', label: 'resources.audit.user', type: 'text', filterable: true },
        {
          name: 'action',
          label: 'resources.audit.action',
          type: 'text',
          filterable: true,
          value_labels: 'resources.audit.actions',
          choices: ['change_state', 'accept'],
        },
      ],
      row_actions: [],
      resource_actions: [],
    };
    const filters: unknown[] = [];
    server.use(
      http.get(`/api/entities/${ENTITY}`, () => HttpResponse.json({ data: entity })),
      http.get(`${GATE}/audit/info`, () => HttpResponse.json({ data: auditInfo })),
      http.post(`${GATE}/audit/action`, async ({ request }) => {
        const body = (await request.json()) as { arguments?: { action?: string } };
        filters.push(body.arguments?.action);
        const rows = [
          { id: 'case:1', user: 'ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ', action: 'change_state' },
          { id: 'staff:1', user: 'ΚΩΝΣΤΑΝΤΙΝΟΣ ΙΩΑΝΝΙΔΗΣ', action: 'accept' },
        ].filter((row) => !body.arguments?.action || row.action === body.arguments.action);
        return HttpResponse.json({
          data: rows,
          meta: { count: rows.length, limit: 20, offset: 0 },
        });
      }),
    );
    const { user } = renderApp(`/dashboard/entities/show/${ENTITY}/resource/audit`, {
      user: HEAD,
      config: CONFIG,
    });
    expect(await screen.findByRole('cell', { name: 'Αλλαγή κατάστασης' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Αποδοχή αιτήματος' })).toBeTruthy();
    const filter = screen.getByRole('search');
    await user.selectOptions(within(filter).getByLabelText('Ενέργεια'), 'accept');
    await user.click(within(filter).getByRole('button', { name: 'Αναζήτηση' }));
    await waitFor(() =>
      expect(screen.queryByRole('cell', { name: 'Αλλαγή κατάστασης' })).toBeNull(),
    );
    expect(filters).toEqual([undefined, 'accept']);
  });
});
