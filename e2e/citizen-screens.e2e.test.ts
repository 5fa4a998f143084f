import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  hasHorizontalScroll,
  loginWithBank,
  newPage,
  screenshot,
  seriousAccessibilityViolations,
  useAppAndBrowser,
} from './harness';

/**
 * The citizen's screens around finding and starting a document (issue #38), looked at in every
 * language at desktop and phone widths: /q/start, the template type, the template code, the
 * identity confirmation and a wizard step opened by its address. Each passes axe (WCAG 2.1 AA)
 * and fits a 360 px screen; the screenshots go to test-results/citizen-*.png.
 */

const IDENTITY_TITLE = {
  el: 'Επιβεβαίωση στοιχείων',
  en: 'Confirm your details',
  fr: 'Confirmez vos données',
};
const CORRECT = {
  el: 'Ναι, είναι σωστά',
  en: 'Yes, they are correct',
  fr: 'Oui, elles sont exactes',
};
const CONTINUE = { el: 'Συνέχεια', en: 'Continue', fr: 'Continuer' };

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

describe('the citizen screens of issue #38 in el, en and fr, at 1280 and 360 px', () => {
  const ctx = useAppAndBrowser();

  for (const locale of ['el', 'en', 'fr'] as const) {
    for (const width of [1280, 360] as const) {
      it(`${locale} at ${width} px: each screen passes axe and fits`, async () => {
        const base = ctx.app.baseUrl;
        const { context, page, consoleErrors } = await newPage(ctx.browser, {
          width,
          height: 900,
          locale: { el: 'el-GR', en: 'en-GB', fr: 'fr-FR' }[locale],
        });
        await context.addInitScript(
          (lang) => window.localStorage.setItem('dilosi.lang', lang),
          locale,
        );
        const look = async (name: string) => {
          await expect.poll(() => h1(page).isVisible()).toBe(true);
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
          expect(await seriousAccessibilityViolations(page)).toEqual([]);
          if (width === 360) expect(await hasHorizontalScroll(page)).toBe(false);
          await screenshot(page, `citizen-${name}-${width}-${locale}`);
        };

        await page.goto(`${base}/q/start`);
        await look('q-start');

        await page.goto(`${base}/create/type`);
        await expect.poll(() => page.locator('.dilosi-type-count').count()).toBe(3);
        await look('template-type');

        await page.goto(`${base}/create/code`);
        await look('template-code');

        // The identity step asks for a login first and comes back to it.
        await page.goto(`${base}/templates/id-loss-declaration/identity`);
        await page.waitForURL(/\/login\?/);
        await loginWithBank(page);
        await page.waitForURL(/\/templates\/id-loss-declaration\/identity$/);
        await expect.poll(() => h1(page).textContent()).toBe(IDENTITY_TITLE[locale]);
        await expect
          .poll(() => page.locator('.dilosi-identity-list').textContent())
          .toContain('ΠΑΠΑΔΟΠΟΥΛΟΥ');
        await look('identity');

        await page.getByRole('radio', { name: CORRECT[locale] }).check();
        await page.getByRole('button', { name: CONTINUE[locale] }).click();
        await page.waitForURL(/\/issue\/[^/]+\/[^/]+$/);
        const stepUrl = page.url();

        // Opened again by its address (a reload), the wizard keeps the step.
        await page.goto(stepUrl);
        await expect.poll(() => page.locator('.dilosi-wizard').count()).toBe(1);
        expect(page.url()).toBe(stepUrl);
        await look('wizard-step');

        expect(consoleErrors).toEqual([]);
        await context.close();
      });
    }
  }
});
