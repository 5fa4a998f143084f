import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetAppStart } from '../../api/auth';
import { STORAGE_KEYS } from '../../lib/storage';
import { appQueryClient, currentUrl, renderApp, TEST_USER } from '../../testing/render-app';
import { server } from '../../testing/setup';

const userGone = () =>
  HttpResponse.json(
    {
      error: { code: 'not_found', message: 'Δεν βρέθηκε.' },
      errors: [{ code: 'not_found', message: 'Δεν βρέθηκε.', meta: {} }],
      'user-message': { el: 'Δεν βρέθηκε.', en: 'Not found.' },
    },
    { status: 404 },
  );

describe('a profile the server refuses (GET /api/users/me 401 or 404)', () => {
  beforeEach(() => resetAppStart());

  it('while the app starts: shows the error, keeps the address, logs in again on request', async () => {
    let logouts = 0;
    let profiles = 0;
    server.use(
      http.post('/api/logout', () => {
        logouts += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/my/personal-details', {
      profile: () => {
        profiles += 1;
        return userGone();
      },
    });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Δεν ήταν δυνατή η επιβεβαίωση της σύνδεσής σας',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Δεν βρέθηκε');
    // No loop: the page stays, the profile is not asked for again and again, the session stays.
    const asked = profiles;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(profiles).toBe(asked);
    expect(profiles).toBeLessThanOrEqual(2);
    expect(currentUrl()).toBe('/my/personal-details');
    expect(window.localStorage.getItem(STORAGE_KEYS.session)).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Σύνδεση ξανά' }));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(new URLSearchParams(window.location.search).get('next')).toBe('/my/personal-details');
    expect(window.localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(logouts).toBe(1);
  });

  it.each([
    ['404', userGone],
    [
      '401',
      () =>
        HttpResponse.json(
          { error: { code: 'permission_denied', message: 'Δεν έχετε δικαίωμα.' } },
          { status: 401 },
        ),
    ],
  ])('once started: a %s logs out and the private page sends to login', async (_, refuse) => {
    renderApp('/my/personal-details');
    expect(await screen.findByText(TEST_USER.afm ?? '')).toBeTruthy();
    expect(window.localStorage.getItem(STORAGE_KEYS.session)).not.toBeNull();

    server.use(http.get('/api/users/me', refuse));
    await appQueryClient.invalidateQueries({ queryKey: ['users', 'me'] });
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(new URLSearchParams(window.location.search).get('next')).toBe('/my/personal-details');
    expect(window.localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
  });
});
