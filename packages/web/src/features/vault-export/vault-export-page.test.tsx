import type { VaultExport } from '@dilosi/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, TEST_APP_CONFIG } from '../../testing/render-app';
import { server } from '../../testing/setup';

/** The export page against a mocked API (the server's side is tested for real). */
const CONFIG = {
  ...TEST_APP_CONFIG,
  flags: { ...TEST_APP_CONFIG.flags, CITIZENINBOX_ENABLED: true },
};
const ID = '5e5e5e5e-0000-4000-8000-000000000001';
const URL_OF_ZIP = '/api/vault/exports/download/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV';

const exportOf = (fields: Partial<VaultExport>): VaultExport => ({
  id: ID,
  state: 'queued',
  done: 0,
  total: 2,
  created_at: '2026-11-25T10:00:00.000Z',
  expires_at: null,
  download_url: null,
  ...fields,
});

/** The shell's message poller asks the USER gate; nothing new here. */
const quietMessages = () =>
  http.post('/api/gates/USER/gate/inbox-entries', () =>
    HttpResponse.json({
      data: [],
      meta: { incoming: { next: null }, next: null, counts: { incoming: 0 } },
    }),
  );

describe('the vault export page', () => {
  it('prepares an export, shows its progress in a live region, then the link and its expiry', async () => {
    const answers: (VaultExport | null)[] = [
      null,
      exportOf({ state: 'running', done: 1 }),
      exportOf({
        state: 'ready',
        done: 2,
        expires_at: '2026-11-26T10:00:05.000Z',
        download_url: URL_OF_ZIP,
      }),
    ];
    let reads = 0;
    let posts = 0;
    let downloads = 0;
    server.use(
      quietMessages(),
      http.get('/api/vault/exports/latest', () => {
        const data = answers[Math.min(reads, answers.length - 1)] ?? null;
        reads += 1;
        return HttpResponse.json({ data });
      }),
      http.post('/api/vault/exports', () => {
        posts += 1;
        return HttpResponse.json({ data: exportOf({}) }, { status: 202 });
      }),
      http.get(URL_OF_ZIP, ({ request }) => {
        downloads += 1;
        expect(request.headers.get('authorization')).toBe('Bearer test-session-token');
        return new HttpResponse(new Uint8Array([0x50, 0x4b, 3, 4]), {
          headers: { 'content-type': 'application/zip' },
        });
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:zip');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    const { user } = renderApp('/vault/export', { config: CONFIG });
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Πάρτε τα έγγραφά σας μαζί σας' },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    const status = screen.getByRole('status', { name: 'Κατάσταση της εξαγωγής' });
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(within(status).getByText('Δεν έχετε ζητήσει ακόμη εξαγωγή.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Ετοιμασία της εξαγωγής μου' }));
    expect(
      await within(status).findByText('Η εξαγωγή σας είναι σε αναμονή και θα ξεκινήσει σε λίγο.'),
    ).toBeTruthy();
    expect(posts).toBe(1);
    // While it is being made, a second one cannot be asked for.
    expect(screen.getByRole('button', { name: 'Νέα εξαγωγή' })).toHaveProperty('disabled', true);

    // Polled every 2 s: running, then ready.
    expect(
      await within(status).findByText(
        'Ετοιμάζεται η εξαγωγή σας: 1 από 2 έγγραφα.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    const progress = within(status).getByRole('progressbar', {
      name: 'Ετοιμάζεται η εξαγωγή σας: 1 από 2 έγγραφα.',
    });
    expect(progress.getAttribute('value')).toBe('1');
    expect(
      await within(status).findByText(
        'Η εξαγωγή σας είναι έτοιμη: 2 έγγραφα.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(
      within(status).getByText('Ο σύνδεσμος λήψης ισχύει έως 26/11/2026 12:00:05 (ώρα Ελλάδας).'),
    ).toBeTruthy();
    const readsWhenReady = reads;

    await user.click(screen.getByRole('button', { name: 'Λήψη του αρχείου ZIP' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(downloads).toBe(1);
    expect(createObjectURL).toHaveBeenCalled();
    // A ready export does not change alone: no more polling.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(reads).toBe(readsWhenReady);
    clicked.mockRestore();
  }, 20_000);

  it('says why a second export is refused, in the language of the page', async () => {
    server.use(
      quietMessages(),
      http.get('/api/vault/exports/latest', () =>
        HttpResponse.json({ data: exportOf({ state: 'failed' }) }),
      ),
      http.post('/api/vault/exports', () =>
        HttpResponse.json(
          { error: { code: 'vault_export_running', message: 'running' } },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderApp('/vault/export', { config: CONFIG });
    expect(
      await screen.findByText('Η εξαγωγή σας απέτυχε. Δοκιμάστε ξανά.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Νέα εξαγωγή' }));
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText(
        'Ετοιμάζεται ήδη ένα αρχείο εξαγωγής σας. Περιμένετε να ολοκληρωθεί.',
      ),
    ).toBeTruthy();
  });

  it('tells an expired export apart and offers a new one; an expired link says so', async () => {
    let state: VaultExport = exportOf({
      state: 'ready',
      done: 2,
      expires_at: '2026-11-26T10:00:05.000Z',
      download_url: URL_OF_ZIP,
    });
    server.use(
      quietMessages(),
      http.get('/api/vault/exports/latest', () => HttpResponse.json({ data: state })),
      http.get(URL_OF_ZIP, () => {
        state = exportOf({ state: 'expired', done: 2, expires_at: '2026-11-26T10:00:05.000Z' });
        return HttpResponse.json(
          { error: { code: 'vault_export_expired', message: 'expired' } },
          { status: 410 },
        );
      }),
    );
    const { user } = renderApp('/vault/export', { config: CONFIG });
    await user.click(
      await screen.findByRole('button', { name: 'Λήψη του αρχείου ZIP' }, { timeout: 5000 }),
    );
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('Ο σύνδεσμος λήψης της εξαγωγής έληξε. Ζητήστε νέα εξαγωγή.'),
    ).toBeTruthy();
    expect(
      await screen.findByText(
        'Ο σύνδεσμος της προηγούμενης εξαγωγής σας έληξε στις 26/11/2026 12:00:05. Ζητήστε νέα εξαγωγή.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Λήψη του αρχείου ZIP' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Νέα εξαγωγή' })).toHaveProperty('disabled', false);
  });
});
