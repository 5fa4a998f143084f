import type { ApiDocument } from '@dilosi/domain';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ANONYMOUS_USER, currentUrl, renderApp } from '../../testing/render-app';
import { server } from '../../testing/setup';
import { mockDocumentApi } from './testing/document-api';
import { DOCUMENT_ID, RECIPIENT, STATEMENT, solemnDeclaration } from './testing/solemn-declaration';

const ANONYMOUS = ANONYMOUS_USER;
const CODE = {
  code: 'ABCDEFGH',
  expires_at: '2099-01-08T10:00:00.000Z',
  state: 'pending',
  refusal_reason: null,
};

const withKep = (document: ApiDocument): ApiDocument => ({
  ...document,
  anonymous_confirmation: ['captcha', 'in_person'],
});
const preview = () =>
  withKep(
    solemnDeclaration({ step: 'preview', values: { statement: STATEMENT }, recipient: RECIPIENT }),
  );
const requested = () =>
  withKep(
    solemnDeclaration({
      state: 'requested',
      values: { statement: STATEMENT },
      recipient: RECIPIENT,
    }),
  );

/** Issue #37: an anonymous person may take her request to a KEP instead of issuing it at once. */
describe('confirmation at a KEP, the person’s side', () => {
  it('offers a code at the preview and shows it with what to bring', async () => {
    let current = preview();
    const asked: unknown[] = [];
    let consents = 0;
    mockDocumentApi(DOCUMENT_ID, { get: () => current });
    server.use(
      // A joint declaration's consent is out of an anonymous session's reach (anonymous_scope).
      http.get('/api/joint/documents/:id/consent', () => {
        consents += 1;
        return HttpResponse.json({ data: { consent: null } });
      }),
      http.post(`/api/my-declarations/${DOCUMENT_ID}/in-person`, async ({ request }) => {
        asked.push(await request.json());
        current = requested();
        return HttpResponse.json({ data: CODE }, { status: 201 });
      }),
      // None asked yet: null, not a 404 (the preview asks on every visit).
      http.get(`/api/my-declarations/${DOCUMENT_ID}/in-person`, () =>
        HttpResponse.json({ data: current.state === 'requested' ? CODE : null }),
      ),
    );
    const { user } = renderApp(`/issue/${DOCUMENT_ID}/preview`, { user: ANONYMOUS });
    await screen.findByRole('heading', { level: 2, name: 'Ή επιβεβαίωση σε ΚΕΠ' });
    expect(screen.queryByText('Το ΚΕΠ δεν επιβεβαίωσε την προηγούμενη αίτησή σας')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Λήψη κωδικού για ΚΕΠ' }));

    expect(await screen.findByText('ABCD-EFGH')).toBeTruthy();
    expect(asked).toEqual([{ 'digest-sha256': 'digest-1' }]);
    expect(screen.getByRole('heading', { level: 2, name: 'Επιβεβαίωση σε ΚΕΠ' })).toBeTruthy();
    expect(screen.getByText(/αστυνομική σας ταυτότητα/)).toBeTruthy();
    // No SMS code form while the request waits at a KEP.
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('Αναμονή επιβεβαίωσης…').getAttribute('role')).toBe('status');
    expect(consents).toBe(0);
  });

  it('tells her why the officer refused her last request, and offers a new code', async () => {
    mockDocumentApi(DOCUMENT_ID, { get: preview });
    server.use(
      http.get('/api/joint/documents/:id/consent', () =>
        HttpResponse.json({ data: { consent: null } }),
      ),
      http.get(`/api/my-declarations/${DOCUMENT_ID}/in-person`, () =>
        HttpResponse.json({
          data: { ...CODE, state: 'refused', refusal_reason: 'Η ταυτότητα είχε λήξει.' },
        }),
      ),
    );
    renderApp(`/issue/${DOCUMENT_ID}/preview`, { user: ANONYMOUS });
    expect(
      await screen.findByText('Το ΚΕΠ δεν επιβεβαίωσε την προηγούμενη αίτησή σας'),
    ).toBeTruthy();
    expect(screen.getByText('Αιτιολογία: Η ταυτότητα είχε λήξει.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Λήψη κωδικού για ΚΕΠ' })).toBeTruthy();
  });

  it('is not offered to a citizen, who confirms with her SMS code', async () => {
    mockDocumentApi(DOCUMENT_ID, { get: preview });
    renderApp(`/issue/${DOCUMENT_ID}/preview`);
    await screen.findByRole('button', { name: 'Υποβολή' });
    expect(screen.queryByRole('button', { name: 'Λήψη κωδικού για ΚΕΠ' })).toBeNull();
  });

  it('goes to the done page once the officer has issued the document', async () => {
    let gets = 0;
    mockDocumentApi(DOCUMENT_ID, {
      get: () => {
        gets += 1;
        // The page's own read, then the waiting panel's first poll: issued meanwhile.
        return gets === 1
          ? requested()
          : withKep(
              solemnDeclaration({
                state: 'issued',
                values: { statement: STATEMENT },
                recipient: RECIPIENT,
              }),
            );
      },
    });
    server.use(
      http.get(`/api/my-declarations/${DOCUMENT_ID}/in-person`, () =>
        HttpResponse.json({ data: CODE }),
      ),
    );
    renderApp(`/issue/${DOCUMENT_ID}/confirm`, { user: ANONYMOUS });
    await screen.findByText('ABCD-EFGH');
    await waitFor(() => expect(currentUrl()).toBe('/dilosi/YD1-8QF3-K2M7/done'), {
      timeout: 8000,
    });
  }, 15_000);
});
