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

/**
 * The dashboard workspace (issue #39): full-width pages with the sidebar, which becomes a menu
 * on a phone, and the head's notifications through the generic admin list page.
 */
const HEAD = /ΚΩΝΣΤΑΝΤΙΝΟΣ ΙΩΑΝΝΙΔΗΣ/;
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** From the entity list into Athens: the entity landing follows the gate layout. */
async function openAthens(page: Page) {
  await page
    .getByRole('link', { name: /Δήμος Αθηναίων|Municipality of Athens|Municipalité d'Athènes/ })
    .first()
    .click();
  await page.waitForURL(/\/inbox\/list\/all$/);
}

describe('the dashboard workspace', () => {
  const ctx = useAppAndBrowser();

  it('a head edits a notification in the admin list page; the workspace at 1280 and 360 px', async () => {
    const { baseUrl } = ctx.app;
    const { page, consoleErrors } = await newPage(ctx.browser);
    await loginAsStaff(page, baseUrl, HEAD);
    await openAthens(page);
    const nav = page.getByRole('navigation', { name: 'Χώρος εργασίας' });
    await expect.poll(() => nav.textContent()).toMatch(/Εισερχόμενες \d+ · Σε εμένα \d+/);
    // Full width: the page beside the sidebar is wider than the old 780 px column.
    // Polled: the workspace's stylesheet comes with its lazy chunk, after the first paint.
    await expect
      .poll(() => page.locator('.dilosi-workspace-page').evaluate((e) => e.clientWidth))
      .toBeGreaterThan(900);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'workspace-inbox-1280-el');

    // The head's notices: create one, then edit it through its row menu.
    await nav.getByRole('link', { name: 'Πόροι του φορέα' }).click();
    await page.waitForURL(/\/resource\/notifications$/);
    await expect.poll(() => h1(page).textContent()).toBe('Ειδοποιήσεις');
    await expect
      .poll(() => page.getByRole('table').textContent())
      .toContain('Δεν υπάρχουν δεδομένα');
    await page.getByRole('button', { name: 'Νέα ειδοποίηση' }).click();
    await page.getByLabel('Μήνυμα').fill('Το δημαρχείο είναι κλειστό την Παρασκευή.');
    await page.getByRole('button', { name: 'Αποθήκευση' }).click();
    await expect
      .poll(() => page.getByRole('table').textContent())
      .toContain('Το δημαρχείο είναι κλειστό την Παρασκευή.');
    await page.getByRole('button', { name: 'Ενέργειες για τη γραμμή 1' }).click();
    await page.getByRole('button', { name: 'Επεξεργασία' }).click();
    await page.getByLabel('Μήνυμα').fill('Το δημαρχείο είναι κλειστό τη Δευτέρα.');
    await page.getByRole('button', { name: 'Αποθήκευση' }).click();
    await expect
      .poll(() => page.getByRole('table').textContent())
      .toContain('Το δημαρχείο είναι κλειστό τη Δευτέρα.');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'workspace-notifications-1280-el');

    // The staff audit, read only.
    await page.getByRole('link', { name: 'Ιστορικό ενεργειών προσωπικού' }).click();
    await expect.poll(() => h1(page).textContent()).toBe('Ιστορικό ενεργειών προσωπικού');
    await expect.poll(() => page.getByRole('row').count()).toBeGreaterThan(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'workspace-audit-1280-el');

    // On a phone the sidebar is a menu behind a button that says whether it is open.
    await page.setViewportSize({ width: 360, height: 800 });
    const toggle = page.getByRole('button', { name: 'Μενού' });
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.getByRole('link', { name: 'Τα αιτήματά μου για πρόσβαση' }).isVisible()).toBe(
      false,
    );
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, 'workspace-audit-360-el');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => document.activeElement?.closest('nav')?.getAttribute('aria-label')),
    ).toBe('Χώρος εργασίας');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'workspace-menu-360-el');
    expect(consoleErrors).toEqual([]);
  });

  for (const [locale, nav, counts, menu, requests] of [
    ['en', 'Workspace', /Incoming \d+ · Mine \d+/, 'Menu', 'My access requests'],
    ['fr', 'Espace de travail', /Entrants \d+ · Les miens \d+/, 'Menu', "Mes demandes d'accès"],
  ] as const) {
    it(`the workspace in ${locale} at 1280 and 360 px`, async () => {
      const { baseUrl } = ctx.app;
      const { page, consoleErrors } = await newPage(ctx.browser);
      await page.goto(`${baseUrl}/terms`);
      await page.getByRole('combobox', { name: 'Γλώσσα' }).selectOption(locale);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);
      await loginAsStaff(page, baseUrl, HEAD);
      await openAthens(page);
      const navigation = page.getByRole('navigation', { name: nav });
      await expect.poll(() => navigation.textContent()).toMatch(counts);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshot(page, `workspace-inbox-1280-${locale}`);
      await page.setViewportSize({ width: 360, height: 800 });
      await page.getByRole('button', { name: menu }).click();
      await expect
        .poll(() => navigation.getByRole('link', { name: requests }).isVisible())
        .toBe(true);
      expect(await hasHorizontalScroll(page)).toBe(false);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshot(page, `workspace-menu-360-${locale}`);
      expect(consoleErrors).toEqual([]);
    });
  }
});
