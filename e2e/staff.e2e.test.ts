import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  hasHorizontalScroll,
  newPage,
  screenshot,
  seriousAccessibilityViolations,
  useAppAndBrowser,
} from './harness';

/** The admin login as a demo civil servant; lands on the entities list. */
async function loginAsStaff(page: Page, baseUrl: string, person: RegExp) {
  await page.goto(`${baseUrl}/dashboard-login`);
  await page
    .getByRole('link', {
      name: /Σύνδεση με κωδικούς Δημόσιας Διοίκησης|public administration credentials/,
    })
    .click();
  await page.getByRole('button', { name: person }).click();
  await page.waitForURL(`${baseUrl}/dashboard/entities/list`);
}

const HEAD = /ΚΩΝΣΤΑΝΤΙΝΟΣ ΙΩΑΝΝΙΔΗΣ/;
const PERSON = /ΓΕΩΡΓΙΟΣ ΑΝΤΩΝΙΟΥ/;
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

describe('staff and permission requests', () => {
  const ctx = useAppAndBrowser();

  it('a person asks for the clerk role at Athens, the head accepts, then deactivates them', async () => {
    const { baseUrl } = ctx.app;
    // Γεώργιος, a civil servant with no role, asks for the clerk role at Athens.
    const person = await newPage(ctx.browser);
    await loginAsStaff(person.page, baseUrl, PERSON);
    await person.page.getByRole('link', { name: 'Αιτήματα πρόσβασης σε φορέα' }).click();
    await person.page.waitForURL(/\/dashboard\/entities\/requests\/list$/);
    await expect.poll(() => h1(person.page).textContent()).toBe('Αιτήματα πρόσβασης σε φορέα');
    await person.page.getByRole('button', { name: 'Νέο αίτημα' }).click();
    await person.page.getByLabel('Όνομα φορέα').fill('dimos_athinaion');
    await person.page.getByRole('button', { name: 'Υποβολή αιτήματος' }).click();
    await expect.poll(() => person.page.getByRole('table').textContent()).toContain('Σε αναμονή');
    expect(await seriousAccessibilityViolations(person.page)).toEqual([]);
    await screenshot(person.page, 'staff-requests-1280-el');

    // The head of Athens accepts the request.
    const head = await newPage(ctx.browser);
    await loginAsStaff(head.page, baseUrl, HEAD);
    await head.page.getByRole('link', { name: /^Διαχείριση/ }).click();
    await head.page.waitForURL(/\/users\/active$/);
    await head.page.getByRole('link', { name: 'Αιτήματα πρόσβασης' }).click();
    await head.page.waitForURL(/\/users\/pending$/);
    await expect.poll(() => head.page.getByRole('table').textContent()).toContain('ΓΕΩΡΓΙΟΣ');
    expect(await seriousAccessibilityViolations(head.page)).toEqual([]);
    await screenshot(head.page, 'staff-pending-1280-el');
    await head.page.getByRole('button', { name: /^Αποδοχή αιτήματος: ΓΕΩΡΓΙΟΣ ΑΝΤΩΝΙΟΥ/ }).click();
    await expect
      .poll(() => head.page.getByText('Δεν υπάρχουν αιτήματα σε αναμονή.').isVisible())
      .toBe(true);

    // Γεώργιος now sees the Athens inbox.
    await person.page.goto(`${baseUrl}/dashboard/entities/list`);
    await person.page.getByRole('link', { name: 'Δήμος Αθηναίων' }).click();
    await person.page.waitForURL(/\/inbox\/list\/all$/);
    await expect
      .poll(() => person.page.getByRole('navigation', { name: 'Λίστες υποθέσεων' }).textContent())
      .toContain('Όλες (150)');
    const inboxUrl = person.page.url();

    // The head deactivates him, after a confirmation.
    await head.page.getByRole('link', { name: 'Προσωπικό' }).click();
    await head.page.waitForURL(/\/users\/active$/);
    await head.page.getByRole('button', { name: /^Διαγραφή: ΓΕΩΡΓΙΟΣ ΑΝΤΩΝΙΟΥ/ }).click();
    expect(await seriousAccessibilityViolations(head.page)).toEqual([]);
    await head.page.getByRole('dialog').getByRole('button', { name: 'Επιβεβαίωση' }).click();
    await expect.poll(() => head.page.getByRole('table').textContent()).not.toContain('ΓΕΩΡΓΙΟΣ');
    await screenshot(head.page, 'staff-active-1280-el');

    // His very next request is refused and the dashboard sends him to the entities list.
    await person.page.goto(inboxUrl);
    await person.page.waitForURL(`${baseUrl}/dashboard/entities/list`);
    await expect
      .poll(() => person.page.getByText('Δεν έχετε πρόσβαση σε κάποιον φορέα.').isVisible())
      .toBe(true);
    expect(head.consoleErrors).toEqual([]);
    await person.context.close();
    await head.context.close();
  });

  it('the settings and staff pages are accessible and fit a 360 px phone', async () => {
    const { baseUrl } = ctx.app;
    const { context, page, consoleErrors } = await newPage(ctx.browser, {
      width: 360,
      height: 780,
    });
    await loginAsStaff(page, baseUrl, HEAD);
    await page.getByRole('link', { name: /^Διαχείριση/ }).click();
    await page.waitForURL(/\/users\/active$/);
    const entityBase = page.url().replace(/\/users\/active$/, '');
    for (const [tail, name] of [
      ['/users/active', 'staff-active-360'],
      ['/users/pending', 'staff-pending-360'],
      ['/settings', 'staff-settings-360'],
    ] as const) {
      await page.goto(`${entityBase}${tail}`);
      await expect.poll(() => h1(page).isVisible()).toBe(true);
      expect(await seriousAccessibilityViolations(page), tail).toEqual([]);
      expect(await hasHorizontalScroll(page), tail).toBe(false);
      await screenshot(page, name);
    }
    // A wrong e-mail: the error summary takes the focus and names the field.
    await page.getByLabel('E-mail').fill('not-an-address');
    await page.getByRole('button', { name: 'Αποθήκευση' }).click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.className ?? ''))
      .toContain('govgr-error-summary');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'staff-settings-1280-el');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
  it("a head reads the entity's statistics, on a desktop and a phone, in Greek and English", async () => {
    const { baseUrl } = ctx.app;
    const { context, page, consoleErrors } = await newPage(ctx.browser);
    await loginAsStaff(page, baseUrl, HEAD);
    await page.getByRole('link', { name: /^Διαχείριση/ }).click();
    await page.waitForURL(/\/users\/active$/);
    await page.getByRole('link', { name: 'Στατιστικά' }).click();
    await page.waitForURL(/\/statistics$/);
    await expect.poll(() => h1(page).textContent()).toBe('Στατιστικά');
    // The demo cases of Athens arrived over the last 90 days: the 12 weeks hold most of them.
    const weekly = page.getByRole('table', { name: /ανά εβδομάδα/ });
    await expect.poll(async () => (await weekly.getByRole('row').count()) - 1).toBeGreaterThan(11);
    await expect
      .poll(() => page.locator('.dilosi-statistics-chart .recharts-wrapper').count())
      .toBe(3);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'statistics-1280-el');
    // One template: the address keeps it, the figures follow.
    const select = page.getByLabel('Έντυπο');
    const choice = await select.locator('option').nth(1).getAttribute('value');
    await select.selectOption(choice ?? '');
    await page.getByRole('button', { name: 'Εμφάνιση' }).click();
    await page.waitForURL(new RegExp(`template=${choice}`));
    await expect.poll(() => select.inputValue()).toBe(choice);
    await page.setViewportSize({ width: 360, height: 780 });
    await expect.poll(() => h1(page).isVisible()).toBe(true);
    // The charts follow the new width after a resize observer fires: wait for them to shrink.
    await expect.poll(() => hasHorizontalScroll(page)).toBe(false);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'statistics-360-el');
    await page.getByRole('combobox', { name: 'Γλώσσα' }).selectOption('en');
    await expect.poll(() => h1(page).textContent()).toBe('Statistics');
    await screenshot(page, 'statistics-360-en');
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'statistics-1280-en');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
