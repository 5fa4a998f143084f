import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { server } from '../../testing/setup';

const TEXT = { el: 'Επαλήθευση εγγράφου', en: 'Document validation', fr: 'Vérification' };

function answer(issuerIdentified: boolean) {
  server.use(
    http.get('/api/validation/contexts/default', () =>
      HttpResponse.json({
        data: { info: { id: 'default', languages: ['el'], title: TEXT, description: TEXT } },
      }),
    ),
    http.post('/api/validation/document', () =>
      HttpResponse.json({
        data: {
          document: {
            reference_code: 'W3GE-1R70-W3GE-1R7T',
            state: 'issued',
            is_official: false,
            issuer_identified: issuerIdentified,
            issued_at: '2026-11-28T10:00:00.000Z',
            qrcode: null,
            validation_url: null,
            pdf: null,
          },
        },
      }),
    ),
  );
}

describe('the validation page’s issuer (issue #37)', () => {
  it('says an anonymous document’s issuer was not identified', async () => {
    answer(false);
    renderApp('/show/W3GE1R70W3GE1R7T', { signedIn: false });
    expect(await screen.findByText('Μη ταυτοποιημένος (ανώνυμη χρήση)')).toBeTruthy();
    expect(screen.getByText('Εκδότης')).toBeTruthy();
  });

  it('says a citizen’s document’s issuer was identified', async () => {
    answer(true);
    renderApp('/show/W3GE1R70W3GE1R7T', { signedIn: false });
    expect(await screen.findByText('Ταυτοποιημένος')).toBeTruthy();
  });
});
