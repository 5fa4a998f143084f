import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  confirmWithSmsCode,
  hasHorizontalScroll,
  loginWithBank,
  newPage,
  screenshot,
  seriousAccessibilityViolations,
  useAppAndBrowser,
} from './harness';

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const stepUrl = (step: string) => new RegExp(`/issue/[^/]+/${step}$`);

describe('from the cause of use to an issued document, on a phone', () => {
  const ctx = useAppAndBrowser();

  it('walks /q/start → issue → template code → login → the wizard → the SMS code, at 360 px', async () => {
    const { context, page, consoleErrors } = await newPage(ctx.browser, {
      width: 360,
      height: 780,
    });
    const base = ctx.app.baseUrl;

    await page.goto(`${base}/q/start`);
    await expect.poll(() => h1(page).textContent()).toBe('Τι θέλετε να κάνετε;');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, 'cause-of-use-360-el');
    await page.getByRole('radio', { name: 'Να εκδώσω ένα έγγραφο' }).check();
    await page.getByRole('button', { name: 'Συνέχεια' }).click();

    // The type screen counts the documents of each type; the code is another way in.
    await page.waitForURL(/\/create\/type$/);
    await expect.poll(() => page.getByText(/\(\d+ έγγραφ[οα]\)/).count()).toBe(3);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Εισαγωγή κωδικού υποδείγματος' }).click();

    await page.waitForURL(/\/create\/code$/);
    await page.getByRole('textbox', { name: 'Κωδικός υποδείγματος' }).fill('NOPE1');
    await page.getByRole('button', { name: 'Συνέχεια' }).click();
    await expect
      .poll(() => page.getByText('Δεν βρέθηκε υπόδειγμα με τον κωδικό «NOPE1»').first().isVisible())
      .toBe(true);
    await page.getByRole('textbox', { name: 'Κωδικός υποδείγματος' }).fill('yd1');
    await page.getByRole('button', { name: 'Συνέχεια' }).click();

    await page.waitForURL(/\/templates\/solemn-declaration$/);
    await expect.poll(() => h1(page).textContent()).toContain('(άρθρο 8 Ν.1599/1986)');
    await page.getByRole('link', { name: 'Έναρξη' }).click();
    await page.waitForURL(/\/login\?/);
    await loginWithBank(page);

    await page.waitForURL(stepUrl('fields'));
    await page
      .getByRole('textbox', { name: /Κείμενο δήλωσης/ })
      .fill('Δηλώνω ότι ξεκίνησα από την αρχή της υπηρεσίας.');
    await page.getByRole('button', { name: 'Συνέχεια' }).click();
    await page.waitForURL(stepUrl('recipient'));
    await page.getByRole('searchbox', { name: 'Αναζήτηση φορέα' }).fill('Αθην');
    await page.getByRole('radio', { name: 'Δήμος Αθηναίων' }).check();
    await page.getByRole('button', { name: 'Συνέχεια' }).click();
    await page.waitForURL(stepUrl('preview'));
    await page.getByRole('button', { name: 'Υποβολή' }).click();
    await page.waitForURL(stepUrl('confirm'));
    expect(await hasHorizontalScroll(page)).toBe(false);
    await confirmWithSmsCode(page, base);
    // The done page names the document by its reference code.
    await expect
      .poll(async () => (await page.locator('.dilosi-done-panel').textContent()) ?? '')
      .toMatch(/Κωδικός επαλήθευσης: [0-9A-Z]{4,}/);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, 'cause-of-use-done-360-el');

    // The unknown code's 404 is the page's own answer, not a failure.
    expect(consoleErrors.filter((error) => !/HTTP 404 .*\/api\/templates/.test(error))).toEqual([]);
    await context.close();
  });
});
