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

describe("the footer's language switcher", () => {
  it('offers the configured languages, and is absent when only Greek is configured', async () => {
    const { unmount } = renderApp('/terms', {
      config: {
        ...TEST_APP_CONFIG,
        settings: { ...TEST_APP_CONFIG.settings, LANGUAGES: ['el', 'en'] },
      },
    });
    const footer = await screen.findByRole('contentinfo');
    const select = await within(footer).findByRole('combobox', { name: 'Γλώσσα' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Ελληνικά', 'English']);
    unmount();

    renderApp('/terms', {
      config: { ...TEST_APP_CONFIG, settings: { ...TEST_APP_CONFIG.settings, LANGUAGES: ['el'] } },
    });
    const greekOnly = await screen.findByRole('contentinfo');
    await within(greekOnly).findByRole('link', { name: 'Όροι χρήσης' });
    expect(within(greekOnly).queryByRole('combobox')).toBeNull();
  });
});
