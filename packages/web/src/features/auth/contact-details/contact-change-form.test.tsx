import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../api/auth';
import { renderApp, TEST_USER } from '../../../testing/render-app';
import { server } from '../../../testing/setup';

const PAGE = '/my/personal-details';

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

/** The server's refusal, as the API answers it. */
const refusal = (status: number, code: string, message: string, data?: object) =>
  HttpResponse.json({ error: { code, message, ...(data ? { data } : {}) } }, { status });

/** The page's summary row of a label: its value. */
const valueOf = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('changing the e-mail on the personal details page', () => {
  it('sends a code to the new address, confirms it, and shows the new address', async () => {
    let me: CurrentUser = { ...TEST_USER, email: 'old@example.gr' };
    const sent: unknown[] = [];
    const { user } = renderApp(PAGE, { user: me });
    server.use(
      http.get('/api/users/me', () => HttpResponse.json(me)),
      http.post('/api/profile/email', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          {
            data: {
              pending_email: 'new@example.gr',
              expires_at: '2026-03-02T10:05:00.000Z',
              resend_available_at: inSeconds(60),
            },
          },
          { status: 202 },
        );
      }),
      http.post('/api/profile/email/verify', async ({ request }) => {
        sent.push(await request.json());
        me = { ...me, email: 'new@example.gr' };
        return HttpResponse.json({ data: me });
      }),
    );
    expect(await screen.findByText('old@example.gr')).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Αλλαγή email' }));
    const address = screen.getByRole('textbox', {
      name: 'Νέα διεύθυνση ηλεκτρονικού ταχυδρομείου',
    });
    await waitFor(() => expect(document.activeElement).toBe(address));
    await user.type(address, 'new@example.gr');
    await user.click(screen.getByRole('button', { name: 'Αποστολή κωδικού' }));

    // 10:05 UTC is 12:05 in Athens in March.
    const sentTo = await screen.findByText(/^Στείλαμε κωδικό/);
    expect(sentTo.textContent).toBe(
      'Στείλαμε κωδικό στη διεύθυνση new@example.gr. Ισχύει έως τις 12:05.',
    );
    // Said to screen readers as it appears.
    expect(sentTo.closest('[role="status"]')).not.toBeNull();
    // The wait before another code is shown instead of the link.
    expect(
      screen.getByText(/Μπορείτε να ζητήσετε νέο κωδικό σε (59|60) δευτερόλεπτα\./),
    ).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Αποστολή νέου κωδικού' })).toBeNull();

    const code = screen.getByRole('textbox', { name: 'Κωδικός επιβεβαίωσης' });
    await waitFor(() => expect(document.activeElement).toBe(code));
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Επιβεβαίωση' }));

    expect(
      await screen.findByText('Η διεύθυνση ηλεκτρονικού ταχυδρομείου σας άλλαξε.'),
    ).toBeDefined();
    await waitFor(() => expect(valueOf('E-mail')).toBe('new@example.gr'));
    expect(sent).toEqual([{ email: 'new@example.gr' }, { code: '123 456' }]);
    // The form is closed again; its button has the focus back.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Αλλαγή email' })),
    );
  });

  it('shows a refusal under the field: none set before asking, in use from the server', async () => {
    let asked = 0;
    const { user } = renderApp(PAGE);
    server.use(
      http.post('/api/profile/email', () => {
        asked += 1;
        return refusal(409, 'email_in_use', 'in use', {
          invalid_fields: [{ invalid_field: 'email', error_info: { code: 'email_in_use' } }],
        });
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Αλλαγή email' }));
    await user.click(screen.getByRole('button', { name: 'Αποστολή κωδικού' }));
    const address = screen.getByRole('textbox', {
      name: 'Νέα διεύθυνση ηλεκτρονικού ταχυδρομείου',
    });
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Δεν δώσατε διεύθυνση ηλεκτρονικού ταχυδρομείου.')).toBeDefined();
    expect(asked).toBe(0);

    await user.type(address, 'taken@example.gr');
    await user.click(screen.getByRole('button', { name: 'Αποστολή κωδικού' }));
    const message = await screen.findByText(
      'Η διεύθυνση ηλεκτρονικού ταχυδρομείου χρησιμοποιείται ήδη από άλλον χρήστη.',
    );
    // The message is the field's error, read with it.
    expect(address.getAttribute('aria-describedby')).toContain(
      message.closest('p')?.getAttribute('id') ?? 'none',
    );
    expect(asked).toBe(1);
  });

  it('a wrong code is said under the code field with the attempts left', async () => {
    const { user } = renderApp(PAGE);
    server.use(
      http.post('/api/profile/email', () =>
        HttpResponse.json(
          {
            data: {
              pending_email: 'new@example.gr',
              expires_at: inSeconds(300),
              resend_available_at: inSeconds(60),
            },
          },
          { status: 202 },
        ),
      ),
      http.post('/api/profile/email/verify', () =>
        refusal(400, 'otp_invalid', 'wrong', {
          remaining_attempts: 4,
          invalid_fields: [{ invalid_field: 'code', error_info: { code: 'otp_invalid' } }],
        }),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Αλλαγή email' }));
    await user.type(
      screen.getByRole('textbox', { name: 'Νέα διεύθυνση ηλεκτρονικού ταχυδρομείου' }),
      'new@example.gr',
    );
    await user.click(screen.getByRole('button', { name: 'Αποστολή κωδικού' }));
    const code = await screen.findByRole('textbox', { name: 'Κωδικός επιβεβαίωσης' });
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Επιβεβαίωση' }));
    expect(
      await screen.findByText('Λανθασμένος κωδικός επιβεβαίωσης. Απομένουν 4 προσπάθειες.'),
    ).toBeDefined();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(code);
  });
});

describe('changing the mobile on the personal details page', () => {
  it('sends an SMS code, resends when the wait is over, and shows the number certified', async () => {
    let me: CurrentUser = { ...TEST_USER, mobile: null, mobile_certified: false };
    const calls: string[] = [];
    const pending = (resendIn: number) =>
      HttpResponse.json(
        {
          data: {
            pending_mobile: '6911112222',
            expires_at: inSeconds(300),
            resend_available_at: inSeconds(resendIn),
          },
        },
        { status: 202 },
      );
    const { user } = renderApp(PAGE, { user: me });
    server.use(
      http.get('/api/users/me', () => HttpResponse.json(me)),
      http.post('/api/profile/mobile', () => {
        calls.push('request');
        return pending(-1);
      }),
      http.post('/api/profile/mobile/resend', () => {
        calls.push('resend');
        return pending(60);
      }),
      http.post('/api/profile/mobile/verify', () => {
        calls.push('verify');
        me = { ...me, mobile: '6911112222', mobile_certified: true };
        return HttpResponse.json({ data: me });
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Αλλαγή κινητού' }));
    const number = screen.getByRole('textbox', { name: 'Νέος αριθμός κινητού τηλεφώνου' });
    // Not a Greek mobile: refused before anything is sent.
    await user.type(number, '2101234567');
    await user.click(screen.getByRole('button', { name: 'Αποστολή κωδικού' }));
    expect(
      screen.getByText(
        'Ο αριθμός κινητού τηλεφώνου δεν είναι έγκυρος. Δώστε ελληνικό αριθμό κινητού (69…).',
      ),
    ).toBeDefined();
    await user.clear(number);
    await user.type(number, '6911112222');
    await user.click(screen.getByRole('button', { name: 'Αποστολή κωδικού' }));
    const sentTo = await screen.findByText(/^Στείλαμε κωδικό με SMS στο 6911112222\./);
    const status = sentTo.closest<HTMLElement>('[role="status"]');
    if (!status) throw new Error('the sent notice is not in a status region');

    await user.click(screen.getByRole('button', { name: 'Αποστολή νέου κωδικού' }));
    expect(await within(status).findByText('Στάλθηκε νέος κωδικός.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Αποστολή νέου κωδικού' })).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Κωδικός επιβεβαίωσης' }), '654321');
    await user.click(screen.getByRole('button', { name: 'Επιβεβαίωση' }));
    expect(
      await screen.findByText('Ο αριθμός κινητού σας άλλαξε και πιστοποιήθηκε.'),
    ).toBeDefined();
    await waitFor(() => expect(valueOf('Κινητό τηλέφωνο')).toBe('6911112222 (Πιστοποιημένο)'));
    expect(calls).toEqual(['request', 'resend', 'verify']);
  });
});
