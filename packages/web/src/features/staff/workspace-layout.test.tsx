import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUrl, renderApp } from '../../testing/render-app';
import { server } from '../../testing/setup';
import { base, CONFIG, ENTITY, entity, HEAD, page } from './testing/staff-fixtures';

/** The dashboard workspace (issue #39): its sidebar and the entity landing by the gate layout. */
afterEach(() => vi.restoreAllMocks());

const settingsUrl = `${base}/settings`;

function mockWorkspace(landing: string | null) {
  server.use(
    http.get('/api/entities', () =>
      HttpResponse.json({
        data: [{ ...entity, roles: ['clerk', 'head'], counts: { incoming: 7, me: 2 } }],
      }),
    ),
    http.get(`/api/gates/${entity.codename}/gate/layout`, () =>
      HttpResponse.json({
        data: {
          'nav-actions': landing
            ? [
                {
                  key: 'settings',
                  url: landing,
                  title: { el: 'Ρυθμίσεις', en: 'Settings', fr: 'Paramètres' },
                },
              ]
            : [],
          'landing-url': landing,
        },
      }),
    ),
    http.get('/api/my-permission-requests', () => HttpResponse.json(page([]))),
  );
}

describe('the dashboard workspace', () => {
  it("lands on the layout's landing page and lists my entities with their counters", async () => {
    mockWorkspace(settingsUrl);
    server.use(
      http.get(`/api/entities/${ENTITY}`, () =>
        HttpResponse.json({ data: { ...entity, roles: ['clerk', 'head'] } }),
      ),
      // The settings page it lands on reads the heads' decisions as well.
      http.get(`/api/entities/${ENTITY}/audit`, () => HttpResponse.json(page([]))),
    );
    renderApp(base, { user: HEAD, config: CONFIG });
    const nav = await screen.findByRole('navigation', { name: 'Χώρος εργασίας' });
    expect(await within(nav).findByText('Εισερχόμενες 7 · Σε εμένα 2')).toBeTruthy();
    await vi.waitFor(() => expect(currentUrl()).toBe(settingsUrl));
    const entities = within(nav).getByRole('list', { name: 'Οι φορείς μου' });
    expect(within(entities).getByRole('link', { name: 'Δήμος Αθηναίων' })).toBeTruthy();
    expect(await within(nav).findByRole('link', { name: 'Πόροι του φορέα' })).toBeTruthy();
    const others = within(nav).getByRole('list', { name: 'Αιτήματα σε άλλο φορέα' });
    expect(within(others).getByRole('link', { name: 'Τα αιτήματά μου για πρόσβαση' })).toBeTruthy();
  });

  it('opens and closes the menu by its button, which says whether it is open', async () => {
    mockWorkspace(settingsUrl);
    const { user } = renderApp('/dashboard/entities/requests/list', { user: HEAD, config: CONFIG });
    const toggle = await screen.findByRole('button', { name: 'Μενού' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(menu?.dataset.open).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(menu?.dataset.open).toBe('true');
  });

  it('without a role at the entity: permission to inbox denied, then the entity list', async () => {
    mockWorkspace(null);
    renderApp(base, { user: HEAD, config: CONFIG });
    expect(
      await screen.findByText('Δεν έχετε δικαίωμα πρόσβασης στις υποθέσεις αυτού του φορέα.'),
    ).toBeTruthy();
    expect(currentUrl()).toBe('/dashboard/entities/list');
  });

  it('sends someone without any entity from /dashboard to the entity list', async () => {
    server.use(http.get('/api/entities', () => HttpResponse.json({ data: [] })));
    renderApp('/dashboard', { user: HEAD, config: CONFIG });
    await vi.waitFor(() => expect(currentUrl()).toBe('/dashboard/entities/list'));
  });

  it('answers an unknown dashboard address with the not-found page', async () => {
    mockWorkspace(settingsUrl);
    renderApp('/dashboard/no-such-page', { user: HEAD, config: CONFIG });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Η σελίδα δεν βρέθηκε' }),
    ).toBeTruthy();
  });
});
