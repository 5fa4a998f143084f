import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Header } from './header';

function renderHeader(isTestEnvironment: boolean, loggedIn: boolean) {
  render(
    <MemoryRouter>
      <Header
        isTestEnvironment={isTestEnvironment}
        user={loggedIn ? { display_name: 'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ', is_admin: false } : null}
        showVault
        showDashboard
        onLogout={() => undefined}
      />
    </MemoryRouter>,
  );
}

describe('Header', () => {
  it.each([true, false])(
    'links the development outbox, logged in (%s) or not, where SMS codes go',
    (loggedIn) => {
      renderHeader(true, loggedIn);
      const link = screen.getByRole('link', { name: 'Εξερχόμενα' });
      expect(link.getAttribute('href')).toBe('/dev/outbox');
    },
  );

  it('has no outbox link outside development', () => {
    renderHeader(false, true);
    expect(screen.queryByRole('link', { name: 'Εξερχόμενα' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Η θυρίδα μου' })).toBeTruthy();
  });
});
