import { describe, expect, it } from 'vitest';
import { focusedElement, newPage, useAppAndBrowser } from './harness';

const PUBLIC_PAGES = ['/', '/login', '/create/search', '/validate/default', '/terms'];

// Before any page script: record CSP violations and every layout shift not caused by input.
const WATCH = `
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__cspViolations.push(event.violatedDirective + ' ' + (event.blockedURI || ''));
  });
  window.__cls = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.hadRecentInput) window.__cls += entry.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

type Watched = { __cspViolations: string[]; __cls: number };

describe('public pages in Chromium', () => {
  const ctx = useAppAndBrowser();

  for (const width of [360, 1280]) {
    it.each(PUBLIC_PAGES)(`%s at ${width} px: no CSP report, CLS below 0.1`, async (path) => {
      const { context, page } = await newPage(ctx.browser, { width, height: 800 });
      await page.addInitScript(WATCH);
      await page.goto(`${ctx.app.baseUrl}${path}`, { waitUntil: 'networkidle' });
      await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
      // Let late fonts and images settle before reading the sum.
      await page.waitForTimeout(500);
      const watched = await page.evaluate(() => {
        const w = window as unknown as Watched;
        return { csp: w.__cspViolations, cls: w.__cls };
      });
      expect(watched.csp).toEqual([]);
      expect(watched.cls).toBeLessThan(0.1);
      await context.close();
    });
  }

  it.each(PUBLIC_PAGES)(
    '%s: the skip link is the first tab stop and leads to the content',
    async (path) => {
      const { context, page } = await newPage(ctx.browser);
      await page.goto(`${ctx.app.baseUrl}${path}`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
      await page.keyboard.press('Tab');
      expect(await focusedElement(page)).toEqual({
        tag: 'A',
        text: 'Μετάβαση στο κύριο περιεχόμενο',
      });
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');
      await context.close();
    },
  );

  it('describes each page in the reader’s language', async () => {
    const { context, page } = await newPage(ctx.browser);
    const description = () => page.locator('meta[name="description"]').getAttribute('content');
    await page.goto(`${ctx.app.baseUrl}/validate/default`);
    await expect.poll(description).toMatch(/^Ελέγξτε αν ένα έγγραφο εκδόθηκε/);
    await page.goto(`${ctx.app.baseUrl}/login`);
    await expect.poll(description).toMatch(/^Συνδεθείτε με τους κωδικούς/);
    await page.getByRole('combobox', { name: 'Γλώσσα' }).selectOption('en');
    await expect.poll(description).toMatch(/^Log in with your Taxisnet/);
    await page.goto(`${ctx.app.baseUrl}/terms`);
    await expect.poll(description).toMatch(/^The terms of use/);
    expect(await page.locator('meta[name="description"]').count()).toBe(1);
    await context.close();
  });
});
