import { describe, expect, it } from 'vitest';
import {
  confirmWithSmsCode,
  newPage,
  openAthensIncoming,
  reachConfirmStep,
  searchByCitizen,
  seriousAccessibilityViolations,
  useAppAndBrowser,
} from './harness';

const STATEMENT = 'Δηλώνω ότι άλλαξα διεύθυνση κατοικίας στην Αθήνα.';
const BADGE = 'Νέα δραστηριότητα';

// Staff are told (issue #33): a new case carries a badge for the clerk until she opens it.
describe('new activity on the entity inbox', () => {
  const ctx = useAppAndBrowser();

  it('the clerk sees the badge on a new case, opens it, and the badge is gone', async () => {
    const { baseUrl } = ctx.app;
    const citizen = await newPage(ctx.browser);
    await reachConfirmStep(citizen.page, baseUrl, STATEMENT);
    await confirmWithSmsCode(citizen.page, baseUrl);
    await citizen.context.close();

    const { context, page, consoleErrors } = await newPage(ctx.browser);
    await openAthensIncoming(page, baseUrl);
    // The tabs count the cases with new activity.
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Λίστες υποθέσεων' }).textContent())
      .toMatch(/Εισερχόμενες \(\d+\) · \d+ νέα/);
    await searchByCitizen(page, 'maria papadopoulou');
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe('1 υποθέσεις');
    const row = page.getByRole('table').getByRole('row').nth(1);
    await expect.poll(() => row.textContent()).toContain(BADGE);
    expect(await row.textContent()).toContain('ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    const caseNumber = (await row.getByRole('link').textContent()) ?? '';

    await row.getByRole('link').click();
    await page.waitForURL(/\/inbox\/show\/declaration\//);
    await expect.poll(() => page.getByRole('tabpanel').textContent()).toContain(STATEMENT);
    await page.goBack();
    await page.waitForURL(/\/inbox\/list\/incoming\?user=/);
    const again = page.getByRole('table').getByRole('row').nth(1);
    await expect.poll(() => again.textContent()).toContain(caseNumber);
    await expect.poll(() => again.textContent()).not.toContain(BADGE);

    // Only the cases with new activity: hers is no longer among them.
    await page.goto(
      `${page.url().split('?')[0]}?activity=new&case=${encodeURIComponent(caseNumber)}`,
    );
    await expect.poll(() => page.getByText('Δεν βρέθηκαν υποθέσεις.').isVisible()).toBe(true);
    expect(
      await page.getByRole('checkbox', { name: 'Μόνο υποθέσεις με νέα δραστηριότητα' }).isChecked(),
    ).toBe(true);

    // Her own choice of e-mail alerts.
    await page.getByText('Ειδοποιήσεις με e-mail', { exact: true }).click();
    await page.getByRole('radio', { name: 'Μία σύνοψη την ημέρα' }).check();
    await page.getByRole('button', { name: 'Αποθήκευση' }).click();
    await expect.poll(() => page.getByText('Η επιλογή σας αποθηκεύτηκε.').isVisible()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
