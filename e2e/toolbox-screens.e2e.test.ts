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
 * The clerk's toolbox (issue #41) in French, at 1280 and 360 px: the statistics, the bin, the
 * opinions, the spreadsheet exports and a case with its annotations. Each screen is in French
 * (its heading and the document's language), passes axe, fits the width, and is kept as a
 * screenshot in test-results/.
 */
const HEAD = /ΚΩΝΣΤΑΝΤΙΝΟΣ ΙΩΑΝΝΙΔΗΣ/;
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

async function checkScreen(page: Page, name: string, width: number) {
  await screenshot(page, `toolbox-${name}-${width}-fr`);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
  expect(await hasHorizontalScroll(page), `${name} scrolls sideways at ${width} px`).toBe(false);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
}

describe('the toolbox in French', () => {
  const ctx = useAppAndBrowser();

  for (const width of [1280, 360]) {
    it(`${width} px: statistics, bin, opinions, exports and a case's annotations`, async () => {
      const { baseUrl } = ctx.app;
      const { page, context, consoleErrors } = await newPage(ctx.browser, {
        width,
        height: 900,
        locale: 'fr-FR',
      });
      await context.addInitScript(() => window.localStorage.setItem('dilosi.lang', 'fr'));
      await loginAsStaff(page, baseUrl, HEAD);
      await page
        .getByRole('link', { name: /Municipalité d'Athènes/ })
        .first()
        .click();
      await page.waitForURL(/\/inbox\/list\/all$/);
      const entity = page.url().replace(/\/inbox\/list\/all$/, '');

      await page.goto(`${entity}/statistics`);
      await expect.poll(() => h1(page).textContent()).toBe('Statistiques');
      // The charts come with their tables, for screen readers and for a phone.
      await expect.poll(() => page.getByRole('table').count()).toBeGreaterThan(0);
      await checkScreen(page, 'statistics', width);

      await page.goto(`${entity}/bin`);
      await expect.poll(() => h1(page).textContent()).toBe('Corbeille');
      await checkScreen(page, 'bin', width);

      await page.goto(`${entity}/opinions`);
      await expect.poll(() => h1(page).textContent()).toBe('Avis qui nous sont demandés');
      await checkScreen(page, 'opinions', width);

      await page.goto(`${entity}/inbox/list/all`);
      await expect.poll(() => page.getByRole('row').count()).toBeGreaterThan(1);
      await page.getByText('Exporter en tableur (XLSX, ODS)', { exact: true }).click();
      await expect
        .poll(() => page.getByRole('button', { name: /XLSX/ }).first().isVisible())
        .toBe(true);
      await checkScreen(page, 'exports', width);

      await page.getByRole('row').nth(1).getByRole('link').first().click();
      await page.waitForURL(/\/inbox\/show\/declaration\//);
      await expect.poll(() => h1(page).textContent()).toContain(' — ');
      await checkScreen(page, 'case', width);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }
});
