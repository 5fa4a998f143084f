import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderApp } from '../../testing/render-app';
import { server } from '../../testing/setup';

const TOTAL = 23;

/** The catalogue answers TOTAL templates, paged as asked. */
function answerCatalogue() {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('/api/templates', ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      const limit = Number(params.get('limit'));
      const offset = Number(params.get('offset'));
      const rows = Array.from({ length: Math.max(0, Math.min(limit, TOTAL - offset)) }, (_, i) => {
        const n = offset + i + 1;
        const text = { el: `Έγγραφο ${n}`, en: `Document ${n}`, fr: `Document ${n}` };
        return {
          refname: `doc-${n}`,
          version: 1,
          code: `D${n}`,
          type: 'solemn_declaration',
          shortname: text,
          title: text,
          description: text,
        };
      });
      return HttpResponse.json({
        data: rows,
        meta: {
          count: TOTAL,
          limit,
          offset,
          total_pages: Math.ceil(TOTAL / limit),
          type_counts: { solemn_declaration: TOTAL, authorisation: 0, application: 0 },
        },
      });
    }),
  );
  return asked;
}

describe('the template search (/create/search)', () => {
  it('pages by 10 by default, with numbered page links', async () => {
    const asked = answerCatalogue();
    renderApp('/create/search');
    expect(await screen.findByRole('link', { name: 'Έγγραφο 1' })).toBeTruthy();
    expect(asked.at(-1)?.get('limit')).toBe('10');
    const pages = screen.getByRole('navigation', { name: 'Σελίδες αποτελεσμάτων' });
    expect(
      within(pages)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['1', '2', '3']);
    expect(within(pages).getByRole('link', { name: 'Σελίδα 1' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('takes a page size of 5, 10 or 15, kept in the address and in the page links', async () => {
    const asked = answerCatalogue();
    const { user } = renderApp('/create/search');
    await screen.findByRole('link', { name: 'Έγγραφο 1' });
    await user.selectOptions(screen.getByLabelText('Αποτελέσματα ανά σελίδα'), '5');
    await user.click(screen.getByRole('button', { name: 'Αναζήτηση' }));
    await waitFor(() => expect(currentUrl()).toBe('/create/search?size=5'));
    await waitFor(() => expect(asked.at(-1)?.get('limit')).toBe('5'));
    const pages = await screen.findByRole('navigation', { name: 'Σελίδες αποτελεσμάτων' });
    await waitFor(() => expect(within(pages).getAllByRole('link')).toHaveLength(5));
    await user.click(within(pages).getByRole('link', { name: 'Σελίδα 3' }));
    await waitFor(() => expect(currentUrl()).toBe('/create/search?page=3&size=5'));
    expect(await screen.findByRole('link', { name: 'Έγγραφο 11' })).toBeTruthy();
    expect(asked.at(-1)?.get('offset')).toBe('10');
  });

  it('a size the spec does not offer falls back to 10', async () => {
    const asked = answerCatalogue();
    renderApp('/create/search?size=1000');
    await screen.findByRole('link', { name: 'Έγγραφο 1' });
    expect(asked.at(-1)?.get('limit')).toBe('10');
  });
});
