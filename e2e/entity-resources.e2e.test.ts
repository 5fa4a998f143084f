import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  hasHorizontalScroll,
  loginAsStaff,
  loginWithBank,
  newPage,
  screenshot,
  seriousAccessibilityViolations,
  useAppAndBrowser,
} from './harness';

/**
 * An entity's resources reach citizens (issue #39): a head writes a notice in the admin list
 * page and a citizen reads it on the page of the entity's template; the template permissions
 * list at 1280 and 360 px.
 */
const HEAD = /ΚΩΝΣΤΑΝΤΙΝΟΣ ΙΩΑΝΝΙΔΗΣ/;
const TEMPLATE = 'water-social-tariff-application';
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** The head of Athens, on one of Athens' resources. */
async function openResource(page: Page, baseUrl: string, link: string) {
  await loginAsStaff(page, baseUrl, HEAD);
  await page
    .getByRole('link', { name: /Δήμος Αθηναίων/ })
    .first()
    .click();
  await page.waitForURL(/\/inbox\/list\/all$/);
  const nav = page.getByRole('navigation', { name: 'Χώρος εργασίας' });
  await nav.getByRole('link', { name: 'Πόροι του φορέα' }).click();
  await page.waitForURL(/\/resource\/notifications$/);
  if (link !== 'Ειδοποιήσεις') {
    await page
      .getByRole('navigation', { name: 'Πόροι του φορέα' })
      .getByRole('link', { name: link })
      .click();
  }
  await expect.poll(() => h1(page).textContent()).toBe(link);
}

describe('entity resources seen by citizens', () => {
  const ctx = useAppAndBrowser();

  it('a head creates and edits a notification; a citizen sees it on the template page', async () => {
    const { baseUrl } = ctx.app;
    const head = await newPage(ctx.browser);
    await openResource(head.page, baseUrl, 'Ειδοποιήσεις');
    const table = head.page.getByRole('table');
    // Each try writes its own notice: a retry runs on the same app, beside the first try's rows.
    const tag = `(${Date.now().toString(36)})`;
    const friday = `Το δημαρχείο είναι κλειστό την Παρασκευή ${tag}.`;
    const monday = `Το δημαρχείο είναι κλειστό τη Δευτέρα ${tag}.`;
    const actionsOf = (text: string) =>
      table
        .getByRole('row')
        .filter({ hasText: text })
        .getByRole('button', { name: /^Ενέργειες για τη γραμμή/ });
    await head.page.getByRole('button', { name: 'Νέα ειδοποίηση' }).click();
    await head.page.getByLabel('Μήνυμα').fill(friday);
    await head.page.getByRole('button', { name: 'Αποθήκευση' }).click();
    await expect.poll(() => table.textContent()).toContain(friday);
    await actionsOf(friday).click();
    await head.page.getByRole('button', { name: 'Επεξεργασία' }).click();
    await head.page.getByLabel('Μήνυμα').fill(monday);
    await head.page.getByRole('button', { name: 'Αποθήκευση' }).click();
    await expect.poll(() => table.textContent()).toContain(monday);

    const citizen = await newPage(ctx.browser);
    const { page } = citizen;
    const notices = page.getByRole('region', { name: 'Ανακοινώσεις του φορέα' });
    await page.goto(`${baseUrl}/templates/${TEMPLATE}`);
    await expect.poll(() => h1(page).textContent()).toContain('κοινωνικό τιμολόγιο ύδρευσης');
    await expect.poll(() => notices.textContent()).toContain(monday);
    expect(await notices.textContent()).not.toContain(friday);
    // Signed in, the citizen sees it too.
    await page.getByRole('link', { name: 'Έναρξη' }).click();
    await page.waitForURL(/\/login\?/);
    await loginWithBank(page);
    await page.waitForURL(/\/issue\//);
    await page.goto(`${baseUrl}/templates/${TEMPLATE}`);
    await expect.poll(() => notices.textContent()).toContain(monday);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'template-notices-1280-el');

    // Deactivated, it is gone from the template page.
    await actionsOf(monday).click();
    await head.page.getByRole('button', { name: 'Απενεργοποίηση' }).click();
    await expect
      .poll(() => table.getByRole('row').filter({ hasText: monday }).textContent())
      .toContain('Όχι');
    await page.reload();
    await expect.poll(() => h1(page).textContent()).toContain('κοινωνικό τιμολόγιο ύδρευσης');
    expect(await page.getByText(monday).count()).toBe(0);
    expect([...head.consoleErrors, ...citizen.consoleErrors]).toEqual([]);
  });

  it('the template permissions list at 1280 and 360 px', async () => {
    const { baseUrl } = ctx.app;
    const { page, consoleErrors } = await newPage(ctx.browser);
    await openResource(page, baseUrl, 'Δικαιώματα προτύπων');
    const table = page.getByRole('table');
    await expect.poll(() => table.textContent()).toContain('entity-certificate');
    expect(await page.getByRole('columnheader').allTextContents()).toEqual([
      'Πρότυπο',
      'Τίτλος',
      'Χρήση',
      'Δόθηκε',
      'Ενέργειες',
    ]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'template-permissions-1280-el');

    // Revoke the certificate, then grant it back through the choice form.
    await page.getByRole('button', { name: 'Ενέργειες για τη γραμμή 2' }).click();
    await page.getByRole('button', { name: 'Ανάκληση' }).click();
    await expect.poll(() => table.textContent()).not.toContain('entity-certificate');
    await page.getByRole('button', { name: 'Νέο δικαίωμα προτύπου' }).click();
    const form = page.getByRole('form', { name: 'Νέο δικαίωμα προτύπου' });
    await form.getByLabel('Πρότυπο').selectOption('entity-certificate');
    await form.getByLabel('Χρήση').selectOption('issue');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'template-permissions-grant-1280-el');
    await form.getByRole('button', { name: 'Αποθήκευση' }).click();
    await expect.poll(() => table.textContent()).toContain('entity-certificate');
    expect(await table.textContent()).toContain('Έκδοση');

    await page.setViewportSize({ width: 360, height: 800 });
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'template-permissions-360-el');

    // In English and French: the list's labels and the uses' names follow the language.
    for (const [locale, language, title, use] of [
      ['en', 'Γλώσσα', 'Template permissions', 'Issue'],
      ['fr', 'Language', 'Droits sur les modèles', 'Émission'],
    ] as const) {
      await page.getByRole('combobox', { name: language }).selectOption(locale);
      await expect.poll(() => h1(page).textContent()).toBe(title);
      await expect.poll(() => table.textContent()).toContain(use);
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 });
        expect(await hasHorizontalScroll(page)).toBe(false);
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        await screenshot(page, `template-permissions-${width}-${locale}`);
      }
    }
    expect(consoleErrors).toEqual([]);
  });
});
