import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasHorizontalScroll, newPage, screenshot, useAppAndBrowser } from './harness';

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const stepUrl = (step: string) => new RegExp(`/issue/[^/]+/${step}$`);

/** Issue #37: anonymous use, at phone width. */
describe('anonymous use', () => {
  const ctx = useAppAndBrowser();

  it('solves the ALTCHA captcha, issues the document, offers only its PDF, and is kept out of /my', async () => {
    const { context, page } = await newPage(ctx.browser, { width: 360, height: 740 });
    await page.goto(`${ctx.app.baseUrl}/templates/anonymous-complaint`);
    await expect.poll(() => h1(page).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Έναρξη' }).click();
    await page.waitForURL(/provider=anon|\/idp\//);
    await page.getByRole('button', { name: /Συνέχεια ανώνυμα/ }).click();

    // The altcha widget solves its challenge on its own; the document is created after it.
    await page.waitForURL(stepUrl('complaint'), { timeout: 30_000 });
    await expect.poll(() => h1(page).isVisible()).toBe(true);
    // No user menu, no vault link for an anonymous session.
    expect(await page.getByRole('banner').getByRole('navigation').count()).toBe(0);

    await page.getByRole('radio').first().check();
    await page.getByRole('textbox', { name: /Υπηρεσία που αφορά/ }).fill('Δημοτική υπηρεσία');
    await page.getByRole('textbox', { name: /Περιγραφή/ }).fill('Περιγραφή του περιστατικού.');
    await page.getByRole('button', { name: 'Συνέχεια' }).click();
    await page.waitForURL(stepUrl('recipient'));
    await page.getByRole('searchbox', { name: 'Αναζήτηση φορέα' }).fill('Αθην');
    await page.getByRole('radio', { name: 'Δήμος Αθηναίων' }).check();
    await page.getByRole('button', { name: 'Συνέχεια' }).click();
    await page.waitForURL(stepUrl('preview'));
    await page.getByRole('button', { name: 'Υποβολή' }).click();

    await page.waitForURL(/\/dilosi\/[^/]+\/done$/, { timeout: 30_000 });
    await expect.poll(() => page.getByRole('button', { name: 'Λήψη PDF' }).isVisible()).toBe(true);
    for (const name of ['Αποστολή με email', 'Αποστολή με SMS', 'Κοινοποίηση', 'Ανάκληση']) {
      expect(await page.getByRole('button', { name }).count()).toBe(0);
    }
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, 'anonymous-done-360');

    // /my is not for an anonymous session: refused, it logs out and authenticates again.
    await page.goto(`${ctx.app.baseUrl}/my`);
    await page.waitForURL(/\/login\?next=%2Fmy/, { timeout: 30_000 });
    await screenshot(page, 'anonymous-my-refused-360');
    await context.close();
  });
});
