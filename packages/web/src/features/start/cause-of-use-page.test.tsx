import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderApp } from '../../testing/render-app';
import { server } from '../../testing/setup';

const CONTINUE = 'Συνέχεια';

describe('the cause-of-use page (/q/start)', () => {
  it('asks what the person came to do, with the three answers of the spec', async () => {
    renderApp('/q/start');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Τι θέλετε να κάνετε;' }),
    ).toBeTruthy();
    const group = screen.getByRole('group', { name: 'Τι θέλετε να κάνετε;' });
    const answers = Array.from(group.querySelectorAll('input[type="radio"]')).map(
      (input) => (input as HTMLInputElement).labels?.[0]?.textContent,
    );
    expect(answers).toEqual([
      'Να εκδώσω ένα έγγραφο',
      'Να επαληθεύσω ένα έγγραφο',
      'Να δω τη θυρίδα μου',
    ]);
  });

  it('without an answer, says so and focuses the error summary', async () => {
    const { user } = renderApp('/q/start');
    await user.click(await screen.findByRole('button', { name: CONTINUE }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('Επιλέξτε τι θέλετε να κάνετε.');
    expect(document.activeElement).toBe(summary);
    expect(currentUrl()).toBe('/q/start');
  });

  it('issuing leads to the template-type screen', async () => {
    server.use(
      http.get('/api/templates', () =>
        HttpResponse.json({
          data: [],
          meta: {
            count: 0,
            limit: 1,
            offset: 0,
            total_pages: 0,
            type_counts: { solemn_declaration: 0, authorisation: 0, application: 0 },
          },
        }),
      ),
    );
    const { user } = renderApp('/q/start');
    await user.click(await screen.findByLabelText('Να εκδώσω ένα έγγραφο'));
    await user.click(screen.getByRole('button', { name: CONTINUE }));
    await waitFor(() => expect(currentUrl()).toBe('/create/type'));
  });

  it('validating leads to the validation page, signed in or not', async () => {
    server.use(
      http.get('/api/validation/contexts/:id', () => HttpResponse.json({ data: { info: null } })),
    );
    const { user } = renderApp('/q/start', { signedIn: false });
    await user.click(await screen.findByLabelText('Να επαληθεύσω ένα έγγραφο'));
    await user.click(screen.getByRole('button', { name: CONTINUE }));
    // /validate opens the default validation context.
    await waitFor(() => expect(window.location.pathname).toMatch(/^\/validate(\/default)?$/));
  });

  it('the mailbox: straight there when signed in', async () => {
    const { user } = renderApp('/q/start');
    await user.click(await screen.findByLabelText('Να δω τη θυρίδα μου'));
    await user.click(screen.getByRole('button', { name: CONTINUE }));
    await waitFor(() => expect(currentUrl()).toBe('/my/messages'));
  });

  it('the mailbox: through login, keeping next, when not signed in', async () => {
    const { user } = renderApp('/q/start', { signedIn: false });
    await user.click(await screen.findByLabelText('Να δω τη θυρίδα μου'));
    await user.click(screen.getByRole('button', { name: CONTINUE }));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(new URLSearchParams(window.location.search).get('next')).toBe('/my/messages');
  });
});
