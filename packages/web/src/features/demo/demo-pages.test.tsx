import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderApp, TEST_APP_CONFIG } from '../../testing/render-app';

const DEVEL = { ...TEST_APP_CONFIG, flags: { ...TEST_APP_CONFIG.flags, DEVEL: true } };

describe('the demo pages (DEVEL only)', () => {
  it('are not found when DEVEL is off', async () => {
    renderApp('/demo/vehicles');
    expect(await screen.findByRole('heading', { level: 1, name: /βρέθηκε/i })).toBeTruthy();
    expect(screen.queryByText('ΥΧΗ-4821')).toBeNull();
  });

  it('/demo opens the vehicles, with the sample vehicles and the demo warning', async () => {
    renderApp('/demo', { config: DEVEL });
    expect(await screen.findByRole('heading', { level: 1, name: /Τα οχήματά μου/ })).toBeTruthy();
    expect(currentUrl()).toBe('/demo/vehicles');
    const table = screen.getByRole('table');
    expect(within(table).getByRole('rowheader', { name: 'ΥΧΗ-4821' })).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText(/Σελίδα επίδειξης/)).toBeTruthy();
  });

  it('the notifications link carries the badge count 2, named for screen readers', async () => {
    renderApp('/demo/notifications', { config: DEVEL });
    const nav = await screen.findByRole('navigation', { name: 'Σελίδες επίδειξης' });
    const link = within(nav).getByRole('link', { name: /Ειδοποιήσεις/ });
    expect(link.textContent).toContain('2');
    expect(link.textContent).toContain('2 μη αναγνωσμένες ειδοποιήσεις');
    expect(link.getAttribute('aria-current')).toBe('page');
    expect(screen.getAllByText('Νέα')).toHaveLength(2);
  });

  it('the archive lists the archived sample', async () => {
    renderApp('/demo/archive', { config: DEVEL });
    expect(
      await screen.findByRole('heading', { level: 1, name: /Αρχείο ειδοποιήσεων/ }),
    ).toBeTruthy();
    expect(screen.getByText(/ανανεώθηκε/)).toBeTruthy();
    expect(screen.queryByText('Νέα')).toBeNull();
  });

  it('the consent shows the sample consent content and takes an answer on the page', async () => {
    const { user } = renderApp('/demo/consent', { config: DEVEL });
    expect(await screen.findByText('Τράπεζα Παράδειγμα Α.Ε.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Στοιχεία ταυτότητας' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Αποδοχή' }));
    expect(await screen.findByText(/Αποδεχτήκατε το αίτημα/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Απόρριψη' })).toBeNull();
  });

  it('the redirect follows a path of the site, and never another origin', async () => {
    renderApp('/demo/redirect?to=%2Fdemo%2Fconsent', { config: DEVEL });
    await waitFor(() => expect(currentUrl()).toBe('/demo/consent'));
  });

  it.each(['//evil.example/x', '/\\evil.example', 'https://evil.example'])(
    'the redirect refuses %s and explains instead',
    async (to) => {
      renderApp(`/demo/redirect?to=${encodeURIComponent(to)}`, { config: DEVEL });
      expect(await screen.findByRole('heading', { level: 1, name: /Ανακατεύθυνση/ })).toBeTruthy();
      expect(window.location.pathname).toBe('/demo/redirect');
    },
  );

  it('an unknown demo page is not found', async () => {
    renderApp('/demo/nothing-here', { config: DEVEL });
    expect(await screen.findByRole('heading', { level: 1, name: /βρέθηκε/i })).toBeTruthy();
  });
});
