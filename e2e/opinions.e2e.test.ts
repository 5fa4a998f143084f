import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  confirmWithSmsCode,
  hasHorizontalScroll,
  loginAsStaff,
  newPage,
  openAthensIncoming,
  reachConfirmStep,
  screenshot,
  seriousAccessibilityViolations,
  useAppAndBrowser,
} from './harness';

/**
 * Issue #41 in the browser: a clerk of Athens asks Thessaloniki for an opinion on a case (1280
 * px, Greek); a clerk of Thessaloniki finds it among the opinions asked of her entity, reads the
 * case read-only and answers with a PDF (1280 px Greek, then the page at 360 px in English); the
 * Athens clerk sees the answer on the case's Opinions tab (360 px, English; 1280 px, Greek).
 */
const THESSALONIKI_CLERK = /ΣΟΦΙΑ ΝΙΚΟΛΑΟΥ/;
const PDF = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../packages/server/test/fixtures/files/valid.pdf',
);
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const STATEMENT = 'Δηλώνω ότι το ακίνητο της οδού Εγνατίας 10 χρησιμοποιείται ως κατοικία.';

/** A day a week from now, as a date input takes it. */
function nextWeek(): string {
  const at = new Date(Date.now() + 7 * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Athens' }).format(at);
}

describe('opinions', () => {
  const ctx = useAppAndBrowser();

  it('Athens asks Thessaloniki for an opinion; a Thessaloniki clerk answers; Athens reads it', async () => {
    const { baseUrl } = ctx.app;
    // Maria issues a solemn declaration to Athens: the case the opinion is about.
    const citizen = await newPage(ctx.browser);
    await reachConfirmStep(citizen.page, baseUrl, STATEMENT);
    await confirmWithSmsCode(citizen.page, baseUrl);
    await citizen.context.close();

    const athens = await newPage(ctx.browser, { width: 1280, height: 900 });
    const { page } = athens;
    await openAthensIncoming(page, baseUrl);
    await page.getByRole('table').getByRole('row').nth(1).getByRole('link').first().click();
    await page.waitForURL(/\/inbox\/show\/declaration\//);
    await expect.poll(() => page.getByRole('tabpanel').textContent()).toContain(STATEMENT);
    const caseUrl = page.url().split('?')[0] ?? '';
    await expect.poll(() => h1(page).textContent()).toContain(' — ');
    const caseNumber = (await h1(page).textContent())?.split(' — ')[0] ?? '';
    await page.getByRole('tab', { name: 'Γνωμοδοτήσεις' }).click();
    await page.getByLabel('Φορέας', { exact: true }).selectOption({ label: 'Δήμος Θεσσαλονίκης' });
    await page.getByLabel('Ερώτηση').fill('Υπάρχει εκκρεμότητα του πολίτη στον Δήμο σας;');
    await page.getByLabel('Προθεσμία').fill(nextWeek());
    await page.getByRole('button', { name: 'Αποστολή αιτήματος' }).click();
    const item = page.getByRole('tabpanel').getByRole('listitem');
    await expect.poll(() => item.count()).toBe(1);
    await expect.poll(() => item.getByText('Σε αναμονή').isVisible()).toBe(true);
    expect(await item.textContent()).toContain('Προς: Δήμος Θεσσαλονίκης');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'case-opinions-asked-1280-el');
    await athens.context.close();

    // Thessaloniki: the opinions asked of the entity, the case read-only, the answer with a PDF.
    const expert = await newPage(ctx.browser, { width: 1280, height: 900 });
    const ep = expert.page;
    await loginAsStaff(ep, baseUrl, THESSALONIKI_CLERK);
    await ep.getByRole('link', { name: /Δήμος Θεσσαλονίκης/ }).click();
    await ep.getByRole('link', { name: /^Εισερχόμενες/ }).click();
    await ep.waitForURL(/\/inbox\/list\/incoming$/);
    // The case is not in Thessaloniki's lists: only the opinion leads to it.
    await ep.goto(ep.url().replace(/\/inbox\/list\/incoming$/, '/inbox/list/all'));
    await expect.poll(() => ep.getByRole('row').count()).toBeGreaterThan(1);
    expect(await ep.getByRole('table').textContent()).not.toContain(caseNumber);
    await ep.getByRole('link', { name: 'Γνωμοδοτήσεις που μας ζητήθηκαν' }).click();
    await ep.waitForURL(/\/opinions$/);
    expect(await seriousAccessibilityViolations(ep)).toEqual([]);
    await screenshot(ep, 'entity-opinions-1280-el');
    await ep.getByRole('link', { name: `Υπόθεση ${caseNumber}` }).click();
    await ep.waitForURL(/\/opinions\/[0-9a-f-]{36}$/);
    const opinionUrl = ep.url();
    await expect
      .poll(() => ep.getByText('Υπάρχει εκκρεμότητα του πολίτη στον Δήμο σας;').isVisible())
      .toBe(true);
    expect(await ep.getByText('Βλέπετε μόνο αυτή την υπόθεση').isVisible()).toBe(true);
    // The document as issued, and its PDF.
    expect(await ep.getByText(STATEMENT).isVisible()).toBe(true);
    const [pdf] = await Promise.all([
      ep.waitForEvent('download'),
      ep.getByRole('button', { name: 'Λήψη του PDF του εγγράφου' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    await ep.getByLabel('Απάντηση', { exact: true }).fill('Δεν υπάρχει εκκρεμότητα.');
    await ep.getByLabel('Συνημμένο PDF (προαιρετικό)').setInputFiles(PDF);
    expect(await seriousAccessibilityViolations(ep)).toEqual([]);
    await screenshot(ep, 'opinion-answer-form-1280-el');
    await ep.getByRole('button', { name: 'Αποστολή γνωμοδότησης' }).click();
    await expect.poll(() => ep.getByText('Συνημμένο: valid.pdf').isVisible()).toBe(true);
    await screenshot(ep, 'opinion-answered-1280-el');
    await expert.context.close();

    // The expert's page at 360 px, in English.
    const expertPhone = await newPage(ctx.browser, { width: 360, height: 780, locale: 'en-GB' });
    await expertPhone.context.addInitScript(() => window.localStorage.setItem('dilosi.lang', 'en'));
    await loginAsStaff(expertPhone.page, baseUrl, THESSALONIKI_CLERK);
    await expertPhone.page.goto(opinionUrl);
    await expect
      .poll(() => expertPhone.page.getByRole('heading', { name: 'Request for an opinion' }).count())
      .toBe(1);
    expect(await hasHorizontalScroll(expertPhone.page)).toBe(false);
    expect(await seriousAccessibilityViolations(expertPhone.page)).toEqual([]);
    await screenshot(expertPhone.page, 'opinion-answered-360-en');
    await expertPhone.context.close();

    // Athens reads the answer on the case's tab, at 360 px in English.
    const phone = await newPage(ctx.browser, { width: 360, height: 780, locale: 'en-GB' });
    await phone.context.addInitScript(() => window.localStorage.setItem('dilosi.lang', 'en'));
    await loginAsStaff(phone.page, baseUrl);
    await phone.page.goto(`${caseUrl}?show=opinions`);
    const given = phone.page.getByRole('tabpanel').getByRole('listitem');
    await expect.poll(() => given.getByText('Given', { exact: true }).isVisible()).toBe(true);
    expect(await given.textContent()).toContain('Δεν υπάρχει εκκρεμότητα.');
    expect(await given.getByRole('button', { name: 'Download valid.pdf' }).isVisible()).toBe(true);
    expect(await hasHorizontalScroll(phone.page)).toBe(false);
    expect(await seriousAccessibilityViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'case-opinions-given-360-en');
    await phone.page.getByRole('tab', { name: /^History/ }).click();
    await expect.poll(() => phone.page.getByText(/Opinion given/).isVisible()).toBe(true);
    await phone.context.close();

    const desk = await newPage(ctx.browser, { width: 1280, height: 900 });
    await loginAsStaff(desk.page, baseUrl);
    await desk.page.goto(`${caseUrl}?show=opinions`);
    await expect
      .poll(() => desk.page.getByRole('tabpanel').getByText('Δόθηκε', { exact: true }).isVisible())
      .toBe(true);
    await screenshot(desk.page, 'case-opinions-given-1280-el');
    await desk.context.close();
  });
});
