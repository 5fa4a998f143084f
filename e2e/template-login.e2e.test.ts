import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, readOutbox, screenshot, useAppAndBrowser } from './harness';

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const stepUrl = (step: string) => new RegExp(`/issue/[^/]+/${step}$`);

// The API tests' templates of issue #37: one with its own login (web banking), one with step-up.
const TEMPLATES_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../packages/server/test/fixtures/login-templates',
);

/** Issue #37: a template's own login endpoint, and a step-up in the middle of the wizard. */
describe('per-template login and step-up', () => {
  const ctx = useAppAndBrowser({ TEMPLATES_DIR });

  it('a template with its own login goes straight there; a step-up asks for an SMS code mid-wizard', async () => {
    const { context, page } = await newPage(ctx.browser);
    const base = ctx.app.baseUrl;
    const loginStarts: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/login' || url.pathname.startsWith('/idp/auth')) {
        loginStarts.push(url.pathname + url.search);
      }
    });

    await page.goto(`${base}/templates/test-bank-login`);
    await expect.poll(() => h1(page).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Έναρξη' }).click();
    // No choice of login: the template's own (web banking) at once.
    await page.getByRole('button', { name: /ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ/ }).click();
    await page.waitForURL(stepUrl('form'), { timeout: 30_000 });
    expect(loginStarts.some((url) => url.startsWith('/api/login?provider=bank'))).toBe(true);
    expect(loginStarts.some((url) => /client_id=dilosi-bank\b/.test(url))).toBe(true);
    expect(loginStarts.some((url) => /client_id=dilosi-gsis\b/.test(url))).toBe(false);

    // A template marked step_up: the step waits for a fresh SMS code, then goes on.
    await page.goto(`${base}/templates/test-step-up`);
    await expect.poll(() => h1(page).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Έναρξη' }).click();
    await page.waitForURL(stepUrl('form'), { timeout: 30_000 });
    await page.getByRole('textbox', { name: /Δηλώνω ότι/ }).fill('ελέγχω τον δεύτερο παράγοντα');
    await page.getByRole('button', { name: 'Συνέχεια' }).click();
    await page.getByRole('button', { name: 'Αποστολή κωδικού' }).click();
    await expect.poll(() => page.getByText(/Ο κωδικός στάλθηκε στο 69/).isVisible()).toBe(true);
    const sms = (await readOutbox(base, { channel: 'sms' })).find(
      (message) => message.message_key === 'otp_sms' && message.document_id === null,
    );
    const code = /\b(\d{6})\b/.exec(sms?.body ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await page.getByRole('textbox', { name: /Κωδικός επιβεβαίωσης/ }).fill(code ?? '');
    await screenshot(page, 'step-up-code');
    await page.getByRole('button', { name: 'Επιβεβαίωση' }).click();
    await page.waitForURL(stepUrl('preview'), { timeout: 30_000 });
    await context.close();
  });
});
