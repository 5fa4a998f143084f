import type { ApiDocument } from '@dilosi/domain';
import { screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, TEST_APP_CONFIG } from '../../testing/render-app';
import { server } from '../../testing/setup';

/** The vault document page's files and PDF link, through the spec's scope actions (mocked API). */
const REF = 'ABCDEFGH2345JKMN';
const ID = '0d0d0d0d-0000-4000-8000-000000000001';
const FILE_ID = '0d0d0d0d-0000-4000-8000-0000000000f1';
const CONFIG = {
  ...TEST_APP_CONFIG,
  flags: { ...TEST_APP_CONFIG.flags, CITIZENINBOX_ENABLED: true },
};
const ACTION = `/api/citizen-declarations/${ID}/action`;

const document = {
  id: ID,
  reference_code: REF,
  state: 'issued',
  template: {
    refname: 'application-attachments',
    version: 1,
    code: 'AP1',
    type: 'application',
    shortname: { el: 'Αίτηση', en: 'Application', fr: 'Demande' },
    title: { el: 'Αίτηση με συνημμένα', en: 'Application with attachments', fr: 'Demande' },
  },
  case_id: null,
  created_at: '2026-11-20T08:00:00.000Z',
  timestamp: '2026-11-20T08:05:00.000Z',
  issued_at: '2026-11-20T08:05:07.000Z',
  retention_until: null,
  pdf: { filename: `${REF}.pdf`, size: 1000, sha256: 'x' },
  attachments: {
    main_document: [
      {
        file_id: FILE_ID,
        filename: 'βεβαίωση.pdf',
        size: 863,
        'content-type': 'application/pdf',
        'attachment-index': 0,
        'content-uri': '/api/case-files/old',
      },
    ],
  },
} as unknown as ApiDocument;

function mockPage(answer: (body: unknown) => Response) {
  const asked: unknown[] = [];
  server.use(
    http.get(`/api/citizen-declarations/${REF}`, () => HttpResponse.json({ data: { document } })),
    http.get(`/api/citizen-declarations/${REF}/access-log`, () =>
      HttpResponse.json({ data: [], meta: { count: 0, limit: 10, offset: 0, total_pages: 0 } }),
    ),
    http.post(ACTION, async ({ request }) => {
      const body = await request.json();
      asked.push(body);
      return answer(body);
    }),
  );
  return asked;
}

const failure = (status: number, code: string) =>
  HttpResponse.json({ error: { code, message: code } }, { status });

describe('the vault document page: its files and the PDF link', () => {
  let downloads: string[];
  beforeEach(() => {
    downloads = [];
    // jsdom does not navigate: record where the download would go.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.getAttribute('href') ?? '');
    });
  });
  afterEach(async () => {
    await i18n.changeLanguage('el');
  });

  it('downloads an attachment through download-attachment on the document’s scope', async () => {
    const asked = mockPage(() =>
      HttpResponse.json({
        data: { document: { ...document, scope: 'citizen-declarations' } },
        meta: { download_url: '/api/case-files/fresh' },
      }),
    );
    const { user } = renderApp(`/vault/show/${REF}`, { config: CONFIG });
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Λήψη του αρχείου βεβαίωση.pdf' },
        { timeout: 5000 },
      ),
    );
    await waitFor(() => expect(downloads).toEqual(['/api/case-files/fresh']));
    expect(asked).toEqual([
      { action: 'download-attachment', object_id: ID, arguments: { file_id: FILE_ID } },
    ]);
  });

  it('says why an attachment could not be had, in the user’s language', async () => {
    await i18n.changeLanguage('en');
    mockPage(() => failure(404, 'not_found'));
    const { user } = renderApp(`/vault/show/${REF}`, { config: CONFIG });
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Download the file βεβαίωση.pdf' },
        { timeout: 5000 },
      ),
    );
    expect(await screen.findByText('Not found.')).toBeTruthy();
    expect(downloads).toEqual([]);
  });

  it('gets a link to the PDF with retrieve (retrieval content-uri)', async () => {
    const asked = mockPage(() =>
      HttpResponse.json({
        data: {
          document: { ...document, scope: 'citizen-declarations' },
          'document-pdf': { 'content-uri': '/api/pdf/abc' },
        },
      }),
    );
    const { user } = renderApp(`/vault/show/${REF}`, { config: CONFIG });
    await user.click(
      await screen.findByRole('button', { name: 'Σύνδεσμος για το PDF' }, { timeout: 5000 }),
    );
    const link = await screen.findByRole('link', { name: 'Άνοιγμα του PDF' });
    expect(link.getAttribute('href')).toBe('/api/pdf/abc');
    expect(asked).toEqual([
      { action: 'retrieve', object_id: ID, arguments: { retrieval: 'content-uri' } },
    ]);
  });

  it('says why no link came, in the user’s language', async () => {
    await i18n.changeLanguage('fr');
    mockPage(() => failure(409, 'action_not_allowed_on_state'));
    const { user } = renderApp(`/vault/show/${REF}`, { config: CONFIG });
    await user.click(
      await screen.findByRole('button', { name: 'Obtenir un lien vers le PDF' }, { timeout: 5000 }),
    );
    expect(
      await screen.findByText("Cette action n'est pas autorisée dans l'état actuel du document."),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Ouvrir le PDF' })).toBeNull();
  });
});
