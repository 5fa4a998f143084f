import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  confirmWithSmsCode,
  hasHorizontalScroll,
  loginWithBank,
  newPage,
  openAthensIncoming,
  reachConfirmStep,
  screenshot,
  seriousAccessibilityViolations,
  useAppAndBrowser,
} from './harness';

const STATEMENT = 'Δηλώνω ότι ζητώ βεβαίωση μόνιμης κατοικίας.';
const MESSAGE = 'Η βεβαίωσή σας είναι έτοιμη στο δημαρχείο.';

describe("the citizen's messages", () => {
  const ctx = useAppAndBrowser();

  it('a clerk messages a citizen; polling says so on the home page; she reads, archives and unarchives it', async () => {
    const { baseUrl } = ctx.app;
    // Maria issues a declaration to Athens.
    const citizen = await newPage(ctx.browser);
    const page = citizen.page;
    await reachConfirmStep(page, baseUrl, STATEMENT);
    await confirmWithSmsCode(page, baseUrl);

    // The clerk opens the newest incoming case of Athens and writes a message.
    const clerk = await newPage(ctx.browser);
    await openAthensIncoming(clerk.page, baseUrl);
    await clerk.page.getByRole('table').getByRole('row').nth(1).getByRole('link').click();
    await expect.poll(() => clerk.page.getByRole('tabpanel').textContent()).toContain(STATEMENT);
    await clerk.page.getByRole('button', { name: 'Μήνυμα στον πολίτη' }).click();
    await clerk.page.getByLabel('Μήνυμα', { exact: true }).fill(MESSAGE);

    // Maria is on her home page when it is sent: the poll brings the notice.
    await page.goto(`${baseUrl}/`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toContain('Καλώς ήρθατε');
    await clerk.page.getByRole('button', { name: 'Αποστολή' }).click();
    await expect
      .poll(() => clerk.page.getByRole('tab', { name: /Μηνύματα \(1\)/ }).count())
      .toBe(1);
    await clerk.context.close();
    await expect.poll(() => page.getByText('Έχετε 1 νέο μήνυμα.').count()).toBe(1);
    await page.getByRole('link', { name: 'Δείτε τα μηνύματα' }).click();
    await page.waitForURL(/\/my\/messages$/);
    const list = page.getByRole('main');
    await expect.poll(() => list.textContent()).toContain(MESSAGE);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'messages-list-1280-el');

    // Opening it marks it read.
    await list.getByRole('link', { name: 'Δήμος Αθηναίων' }).first().click();
    await page.waitForURL(/\/my\/messages\/show\//);
    const messageUrl = page.url();
    await expect.poll(() => page.getByRole('main').textContent()).toContain('Αναγνωσμένο');
    expect(await page.getByRole('main').textContent()).toContain(MESSAGE);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'message-1280-el');

    // Archived: found in the archive, then back among the read ones.
    await page.getByRole('button', { name: 'Αρχειοθέτηση' }).click();
    await expect.poll(() => page.getByText('Το μήνυμα αρχειοθετήθηκε.').count()).toBe(1);
    await page.getByRole('link', { name: 'Αρχείο μηνυμάτων' }).click();
    await page.waitForURL(/\/my\/messages\/archive$/);
    await expect.poll(() => page.getByRole('main').textContent()).toContain(MESSAGE);
    await page.goto(messageUrl);
    await page.getByRole('button', { name: 'Αφαίρεση από το αρχείο' }).click();
    await expect.poll(() => page.getByText('Το μήνυμα αφαιρέθηκε από το αρχείο.').count()).toBe(1);
    await page.getByRole('link', { name: 'Αναγνωσμένα μηνύματα' }).click();
    await page.waitForURL(/\/my\/messages\?list=read$/);
    await expect.poll(() => page.getByRole('main').textContent()).toContain(MESSAGE);
    expect(citizen.consoleErrors).toEqual([]);
    await citizen.context.close();

    // English, on a phone.
    const phone = await newPage(ctx.browser, { width: 360, height: 800, locale: 'en-GB' });
    await phone.context.addInitScript(() => window.localStorage.setItem('dilosi.lang', 'en'));
    await reachHome(phone.page, baseUrl);
    await phone.page.goto(`${baseUrl}/my/messages?list=read`);
    await expect.poll(() => phone.page.getByRole('main').textContent()).toContain(MESSAGE);
    expect(await phone.page.getByRole('heading', { level: 1 }).textContent()).toBe('Messages');
    expect(await hasHorizontalScroll(phone.page)).toBe(false);
    expect(await seriousAccessibilityViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'messages-list-360-en');
    await phone.page.getByRole('link', { name: 'Municipality of Athens' }).first().click();
    await expect.poll(() => phone.page.getByRole('main').textContent()).toContain('Read');
    expect(await hasHorizontalScroll(phone.page)).toBe(false);
    expect(await seriousAccessibilityViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'message-360-en');
    await phone.context.close();
  });
});

/** Maria logs in (the bank provider) and lands on her home page. */
async function reachHome(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/login`);
  await loginWithBank(page);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}
