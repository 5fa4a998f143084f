import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage';
import {
  ANONYMOUS_USER,
  currentUrl,
  renderApp,
  TEST_APP_CONFIG,
  TEST_USER,
} from '../../testing/render-app';
import { server } from '../../testing/setup';
import { documentBody, solemnDeclaration } from './testing/solemn-declaration';

/** Issue #37: an anonymous session is not shown as a citizen. */
const ANONYMOUS = ANONYMOUS_USER;
const WITH_VAULT = {
  ...TEST_APP_CONFIG,
  flags: { ...TEST_APP_CONFIG.flags, CITIZENINBOX_ENABLED: true },
};
const REF = 'YD1-8QF3-K2M7';

const issuedAt = () =>
  server.use(
    http.get('/api/citizen-declarations/:ref', () =>
      HttpResponse.json(
        documentBody({
          ...solemnDeclaration({ state: 'issued', referenceCode: REF }),
          actions: ['pdf', 'send-document-link', 'share', 'set-retention', 'revoke', 'dismiss'],
        }),
      ),
    ),
  );

describe('anonymous use in the web app (issue #37)', () => {
  it('has no user menu, no vault link and no name in the header', async () => {
    issuedAt();
    renderApp(`/dilosi/${REF}/done`, { user: ANONYMOUS, config: WITH_VAULT });
    await screen.findByRole('heading', { level: 1 });
    const banner = screen.getByRole('banner');
    expect(within(banner).queryByRole('navigation')).toBeNull();
    expect(within(banner).queryByRole('link', { name: /θυρίδα/i })).toBeNull();
    expect(within(banner).queryByRole('button', { name: 'Αποσύνδεση' })).toBeNull();
    expect(banner.textContent).not.toContain(ANONYMOUS.id);
  });

  it('keeps the user menu for a citizen', async () => {
    issuedAt();
    renderApp(`/dilosi/${REF}/done`, { config: WITH_VAULT });
    await screen.findByRole('heading', { level: 1 });
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('navigation')).toBeTruthy();
    expect(within(banner).getByText(TEST_USER.display_name ?? '')).toBeTruthy();
  });

  it('offers only the PDF download on the done page of an anonymous document', async () => {
    issuedAt();
    renderApp(`/dilosi/${REF}/done`, { user: ANONYMOUS });
    await screen.findByRole('button', { name: 'Λήψη PDF' });
    for (const name of ['Αποστολή με email', 'Αποστολή με SMS', 'Κοινοποίηση', 'Ανάκληση']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });

  it('offers a citizen the other actions too', async () => {
    issuedAt();
    renderApp(`/dilosi/${REF}/done`);
    await screen.findByRole('button', { name: 'Λήψη PDF' });
    expect(screen.getByRole('button', { name: 'Κοινοποίηση' })).toBeTruthy();
  });

  it('sends home to the template the session started, not to a citizen home', async () => {
    server.use(
      http.get('/api/templates/:refname', () =>
        HttpResponse.json({ error: { code: 'template_not_found', message: 'x' } }, { status: 404 }),
      ),
    );
    // renderApp clears the storage first: set once rendered (the home page waits for the profile).
    renderApp('/', { user: ANONYMOUS });
    window.localStorage.setItem(STORAGE_KEYS.anonymousTemplate, 'anonymous-complaint');
    await waitFor(() => expect(currentUrl()).toBe('/templates/anonymous-complaint'));
  });
});
