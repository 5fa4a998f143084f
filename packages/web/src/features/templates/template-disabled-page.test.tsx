import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderApp } from '../../testing/render-app';
import { server } from '../../testing/setup';

const TEMPLATE = '/api/templates/unemployment-card-renewal';
const RESTRICTED = 'Δεν μπορείτε να χρησιμοποιήσετε αυτό το έγγραφο';

function answerDisabled(serviceUrl: string | null = 'https://www.dypa.gov.gr/karta-anergias') {
  let asked = 0;
  server.use(
    http.get(TEMPLATE, () => {
      asked += 1;
      return HttpResponse.json(
        {
          error: {
            code: 'template_disabled',
            message: 'withdrawn',
            data: {
              service_name: { el: 'Κάρτα ανεργίας ΔΥΠΑ', en: 'DYPA card', fr: 'Carte DYPA' },
              service_url: serviceUrl,
            },
          },
        },
        { status: 410 },
      );
    }),
  );
  return () => asked;
}

describe('the disabled-template page', () => {
  it('names the replacing service and links to it as the template API registers them', async () => {
    const asked = answerDisabled();
    renderApp('/templates/unemployment-card-renewal/disabled');
    const link = await screen.findByRole('link', {
      name: 'Μετάβαση στη σελίδα της υπηρεσίας «Κάρτα ανεργίας ΔΥΠΑ»',
    });
    expect(link.getAttribute('href')).toBe('https://www.dypa.gov.gr/karta-anergias');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Η υπηρεσία δεν είναι διαθέσιμη',
    );
    expect(asked()).toBe(1);
  });

  it('ignores a name and link carried in the address', async () => {
    answerDisabled();
    renderApp(
      '/templates/unemployment-card-renewal/disabled?name=Πληρώστε+εδώ&url=%2F%2Fevil.example%2Fpay',
    );
    const link = await screen.findByRole('link', { name: /Κάρτα ανεργίας ΔΥΠΑ/ });
    expect(link.getAttribute('href')).toBe('https://www.dypa.gov.gr/karta-anergias');
    expect(screen.getByRole('main').textContent).not.toContain('Πληρώστε');
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href') ?? '');
    expect(hrefs.some((href) => href.includes('evil'))).toBe(false);
  });

  it('links nowhere when the registered address is not a safe link', async () => {
    answerDisabled('/\\evil.example');
    renderApp('/templates/unemployment-card-renewal/disabled');
    expect(await screen.findByText(/«Κάρτα ανεργίας ΔΥΠΑ» δεν παρέχεται πλέον/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Μετάβαση στη σελίδα/ })).toBeNull();
  });

  it('goes back to the template page, which explains, when the template is not disabled', async () => {
    server.use(
      http.get(TEMPLATE, () =>
        HttpResponse.json(
          { error: { code: 'not_civil_servant', message: 'civil servants only', data: {} } },
          { status: 403 },
        ),
      ),
    );
    renderApp('/templates/unemployment-card-renewal/disabled?name=x');
    await waitFor(() => expect(currentUrl()).toBe('/templates/unemployment-card-renewal'));
    expect(await screen.findByRole('heading', { level: 1, name: RESTRICTED })).toBeTruthy();
  });
});
