import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, TEST_APP_CONFIG, TEST_USER } from '../testing/render-app';

const CONFIG = { ...TEST_APP_CONFIG, flags: { ...TEST_APP_CONFIG.flags, DASHBOARD_ENABLED: true } };
const ADMIN = { ...TEST_USER, is_admin: true };

describe('the dashboard catch-all', () => {
  it('answers an unknown dashboard address with the not-found page', async () => {
    renderApp('/dashboard/nothing/here', { user: ADMIN, config: CONFIG });
    expect(
      await screen.findByRole('heading', { level: 1, name: /δεν βρέθηκε/i }, { timeout: 5000 }),
    ).toBeTruthy();
  });
});
