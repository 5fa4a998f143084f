import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  confirmWithSmsCode,
  loginAsStaff,
  reachConfirmStep,
  hasHorizontalScroll,
  loginWithBank,
  newPage,
  openAthensIncoming,
  screenshot,
  seriousAccessibilityViolations,
  useAppAndBrowser,
} from './harness';

/**
 * Issues #40 and #41 in the browser: a voucher programme gives one voucher per child, and the
 * second request for the same child is refused on a whole page (360 px, Greek); the clerk of
 * Athens then takes a motivated decision on the first request's case (1280 px).
 */
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const stepUrl = (step: string) => new RegExp(`/issue/[^/]+/${step}$`);
const CHILD_AFM = '094000012';

async function startVoucher(page: Page, baseUrl: string, isLoggedIn: boolean) {
  await page.goto(`${baseUrl}/templates/camp-voucher-application`);
  await page.getByRole('link', { name: 'Έναρξη' }).click();
  if (!isLoggedIn) await loginWithBank(page);
  await page.waitForURL(stepUrl('child'));
  await page.getByRole('textbox', { name: /Ονοματεπώνυμο παιδιού/ }).fill('Ελένη Παπαδοπούλου');
  await page.getByRole('textbox', { name: /ΑΦΜ παιδιού/ }).fill(CHILD_AFM);
  await page.getByRole('combobox', { name: /Κατασκηνωτική περίοδος/ }).selectOption('B');
  await page.getByRole('button', { name: 'Συνέχεια' }).click();
}

