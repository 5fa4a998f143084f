import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderApp } from '../../testing/render-app';
import { server } from '../../testing/setup';

function answerCounts() {
  const asked: string[] = [];
  server.use(
    http.get('/api/templates', ({ request }) => {
      asked.push(new URL(request.url).search);
      return HttpResponse.json({
        data: [],
        meta: {
          count: 17,
          limit: 1,
          offset: 0,
          total_pages: 17,
          type_counts: { solemn_declaration: 9, authorisation: 1, application: 7 },
        },
      });
    }),
  );
  return asked;
}

describe('the template-type screen (/create/type)', () => {
  it('offers the three types, each with its number of documents', async () => {
    const asked = answerCounts();
    renderApp('/create/type');
    expect(await screen.findByLabelText(/Υπεύθυνη δήλωση \(9 έγγραφα\)/)).toBeTruthy();
    expect(screen.getByLabelText(/\(1 έγγραφο\)/)).toBeTruthy();
    expect(screen.getByLabelText(/\(7 έγγραφα\)/)).toBeTruthy();
    expect(asked).toEqual(['?limit=1&offset=0']);
  });

  it('leads to the search of the type chosen, and asks for a choice first', async () => {
    answerCounts();
    const { user } = renderApp('/create/type');
    await user.click(await screen.findByRole('button', { name: 'Συνέχεια' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Επιλέξτε είδος εγγράφου.');
    await user.click(screen.getByLabelText(/Εξουσιοδότηση/));
    await user.click(screen.getByRole('button', { name: 'Συνέχεια' }));
    await waitFor(() => expect(currentUrl()).toBe('/create/search?type=authorisation'));
  });
});
