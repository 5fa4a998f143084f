import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { server } from '../../testing/setup';

const TEXT = { el: 'Επαλήθευση εγγράφου', en: 'Document validation', fr: 'Vérification' };

function answerContexts() {
  server.use(
    http.get('/api/validation/contexts/default', () =>
      HttpResponse.json({
        data: {
          info: {
            id: 'default',
            languages: ['el'],
            more_languages: 'international',
            title: TEXT,
            description: TEXT,
          },
        },
      }),
    ),
    http.get('/api/validation/contexts/international', () =>
      HttpResponse.json({
        data: {
          info: {
            id: 'international',
            languages: ['el', 'en', 'fr'],
            title: TEXT,
            description: TEXT,
          },
        },
      }),
    ),
  );
}

const footerLanguages = () =>
  within(screen.getByRole('contentinfo')).queryByRole('combobox', { name: 'Γλώσσα' });

describe('the validation pages’ languages', () => {
  it('offer no language switch in a Greek-only context, and lead foreign readers on', async () => {
    answerContexts();
    renderApp('/validate/default');
    const english = await screen.findByRole('link', { name: 'Read this page in English' });
    expect(english.getAttribute('href')).toBe('/validate/international');
    expect(english.closest('li')?.getAttribute('lang')).toBe('en');
    expect(screen.getByRole('link', { name: 'Lire cette page en français' })).toBeTruthy();
    expect(footerLanguages()).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Γλώσσα σελίδας' })).toBeNull();
  });

  it('keep the way on from a document’s page to the same document in the other context', async () => {
    answerContexts();
    server.use(
      http.get('/api/validation/documents/:ref', () =>
        HttpResponse.json({ error: { code: 'document_not_found', message: 'x' } }, { status: 404 }),
      ),
    );
    renderApp('/show/A1B2C3D4E5');
    const english = await screen.findByRole('link', { name: 'Read this page in English' });
    expect(english.getAttribute('href')).toBe('/validate/international/show/A1B2C3D4E5');
  });

  it('offer the context’s three languages in an international context', async () => {
    answerContexts();
    renderApp('/validate/international');
    await screen.findByRole('combobox', { name: 'Γλώσσα σελίδας' });
    const footer = footerLanguages();
    expect(footer).not.toBeNull();
    expect(within(footer as HTMLElement).getAllByRole('option')).toHaveLength(3);
    expect(screen.queryByRole('link', { name: 'Read this page in English' })).toBeNull();
  });
});
