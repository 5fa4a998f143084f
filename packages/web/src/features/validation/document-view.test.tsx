import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { formatReferenceCode, referenceCodeFromRandomBytes } from '@dilosi/domain';
import { renderApp } from '../../testing/render-app';
import { server } from '../../testing/setup';

const CODE = referenceCodeFromRandomBytes(new Uint8Array(16).fill(7));
const TEXT = { el: 'Επαλήθευση εγγράφου', en: 'Document validation', fr: 'Vérification' };

describe('the validation result of a joint declaration (issue #35)', () => {
  it('lists every signatory with the time of her signature, in the reader’s language', async () => {
    server.use(
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
      http.post('/api/validation/document', () =>
        HttpResponse.json({
          data: {
            document: {
              reference_code: formatReferenceCode(CODE),
              state: 'issued',
              is_official: true,
              issued_at: '2026-03-02T10:15:00.000Z',
              signatories: [
                {
                  firstname: 'ΜΑΡΙΑ',
                  surname: 'ΠΑΠΑΔΟΠΟΥΛΟΥ',
                  signed_at: '2026-03-01T08:00:00.000Z',
                },
                {
                  firstname: 'ΝΙΚΟΛΑΟΣ',
                  surname: 'ΓΕΩΡΓΙΟΥ',
                  signed_at: '2026-03-02T10:15:00.000Z',
                },
              ],
            },
          },
        }),
      ),
    );
    renderApp(`/validate/international/show/${CODE}`);
    const list = await screen.findByTestId('validation-signatories');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ' + 'Υπογραφή: 01/03/2026 10:00:00',
      'ΝΙΚΟΛΑΟΣ ΓΕΩΡΓΙΟΥ' + 'Υπογραφή: 02/03/2026 12:15:00',
    ]);
    expect(screen.getByText('Υπογράφοντες')).toBeTruthy();

    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Γλώσσα σελίδας' }), 'en');
    expect(await screen.findByText('Signatories')).toBeTruthy();
    expect(screen.getByText('Signed: 01/03/2026 10:00:00')).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Page language' }), 'fr');
    expect(await screen.findByText('Signataires')).toBeTruthy();
    expect(screen.getByText('Signé le : 02/03/2026 12:15:00')).toBeTruthy();
  });
});
