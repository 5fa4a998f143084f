import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  confirmWithSmsCode,
  hasHorizontalScroll,
  loginAsStaff,
  loginWithBank,
  newPage,
  openAthensIncoming,
  reachConfirmStep,
  seriousAccessibilityViolations,
  useAppAndBrowser,
} from './harness';

const STATEMENT = 'Δηλώνω ότι ζητώ άδεια κατάληψης πεζοδρομίου.';
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-forwarding';

async function shot(page: Page, name: string) {
  await fs.mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describe('forwarding a case, and the message types', () => {
  const ctx = useAppAndBrowser();

  it('a clerk of Athens forwards a case to Thessaloniki, whose clerk finds it with the link back', async () => {
    const { baseUrl } = ctx.app;
    const citizen = await newPage(ctx.browser);
    await reachConfirmStep(citizen.page, baseUrl, STATEMENT);
    await confirmWithSmsCode(citizen.page, baseUrl);
    await citizen.context.close();

    // The clerk of Athens opens the newest incoming case and forwards it.
    const athens = await newPage(ctx.browser);
    const page = athens.page;
    await openAthensIncoming(page, baseUrl);
    await page.getByRole('table').getByRole('row').nth(1).getByRole('link').click();
    await expect.poll(() => page.getByRole('tabpanel').textContent()).toContain(STATEMENT);
    const heading = page.getByRole('heading', { level: 1 });
    const caseNumber = /\d{4}\/\d{6}/.exec((await heading.textContent()) ?? '')?.[0] ?? '';
    expect(caseNumber).not.toBe('');
    await page.getByRole('button', { name: 'Προώθηση' }).click();
    const dialog = page.getByRole('dialog', { name: 'Προώθηση υπόθεσης' });
    await dialog.getByRole('button', { name: 'Προώθηση' }).click();
    await expect.poll(() => dialog.getByText('Επιλέξτε παραλήπτη.').count()).toBe(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await shot(page, 'forward-dialog-1280-el');
    await dialog.getByLabel('Φορέας').selectOption({ label: 'Δήμος Θεσσαλονίκης' });
    await dialog
      .getByRole('textbox', { name: /Σχόλιο για τον φορέα/ })
      .fill('Αρμόδια η Θεσσαλονίκη για το πεζοδρόμιο.');
    await dialog.getByRole('button', { name: 'Προώθηση' }).click();
    await expect
      .poll(() => page.getByText('Η υπόθεση προωθήθηκε: Δήμος Θεσσαλονίκης.').count())
      .toBe(1);
    await expect.poll(() => heading.textContent()).toContain('Προωθημένη');
    expect(await heading.textContent()).toContain('Εισερχόμενη');
    const forwardedTo = (await page.getByText(/Δήμος Θεσσαλονίκης, υπόθεση/).textContent()) ?? '';
    const targetNumber = /\d{4}\/\d{6}/.exec(forwardedTo)?.[0] ?? '';
    expect(targetNumber).not.toBe(caseNumber);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await shot(page, 'forwarded-source-1280-el');
    await page.getByRole('link', { name: 'Πίσω στη λίστα' }).click();
    await page.waitForURL(/\/inbox\/list\/incoming/);
    const row = page.getByRole('row', { name: new RegExp(caseNumber.replace('/', '\\/')) });
    await expect.poll(() => row.textContent()).toContain('Προωθημένη');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await shot(page, 'forwarded-list-1280-el');
    expect(athens.consoleErrors).toEqual([]);
    await athens.context.close();

    // The clerk of Thessaloniki sees it in incoming, with the entity and case it came from.
    const other = await newPage(ctx.browser, { width: 360, height: 800, locale: 'en-GB' });
    await other.context.addInitScript(() => window.localStorage.setItem('dilosi.lang', 'en'));
    await loginAsStaff(other.page, baseUrl, /ΣΟΦΙΑ ΝΙΚΟΛΑΟΥ/);
    await other.page.getByRole('link', { name: /Municipality of Thessaloniki/ }).click();
    await other.page.getByRole('link', { name: /^Incoming/ }).click();
    await other.page.waitForURL(/\/inbox\/list\/incoming$/);
    await other.page.getByRole('link', { name: targetNumber }).click();
    await expect
      .poll(() => other.page.getByRole('main').textContent())
      .toContain(`Forwarded from: Municipality of Athens, case ${caseNumber}.`);
    await expect.poll(() => other.page.getByRole('tabpanel').textContent()).toContain(STATEMENT);
    // The forwarding clerk's comment reaches the receiving entity, in the case's history.
    await other.page.getByRole('tab', { name: /^History/ }).click();
    await expect
      .poll(() => other.page.getByRole('tabpanel').textContent())
      .toContain('Comment: “Αρμόδια η Θεσσαλονίκη για το πεζοδρόμιο.”');
    expect(await hasHorizontalScroll(other.page)).toBe(false);
    expect(await seriousAccessibilityViolations(other.page)).toEqual([]);
    await shot(other.page, 'forwarded-target-360-en');
    expect(other.consoleErrors).toEqual([]);
    await other.context.close();
  });

  it('shows the wallet consent banner and content on the message page (1280 el, 360 en)', async () => {
    const { baseUrl } = ctx.app;
    const desk = await newPage(ctx.browser);
    await reachHome(desk.page, baseUrl);
    await desk.page.goto(`${baseUrl}/my/messages?list=read`);
    const pending = desk.page
      .getByRole('listitem')
      .filter({ hasText: 'Το αίτημα περιμένει την απάντησή σας' });
    await expect.poll(() => pending.count()).toBe(1);
    expect(await seriousAccessibilityViolations(desk.page)).toEqual([]);
    await shot(desk.page, 'messages-types-list-1280-el');
    await pending.getByRole('link').click();
    await desk.page.waitForURL(/\/my\/messages\/show\//);
    const banner = desk.page.getByRole('status', { name: 'Το αίτημα περιμένει την απάντησή σας' });
    await expect.poll(() => banner.count()).toBe(1);
    expect(await desk.page.getByRole('main').textContent()).toContain(
      'Άνοιγμα τραπεζικού λογαριασμού',
    );
    expect(await seriousAccessibilityViolations(desk.page)).toEqual([]);
    await shot(desk.page, 'consent-pending-1280-el');
    await desk.page.goto(`${baseUrl}/my/messages?list=read`);
    await desk.page
      .getByRole('listitem')
      .filter({ hasText: 'Αρνηθήκατε τη συναίνεση' })
      .getByRole('link')
      .click();
    await expect
      .poll(() => desk.page.getByRole('alert').filter({ hasText: 'Αρνηθήκατε' }).count())
      .toBe(1);
    expect(await seriousAccessibilityViolations(desk.page)).toEqual([]);
    await shot(desk.page, 'consent-rejected-1280-el');
    expect(desk.consoleErrors).toEqual([]);
    await desk.context.close();

    const phone = await newPage(ctx.browser, { width: 360, height: 800, locale: 'en-GB' });
    await phone.context.addInitScript(() => window.localStorage.setItem('dilosi.lang', 'en'));
    await reachHome(phone.page, baseUrl);
    await phone.page.goto(`${baseUrl}/my/messages?list=read`);
    await phone.page
      .getByRole('listitem')
      .filter({ hasText: 'The request expired' })
      .getByRole('link')
      .click();
    await expect
      .poll(() => phone.page.getByRole('alert').filter({ hasText: 'The request expired' }).count())
      .toBe(1);
    expect(await hasHorizontalScroll(phone.page)).toBe(false);
    expect(await seriousAccessibilityViolations(phone.page)).toEqual([]);
    await shot(phone.page, 'consent-expired-360-en');
    await phone.page.goto(`${baseUrl}/my/messages?list=read`);
    await phone.page
      .getByRole('listitem')
      .filter({ hasText: 'You gave your consent' })
      .getByRole('link')
      .click();
    await expect
      .poll(() => phone.page.getByRole('status', { name: 'You gave your consent' }).count())
      .toBe(1);
    expect(await hasHorizontalScroll(phone.page)).toBe(false);
    expect(await seriousAccessibilityViolations(phone.page)).toEqual([]);
    await shot(phone.page, 'consent-accepted-360-en');
    expect(phone.consoleErrors).toEqual([]);
    await phone.context.close();
  });
});

/** Maria logs in (the bank provider) and lands on her home page. */
async function reachHome(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/login`);
  await loginWithBank(page);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}
