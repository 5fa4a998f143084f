import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  hasHorizontalScroll,
  newPage,
  screenshot,
  seriousAccessibilityViolations,
  useAppAndBrowser,
} from './harness';

async function loginAsClerk(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/dashboard-login`);
  await page.getByRole('link', { name: 'Σύνδεση με κωδικούς Δημόσιας Διοίκησης' }).click();
  await page.getByRole('button', { name: /ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ/ }).click();
  await page.waitForURL(`${baseUrl}/dashboard/entities/list`);
}

describe('entity dashboard', () => {
  const ctx = useAppAndBrowser();

  it('the clerk finds a demo case, assigns it to herself and adds a note; the history shows both', async () => {
    const { context, page, consoleErrors } = await newPage(ctx.browser);
    await loginAsClerk(page, ctx.app.baseUrl);
    await page.getByRole('link', { name: /Δήμος Αθηναίων|Municipality of Athens/ }).click();
    await page.waitForURL(/\/inbox\/list\/all$/);
    await expect.poll(() => page.getByRole('table').isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Λίστες υποθέσεων' }).textContent())
      .toContain('Όλες (150)');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'dashboard-inbox-1280-el');

    // The incoming tab, filtered; the filters go into the URL.
    await page.getByRole('link', { name: /^Εισερχόμενες/ }).click();
    await page.waitForURL(/\/inbox\/list\/incoming$/);
    await page.getByText('Αναζήτηση', { exact: true }).first().click();
    await page.getByLabel('Ταξινόμηση κατά ημερομηνία').selectOption('received_at');
    const sorted = page.waitForResponse(
      (r) => r.url().includes('/api/entity/') && r.url().includes('ordering=received_at'),
    );
    await page.getByRole('button', { name: 'Αναζήτηση' }).click();
    await page.waitForURL(/ordering=received_at/);
    await sorted;
    await expect
      .poll(() => page.getByRole('columnheader', { name: 'Ημερομηνία' }).getAttribute('aria-sort'))
      .toBe('ascending');

    const firstCase = page.getByRole('table').getByRole('link').nth(1);
    const caseNumber = (await firstCase.textContent()) ?? '';
    await page.getByRole('link', { name: caseNumber, exact: true }).click();
    await page.waitForURL(/\/inbox\/show\/declaration\//);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toContain(caseNumber);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Ανάθεση' }).click();
    await page.getByLabel('Χειριστής').selectOption({ label: 'ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ' });
    await page.getByRole('button', { name: 'Αποθήκευση' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toContain('Σε εκκρεμότητα');

    await page.getByRole('button', { name: 'Σημείωση', exact: true }).click();
    await page.getByRole('button', { name: 'Αποθήκευση' }).click();
    expect(await page.getByRole('alert').first().textContent()).toContain('Συμπληρώστε');
    await page.getByLabel(/Σημείωση \(δεν/).fill('Ελέγχθηκε.');
    await page.getByRole('button', { name: 'Αποθήκευση' }).click();
    await page.getByRole('tab', { name: /Ιστορικό \(4\)/ }).click();
    const history = page.getByRole('tabpanel');
    await expect.poll(() => history.textContent()).toContain('Αυτόματη αλλαγή κατάστασης');
    expect(await history.textContent()).toContain('Σημείωση');
    await screenshot(page, 'dashboard-case-1280-el');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('the list and the case fit a 360 px phone', async () => {
    const { context, page } = await newPage(ctx.browser, {
      width: 360,
      height: 800,
      locale: 'en-GB',
    });
    await loginAsClerk(page, ctx.app.baseUrl);
    await page.getByRole('link', { name: /Δήμος Αθηναίων|Municipality of Athens/ }).click();
    await page.waitForURL(/\/inbox\/list\/all$/);
    await expect.poll(() => page.getByRole('table').isVisible()).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'dashboard-inbox-360');
    await page.getByRole('table').getByRole('link').nth(1).click();
    await page.waitForURL(/\/inbox\/show\/declaration\//);
    await expect.poll(() => page.getByRole('tablist').isVisible()).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'dashboard-case-360');
    await context.close();
  });
});