describe('template services and decisions', () => {
  const ctx = useAppAndBrowser();

  it('one voucher per child: the second request is refused on a whole page (360 px)', async () => {
    const { context, page } = await newPage(ctx.browser, { width: 360, height: 740 });
    await startVoucher(page, ctx.app.baseUrl, false);
    await page.waitForURL(stepUrl('recipient'));
    await page.getByRole('searchbox', { name: 'Αναζήτηση φορέα' }).fill('Αθην');
    await page.getByRole('radio', { name: 'Δήμος Αθηναίων' }).check();
    await page.getByRole('button', { name: 'Συνέχεια' }).click();
    await page.waitForURL(stepUrl('preview'));
    await page.getByRole('button', { name: 'Υποβολή' }).click();
    await page.waitForURL(stepUrl('confirm'));
    await confirmWithSmsCode(page, ctx.app.baseUrl);

    await startVoucher(page, ctx.app.baseUrl, true);
    await expect
      .poll(() =>
        page
          .getByRole('heading', { level: 2, name: 'Η αίτηση δεν μπορεί να προχωρήσει' })
          .isVisible(),
      )
      .toBe(true);
    expect(
      await page.getByText('Ο δικαιούχος έχει ήδη λάβει επιταγή από το πρόγραμμα.').isVisible(),
    ).toBe(true);
    expect(await page.getByRole('button', { name: 'Συνέχεια' }).count()).toBe(0);
    expect(await h1(page).textContent()).toContain('voucher');
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'voucher-refused-360-el');
    await context.close();
  });

  it('the clerk accepts the voucher request with a reason (1280 px)', async () => {
    const { context, page } = await newPage(ctx.browser, { width: 1280, height: 900 });
    await openAthensIncoming(page, ctx.app.baseUrl);
    const row = page.getByRole('row').filter({ hasText: 'voucher' }).first();
    await row.getByRole('link').first().click();
    await page.waitForURL(/\/inbox\/show\/declaration\//);
    await page.getByRole('button', { name: 'Λήψη απόφασης' }).click();
    const dialog = page.getByRole('dialog', { name: 'Λήψη απόφασης' });
    await dialog.getByRole('radio', { name: 'Έγκριση' }).check();
    await dialog.getByLabel('Αιτιολογία').fill('Πληρούνται οι προϋποθέσεις του προγράμματος.');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'case-decision-dialog-1280-el');
    await dialog.getByRole('button', { name: 'Καταχώριση απόφασης' }).click();
    const panel = page.getByRole('region', { name: 'Απόφαση: Έγκριση' });
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect(await panel.textContent()).toContain('Πληρούνται οι προϋποθέσεις του προγράμματος.');
    expect(await h1(page).textContent()).toContain('Ολοκληρωμένη');
    expect(await page.getByRole('button', { name: 'Λήψη απόφασης' }).count()).toBe(0);
    await screenshot(page, 'case-decision-1280-el');
    // The print view: the case alone, without the header, the sidebar or the actions.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('navigation', { name: 'Χώρος εργασίας' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Εκτύπωση' }).isVisible()).toBe(false);
    expect(await panel.isVisible()).toBe(true);
    await screenshot(page, 'case-decision-print');
    await page.emulateMedia({ media: 'screen' });
    await context.close();
  });

  it('a correction: the clerk asks, the citizen corrects from her message, the case holds it', async () => {
    const citizen = await newPage(ctx.browser, { width: 360, height: 740 });
    await reachConfirmStep(citizen.page, ctx.app.baseUrl, 'Δηλώνω ότι μένω στην Αθήνα.');
    // The case number, from the answer to her SMS code (the only write after this point).
    const confirmed = citizen.page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        response.url().includes('/api/my-declarations/') &&
        response.status() === 200,
    );
    await confirmWithSmsCode(citizen.page, ctx.app.baseUrl);
    const answer = (await (await confirmed).json()) as { data: { document: { case_id: string } } };
    const caseNumber = answer.data.document.case_id;

    const clerk = await newPage(ctx.browser, { width: 1280, height: 900 });
    await loginAsStaff(clerk.page, ctx.app.baseUrl);
    await clerk.page.getByRole('link', { name: /Δήμος Αθηναίων/ }).click();
    await clerk.page.getByRole('link', { name: /^Εισερχόμενες/ }).click();
    await clerk.page.waitForURL(/\/inbox\/list\/incoming$/);
    await clerk.page.goto(`${clerk.page.url()}?case=${encodeURIComponent(caseNumber)}`);
    // A case-number search with one hit opens the case by itself.
    await clerk.page.waitForURL(/\/inbox\/show\/declaration\//);
    await clerk.page.getByRole('button', { name: 'Ζήτηση διόρθωσης' }).click();
    const dialog = clerk.page.getByRole('dialog', { name: 'Ζήτηση διόρθωσης' });
    await dialog.getByLabel('Τι πρέπει να διορθωθεί').fill('Συμπληρώστε και την οδό.');
    await dialog.getByRole('button', { name: 'Αποστολή αιτήματος' }).click();
    await expect
      .poll(() => clerk.page.getByRole('region', { name: 'Ζητήθηκε διόρθωση' }).isVisible())
      .toBe(true);

    // The citizen: her mailbox, the message, the correction page, her draft, issued.
    await citizen.page.goto(`${ctx.app.baseUrl}/my/messages`);
    await citizen.page
      .getByRole('link', { name: /Δήμος Αθηναίων/ })
      .first()
      .click();
    await citizen.page.getByRole('link', { name: 'Διόρθωση εγγράφου' }).click();
    await citizen.page.waitForURL(/\/my\/corrections\//);
    await expect
      .poll(() => citizen.page.getByText('Συμπληρώστε και την οδό.').isVisible())
      .toBe(true);
    expect(await hasHorizontalScroll(citizen.page)).toBe(false);
    expect(await seriousAccessibilityViolations(citizen.page)).toEqual([]);
    await screenshot(citizen.page, 'correction-page-360-el');
    await citizen.page.getByRole('radio', { name: 'Να ανακληθεί' }).check();
    await citizen.page.getByRole('button', { name: 'Έναρξη διόρθωσης' }).click();
    await citizen.page.waitForURL(stepUrl('fields'));
    const statement = citizen.page.getByRole('textbox', { name: /Κείμενο δήλωσης/ });
    expect(await statement.inputValue()).toBe('Δηλώνω ότι μένω στην Αθήνα.');
    await statement.fill('Δηλώνω ότι μένω στην Αθήνα, οδός Πατησίων 10.');
    await citizen.page.getByRole('button', { name: 'Συνέχεια' }).click();
    await citizen.page.waitForURL(stepUrl('recipient'));
    await citizen.page.getByRole('button', { name: 'Συνέχεια' }).click();
    await citizen.page.waitForURL(stepUrl('preview'));
    await citizen.page.getByRole('button', { name: 'Υποβολή' }).click();
    await citizen.page.waitForURL(stepUrl('confirm'));
    await confirmWithSmsCode(citizen.page, ctx.app.baseUrl);

    await clerk.page.reload();
    await expect
      .poll(() => clerk.page.getByRole('region', { name: 'Το έγγραφο διορθώθηκε' }).isVisible())
      .toBe(true);
    expect(await clerk.page.getByText('Πατησίων 10').first().isVisible()).toBe(true);
    await screenshot(clerk.page, 'case-corrected-1280-el');
    await citizen.context.close();
    await clerk.context.close();
  });
});
