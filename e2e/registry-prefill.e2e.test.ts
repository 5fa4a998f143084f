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
 * Issue #36: a step that fetches from a registry which takes three seconds to answer. The
 * built-in registry simulator is slowed down (`REGISTRY_SIM_DELAY_MS`); the wizard says what it
 * fetches from which registry while it waits, then fills the fields and says where they came from.
 */
const DELAY_MS = 3_000;

const field = (page: Page, name: RegExp) => page.getByRole('textbox', { name });

describe('a registry that answers in three seconds', () => {
  const ctx = useAppAndBrowser({ REGISTRY_SIM_DELAY_MS: String(DELAY_MS) });

  it('shows what it fetches while it waits, then the data and its source', async () => {
    const { context, page } = await newPage(ctx.browser, { width: 360, height: 740 });
    await page.goto(`${ctx.app.baseUrl}/templates/fuel-pass`);
    await page.getByRole('link', { name: 'Έναρξη' }).click();
    await loginWithBank(page);
    await page.waitForURL(/\/issue\/[^/]+\/application$/);
    const startedAt = Date.now();

    // While the registry is silent: the progress, named by field and registry, read out politely.
    const progress = page.getByRole('status').filter({ hasText: 'Ανακτούμε στοιχεία σας' });
    await progress.waitFor();
    await expect.poll(() => progress.textContent()).toMatch(/πηγή: μητρώο οχημάτων/);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'registry-prefill-pending-360-el');

    // Then the citizen's vehicle from the vehicle registry, and where it came from.
    await expect
      .poll(() => field(page, /Μάρκα/).inputValue(), { timeout: DELAY_MS * 5 })
      .toBe('TOYOTA');
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(DELAY_MS - 500);
    expect(await field(page, /Μοντέλο/).inputValue()).toBe('YARIS');
    expect(await field(page, /Αριθμός κυκλοφορίας/).inputValue()).toBe('ΙΚΧ1234');
    await expect.poll(() => progress.count()).toBe(0);
    await expect.poll(() => page.getByText(/— πηγή: μητρώο οχημάτων/).isVisible()).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'registry-prefill-done-360-el');
    await context.close();
  });
});
