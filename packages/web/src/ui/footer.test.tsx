import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, TEST_APP_CONFIG } from '../testing/render-app';

const OUTBOX = 'Εξερχόμενα SMS και e-mail (δοκιμαστικό περιβάλλον)';

describe('the footer', () => {
  it('links the outbox in development, where the SMS codes go', async () => {
    renderApp('/terms', {
      config: { ...TEST_APP_CONFIG, flags: { ...TEST_APP_CONFIG.flags, DEVEL: true } },
    });
    const footer = await screen.findByRole('contentinfo');
    const link = await within(footer).findByRole('link', { name: OUTBOX });
    expect(link.getAttribute('href')).toBe('/dev/outbox');
  });

  it('has no outbox link in production', async () => {
    renderApp('/terms');
    const footer = await screen.findByRole('contentinfo');
    await within(footer).findByRole('link', { name: 'Όροι χρήσης' });
    expect(within(footer).queryByRole('link', { name: OUTBOX })).toBeNull();
  });
});
