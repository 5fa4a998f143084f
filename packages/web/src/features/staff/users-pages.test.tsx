import type { StaffEntry } from '@dilosi/domain';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUrl, renderApp } from '../../testing/render-app';
import { server } from '../../testing/setup';
import { base, CONFIG, ENTITY, HEAD, page, permission } from './testing/staff-fixtures';

/**
 * The head's pages against a mocked API (the rules themselves are tested through the real
 * app in packages/server/test/api/staff.test.ts): pending requests, active staff.
 */
afterEach(() => vi.restoreAllMocks());

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
