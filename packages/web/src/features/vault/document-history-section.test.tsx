import type { ApiDocument, DocumentHistoryItem } from '@dilosi/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, TEST_APP_CONFIG } from '../../testing/render-app';
import { server } from '../../testing/setup';

/** The history tab of the vault's document page against a mocked API. */
const CONFIG = {
  ...TEST_APP_CONFIG,
  flags: { ...TEST_APP_CONFIG.flags, CITIZENINBOX_ENABLED: true },
};
const REF = 'ABCDEFGH2345JKMN';
const ID = '0d0d0d0d-0000-4000-8000-000000000001';
const TEMPLATE = {
  refname: 'solemn-declaration',
  version: 1,
  code: 'YD1',
  type: 'solemn_declaration' as const,
  shortname: { el: 'Υπεύθυνη δήλωση', en: 'Solemn declaration', fr: 'Déclaration sur l’honneur' },
  title: { el: 'Υπεύθυνη δήλωση', en: 'Solemn declaration', fr: 'Déclaration sur l’honneur' },
};

const DOCUMENT = {
  id: ID,
  reference_code: REF,
  state: 'revoked',
  template: TEMPLATE,
  case_id: null,
  created_at: '2026-11-20T08:00:00.000Z',
  timestamp: '2026-11-20T08:05:00.000Z',
  issued_at: '2026-11-20T08:05:07.000Z',
  retention_until: null,
  pdf: null,
  // Every document answer lists its attachments (none here); the files section reads them.
  attachments: {},
} as unknown as ApiDocument;

const item = (n: number, fields: Partial<DocumentHistoryItem>): DocumentHistoryItem => ({
  id: String(n),
  action: 'create',
  action_display: 'Δημιουργία',
  timestamp: `2026-11-20T08:0${n}:00.000Z`,
  actor: 'owner',
  actor_display_name: 'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ',
  ...fields,
});

function mockPage(history: Response | DocumentHistoryItem[]) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get(`/api/citizen-declarations/${REF}`, () =>
      HttpResponse.json({ data: { document: DOCUMENT } }),
    ),
    http.get(`/api/citizen-declarations/${REF}/access-log`, () =>
      HttpResponse.json({ data: [], meta: { count: 0, limit: 10, offset: 0, total_pages: 0 } }),
    ),
    http.get(`/api/my-declarations/${ID}/history`, ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      if (history instanceof Response) return history;
      return HttpResponse.json({
        data: history,
        meta: { count: history.length, limit: 20, offset: 0, total_pages: 1 },
      });
    }),
  );
  return asked;
}

describe('the history tab of a vault document', () => {
  it('lists the document’s life oldest first, with times and who, the public body by name', async () => {
    const asked = mockPage([
      item(1, {}),
      item(2, { action: 'issued', action_display: 'Έκδοση' }),
      item(3, {
        action: 'reply',
        action_display: 'Απάντηση φορέα',
        actor: 'entity',
        actor_display_name: 'Δήμος Αθηναίων',
      }),
      item(4, {
        action: 'pdf_created',
        action_display: 'Δημιουργία PDF',
        actor: 'system',
        actor_display_name: undefined,
      }),
    ]);
    const { user } = renderApp(`/vault/show/${REF}`, { config: CONFIG });
    const tabs = await screen.findByRole('tablist', { name: 'Καταγραφές του εγγράφου' });
    const accessTab = within(tabs).getByRole('tab', { name: 'Ποιος το είδε' });
    const historyTab = within(tabs).getByRole('tab', { name: 'Ιστορικό' });
    expect(accessTab.getAttribute('aria-selected')).toBe('true');
    // The history is asked for only when its tab opens.
    expect(asked).toHaveLength(0);

    await user.click(historyTab);
    expect(historyTab.getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel', { name: 'Ιστορικό' });
    const region = await within(panel).findByRole('region', { name: 'Ιστορικό του εγγράφου' });
    const rows = await within(region).findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Δημιουργία'),
      expect.stringContaining('Έκδοση'),
      expect.stringContaining('Απάντηση φορέα'),
      expect.stringContaining('Δημιουργία PDF'),
    ]);
    expect(rows[0]?.textContent).toContain('Από: Εσείς');
    expect(rows[2]?.textContent).toContain('Από: Δήμος Αθηναίων');
    expect(rows[3]?.textContent).toContain('Από: Η υπηρεσία');
    // Times in the interface's language, Athens time, with the machine-readable instant.
    const time = rows[0]?.querySelector('time');
    expect(time?.getAttribute('dateTime')).toBe('2026-11-20T08:01:00.000Z');
    expect(time?.textContent).toContain('2026');
    expect(time?.textContent).toMatch(/Νοεμβρίου/);
    expect(time?.textContent).toContain('10:01');
    expect(within(region).getByText('4 καταγραφές, από την παλαιότερη.')).toBeTruthy();
    expect(asked[0]?.get('limit')).toBe('20');
    expect(asked[0]?.get('offset')).toBe('0');
  });

  it('moves between the tabs with the arrow keys', async () => {
    mockPage([item(1, {})]);
    const { user } = renderApp(`/vault/show/${REF}`, { config: CONFIG });
    const accessTab = await screen.findByRole('tab', { name: 'Ποιος το είδε' });
    accessTab.focus();
    await user.keyboard('{ArrowRight}');
    const historyTab = screen.getByRole('tab', { name: 'Ιστορικό' });
    expect(document.activeElement).toBe(historyTab);
    expect(historyTab.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('1 καταγραφή, από την παλαιότερη.')).toBeTruthy();
  });

  it('says quietly when the server has no history for the document (404)', async () => {
    mockPage(
      HttpResponse.json(
        { error: { code: 'document_api__declaration_not_found', message: 'x' } },
        { status: 404 },
      ),
    );
    const { user } = renderApp(`/vault/show/${REF}`, { config: CONFIG });
    await user.click(await screen.findByRole('tab', { name: 'Ιστορικό' }));
    await waitFor(() =>
      expect(screen.getByText('Το ιστορικό αυτού του εγγράφου δεν είναι διαθέσιμο.')).toBeTruthy(),
    );
  });
});
