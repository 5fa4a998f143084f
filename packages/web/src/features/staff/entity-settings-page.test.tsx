import type { EntityDecisionPage, DashboardEntity } from '@dilosi/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { server } from '../../testing/setup';
import { settingsReload } from './entity-settings-page';
import { base, CONFIG, ENTITY, entity, HEAD } from './testing/staff-fixtures';

/**
 * The entity's settings against a mocked API (the rules themselves are tested through the
 * real app in packages/server/test/api/staff.test.ts).
 */
afterEach(() => vi.restoreAllMocks());

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

  it('opens for a settings owner, without the head’s staff tabs; not for a clerk', async () => {
    mockSettings({ ...entity, roles: ['settings_owner'] });
    const { unmount } = renderApp(`${base}/settings`, { user: HEAD, config: CONFIG });
    expect(await screen.findByLabelText('E-mail')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Ρυθμίσεις φορέα' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Διαχείριση φορέα' })).toBeNull();
    unmount();

    // A clerk is refused: the page throws role_permission_denied to the error boundary.
    vi.mocked(console.error).mockImplementation(() => {});
    mockSettings({ ...entity, roles: ['clerk'] });
    renderApp(`${base}/settings`, { user: HEAD, config: CONFIG });
    await waitFor(() =>
      expect(
        vi
          .mocked(console.error)
          .mock.calls.flat()
          .some((v) => (v as { code?: unknown } | null)?.code === 'role_permission_denied'),
      ).toBe(true),
    );
    expect(screen.queryByLabelText('E-mail')).toBeNull();
  });
});
