import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  hasHorizontalScroll,
  loginAsStaff,
  newPage,
  screenshot,
  seriousAccessibilityViolations,
  useAppAndBrowser,
} from './harness';

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const stepUrl = (step: string) => new RegExp(`/issue/[^/]+/${step}$`);
const KEP_OFFICER = /ΕΥΑΓΓΕΛΙΑ ΣΤΑΥΡΟΥ/;

/**
 * Issue #37: an anonymous person at phone width takes her complaint to a KEP; the officer, in a
 * second browser context, looks up her code, checks her identity and confirms; the person's page
 * then shows the issued document.
 */
describe('in-person confirmation at a KEP', () => {
  const ctx = useAppAndBrowser();

  it('is confirmed by a KEP officer in another context and shown issued to the person', async () => {
    const { baseUrl } = ctx.app;
    const person = await newPage(ctx.browser, { width: 360, height: 740 });
    const page = person.page;
    await page.goto(`${baseUrl}/templates/anonymous-complaint`);
    await expect.poll(() => h1(page).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Έναρξη' }).click();
    await page.waitForURL(/provider=anon|\/idp\//);
    await page.getByRole('button', { name: /Συνέχεια ανώνυμα/ }).click();
    await page.waitForURL(stepUrl('complaint'), { timeout: 30_000 });
    await page.getByRole('radio').first().check();
    await page.getByRole('textbox', { name: /Υπηρεσία που αφορά/ }).fill('Δημοτική υπηρεσία');
    await page.getByRole('textbox', { name: /Περιγραφή/ }).fill('Περιγραφή του περιστατικού.');
    await page.getByRole('button', { name: 'Συνέχεια' }).click();
    await page.waitForURL(stepUrl('recipient'));
    await page.getByRole('searchbox', { name: 'Αναζήτηση φορέα' }).fill('Αθην');
    await page.getByRole('radio', { name: 'Δήμος Αθηναίων' }).check();
    await page.getByRole('button', { name: 'Συνέχεια' }).click();
    await page.waitForURL(stepUrl('preview'));

    await page.getByRole('button', { name: 'Λήψη κωδικού για ΚΕΠ' }).click();
    const code = page.getByTestId('kep-code');
    await expect.poll(() => code.isVisible(), { timeout: 15_000 }).toBe(true);
    const typed = (await code.textContent()) ?? '';
    expect(typed).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'kep-code-360');

    // The officer, in her own browser context.
    const desk = await newPage(ctx.browser, { width: 1280, height: 900 });
    const officer = desk.page;
    await loginAsStaff(officer, baseUrl, KEP_OFFICER);
    await officer
      .getByRole('link', { name: /ΚΕΠ Δήμου Αθηναίων/ })
      .first()
      .click();
    await officer.waitForURL(/\/kep$/);
    await officer.getByRole('textbox', { name: /Κωδικός/ }).fill(typed.toLowerCase());
    await officer.getByRole('button', { name: 'Αναζήτηση' }).click();
    await expect.poll(() => officer.getByText('Δημοτική υπηρεσία').first().isVisible()).toBe(true);
    await officer.getByRole('radio', { name: 'Αστυνομική ταυτότητα' }).check();
    await officer.getByRole('textbox', { name: /Αριθμός αποδεικτικού/ }).fill('ΑΚ123456');
    expect(await seriousAccessibilityViolations(officer)).toEqual([]);
    await screenshot(officer, 'kep-officer-1280');
    await officer.getByRole('button', { name: 'Επιβεβαίωση και έκδοση' }).click();
    await expect
      .poll(() => officer.getByText(/Το έγγραφο εκδόθηκε με κωδικό/).isVisible(), {
        timeout: 30_000,
      })
      .toBe(true);
    await desk.context.close();

    // The person's page notices and shows the issued document.
    await page.waitForURL(/\/dilosi\/[^/]+\/done$/, { timeout: 30_000 });
    await expect.poll(() => page.getByRole('button', { name: 'Λήψη PDF' }).isVisible()).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, 'kep-done-360');
    await person.context.close();
  });
});
