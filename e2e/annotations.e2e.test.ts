import fs from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  hasHorizontalScroll,
  loginAsStaff,
  newPage,
  openAthensIncoming,
  screenshot,
  seriousAccessibilityViolations,
  useAppAndBrowser,
} from './harness';

/**
 * Issue #41 in the browser: the head of Athens adds an annotation field on the settings page; the
 * clerk sets it on a case (1280 px, Greek), sees the change in the case history, and finds the
 * case again through the list's annotation filter and exports that list as XLSX; the case page
 * at 360 px in English, and the list with the annotation as a column in French.
 */
const HEAD = /ΚΩΝΣΤΑΝΤΙΝΟΣ ΙΩΑΝΝΙΔΗΣ/;
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

describe('typed annotations', () => {
  const ctx = useAppAndBrowser();

  it('a head defines a field, a clerk fills it on a case and filters the list by it', async () => {
    const { baseUrl } = ctx.app;
    const head = await newPage(ctx.browser, { width: 1280, height: 900 });
    await loginAsStaff(head.page, baseUrl, HEAD);
    await head.page.getByRole('link', { name: /^Διαχείριση/ }).click();
    await head.page.waitForURL(/\/users\/active$/);
    await head.page.goto(head.page.url().replace(/\/users\/active$/, '/settings'));
    const section = head.page.getByRole('region', { name: 'Πεδία επισημάνσεων' });
    await section.getByLabel('Όνομα πεδίου').fill('Προτεραιότητα');
    await section.getByLabel('Είδος').selectOption('choice');
    await section.getByLabel('Επιλογές').fill('Υψηλή\nΚανονική');
    await section.getByRole('button', { name: 'Προσθήκη πεδίου' }).click();
    await expect
      .poll(() => section.getByText('Προτεραιότητα — Επιλογή (Υψηλή, Κανονική)').isVisible())
      .toBe(true);
    expect(await seriousAccessibilityViolations(head.page)).toEqual([]);
    await screenshot(head.page, 'annotation-fields-1280-el');
    await head.context.close();

    const clerk = await newPage(ctx.browser, { width: 1280, height: 900 });
    const { page } = clerk;
    await openAthensIncoming(page, baseUrl);
    await page.getByRole('row').nth(1).getByRole('link').first().click();
    await page.waitForURL(/\/inbox\/show\/declaration\//);
    const caseUrl = page.url();
    await expect.poll(() => h1(page).textContent()).toContain(' — ');
    const caseNumber = (await h1(page).textContent())?.split(' — ')[0] ?? '';
    const panel = page.getByRole('region', { name: 'Εσωτερικές επισημάνσεις' });
    await panel.getByLabel('Προτεραιότητα', { exact: true }).selectOption('Υψηλή');
    await panel.getByRole('button', { name: 'Αποθήκευση: Προτεραιότητα' }).click();
    await expect
      .poll(() => panel.getByText(/Τελευταία αλλαγή: ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ/).isVisible())
      .toBe(true);
    await page.getByRole('tab', { name: /^Ιστορικό/ }).click();
    await expect
      .poll(() => page.getByText(/Επισήμανση: «Προτεραιότητα» — → Υψηλή/).isVisible())
      .toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'case-annotations-1280-el');

    // The list, filtered by the annotation: this case only.
    await page.goto(caseUrl.replace(/\/inbox\/show\/declaration\/.*$/, '/inbox/list/all'));
    await page.getByText('Αναζήτηση', { exact: true }).first().click();
    await page.getByLabel('Επισήμανση', { exact: true }).selectOption({ label: 'Προτεραιότητα' });
    await page.getByLabel('Τιμή επισήμανσης').selectOption('Υψηλή');
    await page.getByRole('button', { name: 'Αναζήτηση' }).click();
    await page.waitForURL(/annotation=/);
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    expect(await page.getByRole('row').nth(1).textContent()).toContain(caseNumber);

    // The filtered list as XLSX, built in the background, with the annotation as a column.
    await page.getByText(/^Εξαγωγή σε υπολογιστικό φύλλο/).click();
    await page.getByRole('button', { name: 'Εξαγωγή XLSX (Excel)' }).click();
    const download = page.getByRole('button', { name: /^Λήψη XLSX της/ });
    await expect.poll(() => download.count(), { timeout: 30_000 }).toBe(1);
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const book = XLSX.read(await fs.readFile(await file.path()), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, {
      header: 1,
      defval: '',
    });
    expect(rows).toHaveLength(2);
    expect(rows[1]?.[rows[0]!.indexOf('Προτεραιότητα')]).toBe('Υψηλή');
    expect(rows[1]?.[rows[0]!.indexOf('Υπόθεση')]).toBe(caseNumber);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'case-exports-1280-el');
    await clerk.context.close();

    // The same case at 360 px, in English.
    const phone = await newPage(ctx.browser, { width: 360, height: 780, locale: 'en-GB' });
    await phone.context.addInitScript(() => window.localStorage.setItem('dilosi.lang', 'en'));
    await loginAsStaff(phone.page, baseUrl);
    await phone.page.goto(caseUrl);
    const english = phone.page.getByRole('region', { name: 'Internal annotations' });
    await expect
      .poll(() => english.getByLabel('Προτεραιότητα', { exact: true }).inputValue())
      .toBe('Υψηλή');
    expect(await hasHorizontalScroll(phone.page)).toBe(false);
    expect(await seriousAccessibilityViolations(phone.page)).toEqual([]);
    await english.scrollIntoViewIfNeeded();
    await screenshot(phone.page, 'case-annotations-360-en');
    await phone.context.close();

    // The list with the annotation as a column, in French.
    const french = await newPage(ctx.browser, { width: 1280, height: 900, locale: 'fr-FR' });
    await french.context.addInitScript(() => window.localStorage.setItem('dilosi.lang', 'fr'));
    await loginAsStaff(french.page, baseUrl);
    await french.page.goto(caseUrl.replace(/\/inbox\/show\/declaration\/.*$/, '/inbox/list/all'));
    await french.page.getByText('Colonnes', { exact: true }).click();
    await french.page.getByRole('checkbox', { name: 'Προτεραιότητα' }).check();
    await french.page.getByRole('button', { name: 'Appliquer' }).click();
    await french.page.waitForURL(/columns=/);
    await expect
      .poll(() => french.page.getByRole('columnheader', { name: 'Προτεραιότητα' }).count())
      .toBe(1);
    expect(await seriousAccessibilityViolations(french.page)).toEqual([]);
    await screenshot(french.page, 'inbox-columns-1280-fr');
    await french.context.close();
  });
});
