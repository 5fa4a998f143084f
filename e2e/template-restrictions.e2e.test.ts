import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  loginWithBank,
  newPage,
  screenshot,
  seriousAccessibilityViolations,
  useAppAndBrowser,
} from './harness';

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const TEMPLATE = 'certified-translation-declaration';

/** Nikos logs in with Taxisnet; without a certified mobile he declines the mobile question. */
async function loginNikos(page: Page, baseUrl: string, next: string) {
  await page.goto(`${baseUrl}/login?next=${encodeURIComponent(next)}`);
  await page.getByRole('link', { name: 'Σύνδεση με κωδικούς Taxisnet' }).click();
  await page.getByRole('button', { name: /ΝΙΚΟΛΑΟΣ ΓΕΩΡΓΙΟΥ/ }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  if (new URL(page.url()).pathname === '/consent') {
    await page.getByLabel('Όχι, όχι τώρα').check();
    await page.getByRole('button', { name: 'Συνέχεια' }).click();
  }
  await page.waitForURL((url) => url.pathname === next);
}

/**
 * Issue #37: a template restricted to certified translators, with the registry simulator's demo
 * answers. Nikos is told why on the template page, before any wizard step; Maria, a registered
 * translator, starts the wizard from the same page.
 */
describe('a template restricted to certified translators', () => {
  const ctx = useAppAndBrowser();

  it('tells a citizen who is not a translator why, on the template page', async () => {
    const { context, page, consoleErrors } = await newPage(ctx.browser);
    await loginNikos(page, ctx.app.baseUrl, `/templates/${TEMPLATE}`);
    await expect
      .poll(() => h1(page).textContent())
      .toBe('Δεν μπορείτε να χρησιμοποιήσετε αυτό το έγγραφο');
    expect(
      await page
        .getByText('Το έγγραφο αυτό είναι διαθέσιμο μόνο για πιστοποιημένους μεταφραστές.')
        .isVisible(),
    ).toBe(true);
    expect(await page.getByRole('link', { name: 'Έναρξη' }).count()).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'template-restricted-translator-el');
    // The same page in English and French, from the language chooser.
    for (const [locale, label, heading, reason] of [
      [
        'en',
        'Γλώσσα',
        'You cannot use this document',
        'This document is available to certified translators only.',
      ],
      [
        'fr',
        'Language',
        'Vous ne pouvez pas utiliser ce document',
        'Ce document est réservé aux traducteurs certifiés.',
      ],
    ] as const) {
      await page.getByRole('combobox', { name: label }).selectOption(locale);
      await expect.poll(() => h1(page).textContent()).toBe(heading);
      expect(await page.getByText(reason).isVisible()).toBe(true);
      await screenshot(page, `template-restricted-translator-${locale}`);
    }
    // The refusal is the template's answer (403), expected; nothing else failed.
    expect(
      consoleErrors.filter(
        (error) =>
          !error.includes(`HTTP 403 ${ctx.app.baseUrl}/api/templates/${TEMPLATE}`) &&
          !error.includes('status of 403 (Forbidden)'),
      ),
    ).toEqual([]);
    expect(consoleErrors.some((error) => error.startsWith('HTTP 403'))).toBe(true);
    await context.close();
  });

  it('lets a registered translator start the wizard', async () => {
    const { context, page, consoleErrors } = await newPage(ctx.browser);
    await page.goto(`${ctx.app.baseUrl}/templates/${TEMPLATE}`);
    await expect
      .poll(() => h1(page).textContent())
      .toBe('Υπεύθυνη δήλωση πιστοποιημένου μεταφραστή για την ακρίβεια μετάφρασης');
    await page.getByRole('link', { name: 'Έναρξη' }).click();
    await page.waitForURL(/\/login\?next=/);
    await loginWithBank(page);
    await page.waitForURL(/\/issue\/[^/]+\/translation$/);
    await expect.poll(() => h1(page).textContent()).toBe('Στοιχεία μετάφρασης');
    expect(
      await page.getByRole('textbox', { name: /Τίτλος του πρωτότυπου εγγράφου/ }).isVisible(),
    ).toBe(true);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
