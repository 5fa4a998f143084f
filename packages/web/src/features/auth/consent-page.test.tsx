import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, TEST_USER } from '../../testing/render-app';
import { server } from '../../testing/setup';

const NEW_USER = {
  ...TEST_USER,
  ask_mobile_use_nnc_onboarding: true,
  mobile_flow_done: false,
  mobile: '6987654321',
  mobile_certified: false,
};

describe('the first-login consent page', () => {
  it('asks with the design system’s radios and a checkbox, the login’s mobile filled in', async () => {
    let sent: unknown = null;
    server.use(
      http.get('/api/users/me', () => HttpResponse.json(NEW_USER)),
      http.post('/api/profile', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...NEW_USER, mobile_flow_done: true, mobile_certified: true });
      }),
    );
    renderApp('/consent?next=%2Fmy', { user: NEW_USER });
    const yes = await screen.findByRole('radio', {
      name: 'Ναι, θα χρησιμοποιήσω τον αριθμό κινητού μου',
    });
    // GOV.GR radios: the input and its label inside the design system's item, not bare inputs.
    expect(yes.className).toBe('govgr-radios__input');
    expect(yes.closest('.govgr-radios__item')).not.toBeNull();
    expect(screen.getByRole('radio', { name: 'Όχι, όχι τώρα' }).className).toBe(
      'govgr-radios__input',
    );
    await userEvent.click(yes);
    const mobile = screen.getByRole('textbox', { name: 'Αριθμός κινητού τηλεφώνου' });
    expect((mobile as HTMLInputElement).value).toBe('6987654321');
    const check = screen.getByRole('checkbox', {
      name: 'Να ελεγχθεί ότι ο αριθμός είναι ο πιστοποιημένος στον λογαριασμό μου',
    });
    expect(check.className).toBe('govgr-checkboxes__input');
    expect((check as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Συνέχεια' }));
    await waitFor(() => expect(window.location.pathname).toBe('/my'));
    expect(sent).toEqual({
      consents: { mobile_use_nnc_onboarding: false, mobile_check_certified: true },
      mobile: '6987654321',
    });
  });

  it('keeps what the reader typed over the login’s number', async () => {
    server.use(http.get('/api/users/me', () => HttpResponse.json(NEW_USER)));
    renderApp('/consent', { user: { ...NEW_USER, mobile: null } });
    await userEvent.click(
      await screen.findByRole('radio', { name: 'Ναι, θα χρησιμοποιήσω τον αριθμό κινητού μου' }),
    );
    const mobile = screen.getByRole('textbox', { name: 'Αριθμός κινητού τηλεφώνου' });
    await userEvent.clear(mobile);
    await userEvent.type(mobile, '6911111111');
    expect((mobile as HTMLInputElement).value).toBe('6911111111');
  });

  it('names the missing answer in the error summary and links to the first radio', async () => {
    server.use(http.get('/api/users/me', () => HttpResponse.json(NEW_USER)));
    renderApp('/consent', { user: NEW_USER });
    await userEvent.click(await screen.findByRole('button', { name: 'Συνέχεια' }));
    const link = await screen.findByRole('link', { name: 'Επιλέξτε μία απάντηση' });
    const target = document.querySelector(link.getAttribute('href') ?? '#none');
    expect(target?.getAttribute('type')).toBe('radio');
  });
});
