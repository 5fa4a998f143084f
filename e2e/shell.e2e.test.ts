import { describe, expect, it } from 'vitest';
import {
  hasHorizontalScroll,
  newPage,
  screenshot,
  seriousAccessibilityViolations,
  useAppAndBrowser,
} from './harness';

describe('web shell in Chromium', () => {
  const ctx = useAppAndBrowser();

  it('renders the home page in Greek by default, accessibly', async () => {
    const { context, page, consoleErrors } = await newPage(ctx.browser);
    await page.goto(`${ctx.app.baseUrl}/`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.textContent()).toBe('Υπεύθυνη Δήλωση και Εξουσιοδότηση');
    expect(await page.getAttribute('html', 'lang')).toBe('el');
    await expect.poll(() => page.getByText('TEST', { exact: true }).first().isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Όροι χρήσης' }).first().getAttribute('href')).toBe(
      '/terms',
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'home-el-desktop');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('switches to English, and the choice survives a reload', async () => {
    const { context, page } = await newPage(ctx.browser);
    await page.goto(`${ctx.app.baseUrl}/`);
    await page.getByRole('combobox', { name: 'Γλώσσα' }).selectOption('en');
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.textContent()).toBe('Solemn Declaration and Authorisation');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.reload();
    await expect.poll(() => heading.textContent()).toBe('Solemn Declaration and Authorisation');
    expect(await page.getByRole('combobox', { name: 'Language' }).inputValue()).toBe('en');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'home-en-desktop');
    await context.close();
  });

  it('hides the cookie banner once accepted, also after a reload', async () => {
    const { context, page } = await newPage(ctx.browser);
    await page.goto(`${ctx.app.baseUrl}/terms`);
    const banner = page.getByRole('region', { name: 'Cookies σε αυτή την υπηρεσία' });
    await expect.poll(() => banner.isVisible()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await banner.getByRole('button', { name: 'Αποδοχή' }).click();
    await expect.poll(() => banner.count()).toBe(0);
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    expect(await banner.count()).toBe(0);
    await context.close();
  });

  it('shows not-found for an unknown route, accessibly', async () => {
    const { context, page } = await newPage(ctx.browser);
    await page.goto(`${ctx.app.baseUrl}/no/such/page`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Η σελίδα δεν βρέθηκε');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await context.close();
  });

  it('shows the terms of use v1.1.0 and an unknown content page as not-found', async () => {
    const { context, page } = await newPage(ctx.browser);
    await page.goto(`${ctx.app.baseUrl}/terms`);
    await expect
      .poll(() =>
        page
          .getByText(/1\.1\.0/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await expect
      .poll(() =>
        page
          .getByText(/30 ημέρες/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await page.goto(`${ctx.app.baseUrl}/content/no-such-content`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Η σελίδα δεν βρέθηκε');
    await context.close();
  });

  it('is usable at 360 px wide', async () => {
    const { context, page } = await newPage(ctx.browser, { width: 360, height: 740 });
    await page.goto(`${ctx.app.baseUrl}/`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'home-el-360');
    await context.close();
  });

  it('the login pages fit a 320 px phone in Greek, English and French', async () => {
    // The design system sizes a button to its label: the bank login's ran off the screen.
    for (const lang of ['el', 'en', 'fr']) {
      const { context, page } = await newPage(ctx.browser, { width: 320, height: 740 });
      await context.addInitScript((l) => window.localStorage.setItem('dilosi.lang', l), lang);
      for (const path of ['/login', '/dashboard-login']) {
        await page.goto(`${ctx.app.baseUrl}${path}`);
        await expect.poll(() => page.locator('.dilosi-login-choice').count()).toBeGreaterThan(0);
        expect(await page.getAttribute('html', 'lang')).toBe(lang);
        expect({ lang, path, overflow: await hasHorizontalScroll(page) }).toEqual({
          lang,
          path,
          overflow: false,
        });
      }
      await context.close();
    }
  });
});

describe('configuration reaches the browser', () => {
  const ctx = useAppAndBrowser({
    DASHBOARD_ENABLED: 'false',
    LANDING_PAGE_URL: 'https://landing.example.gr/',
  });

  it('hides a route group whose feature flag is off', async () => {
    const { context, page } = await newPage(ctx.browser);
    await page.goto(`${ctx.app.baseUrl}/dashboard/entities/list`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Η σελίδα δεν βρέθηκε');
    await context.close();
  });

  it('redirects / to the configured landing page', async () => {
    const { context, page } = await newPage(ctx.browser);
    await context.route('https://landing.example.gr/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Landing</title>' }),
    );
    await page.goto(`${ctx.app.baseUrl}/`);
    await page.waitForURL('https://landing.example.gr/');
    expect(await page.title()).toBe('Landing');
    await context.close();
  });
});
