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
 * Issue #40: three of the new templates on a phone (360 px), in Greek: the first step of each
 * wizard, then the same step with the error of the template's own rule under its field.
 */
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

const CASES = [
  {
    refname: 'child-naming-declaration',
    step: 'child',
    title: 'Ονοματοδοσία',
    fill: async (page: Page) => {
      await page.getByRole('textbox', { name: /Επώνυμο τέκνου/ }).fill('Παπαδοπούλου');
      await page.getByRole('textbox', { name: /Ημερομηνία γέννησης τέκνου/ }).fill('01/09/2026');
      await page.getByRole('textbox', { name: 'Όνομα', exact: true }).fill('Άννα Μαρία');
    },
    error: 'Το όνομα δεν μπορεί να περιέχει κενά',
  },
  {
    refname: 'baptism-declaration',
    step: 'baptism',
    title: 'Στοιχεία βάπτισης',
    fill: async (page: Page) => {
      await page.getByRole('textbox', { name: /Ονοματεπώνυμο τέκνου/ }).fill('Ελένη Παπαδοπούλου');
      await page.getByRole('textbox', { name: /Ημερομηνία βάπτισης/ }).fill('01/10/2026');
      await page.getByRole('textbox', { name: /Ιερός ναός/ }).fill('Ι.Ν. Αγίου Δημητρίου');
      await page.getByRole('combobox', { name: /Χώρα βάπτισης/ }).selectOption('DE');
      await page
        .getByRole('textbox', { name: /Ονοματεπώνυμο αναδόχου/ })
        .fill('Αικατερίνη Γεωργίου');
    },
    error: 'Συμπληρώστε την πόλη του εξωτερικού όπου έγινε η βάπτιση',
  },
  {
    refname: 'hosting-declaration',
    step: 'host',
    title: 'Στοιχεία φιλοξενίας',
    fill: async (page: Page) => {
      await page.getByRole('textbox', { name: /ΑΦΜ φιλοξενούντος/ }).fill('100000027');
      await page.getByRole('textbox', { name: /Τρία πρώτα γράμματα/ }).fill('ΓΕ');
      await page.getByRole('textbox', { name: /Διεύθυνση κατοικίας/ }).fill('Αχαρνών 20, Αθήνα');
      await page.getByRole('textbox', { name: /Φιλοξενούμαι από/ }).fill('01/09/2026');
    },
    error: 'Συμπληρώστε ακριβώς τα 3 πρώτα γράμματα',
  },
];

describe('new templates on a phone, in Greek', () => {
  const ctx = useAppAndBrowser();

  it.each(CASES)('$refname: its first step and its rule’s error at 360 px', async (sample) => {
    const { context, page } = await newPage(ctx.browser, { width: 360, height: 740 });
    await page.goto(`${ctx.app.baseUrl}/templates/${sample.refname}`);
    await page.getByRole('link', { name: 'Έναρξη' }).click();
    await loginWithBank(page);
    await page.waitForURL(new RegExp(`/issue/[^/]+/${sample.step}$`));
    await expect.poll(() => h1(page).textContent()).toBe(sample.title);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, `catalogue-${sample.refname}-360-el`);

    await sample.fill(page);
    await page.getByRole('button', { name: 'Συνέχεια' }).click();
    await expect.poll(() => page.getByText(sample.error).first().isVisible()).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, `catalogue-${sample.refname}-360-el-error`);
    await context.close();
  });
});
