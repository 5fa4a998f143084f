import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  confirmWithSmsCode,
  hasHorizontalScroll,
  loginAsStaff,
  newPage,
  openAthensIncoming,
  reachConfirmStep,
  readOutbox,
  screenshot,
  searchByCitizen,
  seriousAccessibilityViolations,
  useAppAndBrowser,
} from './harness';

const loginAsClerk = (page: Page, baseUrl: string) => loginAsStaff(page, baseUrl);

const STATEMENT = 'Δηλώνω ότι κατοικώ μόνιμα στην οδό Πατησίων 100, Αθήνα.';
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

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

  it('a citizen issues to Athens; the clerk assigns, notes, messages and finishes; the head sees it all', async () => {
    const { baseUrl } = ctx.app;
    // Maria issues a solemn declaration to the Municipality of Athens.
    const citizen = await newPage(ctx.browser);
    await reachConfirmStep(citizen.page, baseUrl, STATEMENT);
    await confirmWithSmsCode(citizen.page, baseUrl);
    await citizen.context.close();

    // The clerk finds it in incoming, typing the name in Latin script without accents.
    const { context, page, consoleErrors } = await newPage(ctx.browser);
    await openAthensIncoming(page, baseUrl);
    await searchByCitizen(page, 'maria papadopoulou');
    await page.waitForURL(/user=maria/);
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe('1 υποθέσεις');
    const row = page.getByRole('table').getByRole('row').nth(1);
    expect(await row.textContent()).toContain('ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ');
    await row.getByRole('link').click();
    await page.waitForURL(/\/inbox\/show\/declaration\/[^?]+\?.*tab=incoming/);
    await expect.poll(() => page.getByRole('tabpanel').textContent()).toContain(STATEMENT);
    const caseUrl = page.url();

    // Assigns herself with one button: the case becomes pending.
    await page.getByRole('button', { name: 'Ανάθεση' }).click();
    await page
      .getByRole('dialog', { name: 'Ανάθεση' })
      .getByRole('button', { name: 'Ανάθεση σε εμένα' })
      .click();
    await expect.poll(() => h1(page).textContent()).toContain('Σε εκκρεμότητα');

    // An internal note.
    await page.getByRole('button', { name: 'Σημείωση', exact: true }).click();
    await page.getByLabel(/Σημείωση \(δεν/).fill('Ελέγχθηκε η διεύθυνση στο δημοτολόγιο.');
    await page.getByRole('button', { name: 'Αποθήκευση' }).click();
    await expect.poll(() => page.getByRole('tab', { name: /Σημειώσεις \(1\)/ }).count()).toBe(1);

    // A message to the citizen: she gets an SMS alert.
    await page.getByRole('button', { name: 'Μήνυμα στον πολίτη' }).click();
    await page
      .getByLabel('Μήνυμα', { exact: true })
      .fill('Η δήλωσή σας παραλήφθηκε και ελέγχεται.');
    expect(await page.getByText('39 από 320 χαρακτήρες').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Αποστολή' }).click();
    await expect.poll(() => page.getByRole('tab', { name: /Μηνύματα \(1\)/ }).count()).toBe(1);
    await expect
      .poll(async () =>
        (await readOutbox(baseUrl, { channel: 'sms' })).some(
          (message) => message.message_key === 'case_message_sms',
        ),
      )
      .toBe(true);

    // Finished.
    await page.getByRole('button', { name: 'Αλλαγή κατάστασης' }).click();
    await page.getByLabel('Νέα κατάσταση').selectOption('finished');
    await page.getByRole('button', { name: 'Αποθήκευση' }).click();
    await expect.poll(() => h1(page).textContent()).toContain('Ολοκληρωμένη');

    // Shares the document with another person by tax number.
    await page.getByRole('button', { name: 'Κοινοποίηση' }).click();
    const share = page.getByRole('dialog', { name: 'Κοινοποίηση' });
    await share.getByLabel('Όνομα', { exact: true }).fill('Γιώργος');
    await share.getByLabel('Επώνυμο').fill('Βλάχος');
    await share.getByLabel('ΑΦΜ').fill('100000027');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await share.getByRole('button', { name: 'Κοινοποίηση' }).click();
    await expect.poll(() => page.getByText('Το έγγραφο κοινοποιήθηκε.').count()).toBe(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();

    // The head of Athens opens the case and reads its whole history.
    const head = await newPage(ctx.browser);
    await loginAsStaff(head.page, baseUrl, /ΚΩΝΣΤΑΝΤΙΝΟΣ ΙΩΑΝΝΙΔΗΣ/);
    await head.page.goto(caseUrl);
    await head.page.getByRole('tab', { name: /Ιστορικό \(7\)/ }).click();
    const history = head.page.getByRole('tabpanel');
    await expect.poll(() => history.getByRole('listitem').count()).toBe(7);
    const entries = await history.getByRole('listitem').allTextContents();
    expect(entries.map((entry) => entry.split(' — ')[1])).toEqual([
      'Παραλαβή',
      // The history names whom the case was assigned to (issue #33).
      'Ανάθεση σε ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ',
      'Αυτόματη αλλαγή κατάστασης: Σε εκκρεμότητα',
      'Σημείωση',
      'Αποστολή μηνύματος',
      'Αλλαγή κατάστασης: Ολοκληρωμένη',
      'Κοινοποίηση εγγράφου',
    ]);
    expect(entries.slice(1).every((entry) => entry.endsWith('ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ'))).toBe(true);
    await head.page.getByRole('tab', { name: /Σημειώσεις/ }).click();
    await expect
      .poll(() => head.page.getByRole('tabpanel').textContent())
      .toContain('Ελέγχθηκε η διεύθυνση στο δημοτολόγιο.');
    await screenshot(head.page, 'dashboard-case-head-1280-el');

    // The head takes the closed case off the lists.
    await head.page.getByRole('button', { name: 'Απομάκρυνση από τις λίστες' }).click();
    await head.page
      .getByRole('dialog', { name: 'Απομάκρυνση από τις λίστες' })
      .getByRole('button', { name: 'Επιβεβαίωση' })
      .click();
    await expect
      .poll(() => head.page.getByText(/Η υπόθεση έχει απομακρυνθεί από τις λίστες/).count())
      .toBe(1);
    const caseNumber = ((await h1(head.page).textContent()) ?? '').split(' — ')[0]?.trim() ?? '';
    expect(caseNumber).toMatch(/^\d{4}\/\d{6}$/);
    const allList = caseUrl.replace(/\/inbox\/show\/declaration\/.*$/, '/inbox/list/all');
    await head.page.goto(`${allList}?case=${encodeURIComponent(caseNumber)}`);
    await expect
      .poll(() => head.page.getByRole('status').first().textContent())
      .toBe('0 υποθέσεις');
    await head.context.close();
  });

  it('the list and the case in English at 1280 px, with no accessibility violations', async () => {
    const { context, page } = await newPage(ctx.browser, { locale: 'en-GB' });
    await context.addInitScript(() => window.localStorage.setItem('dilosi.lang', 'en'));
    await loginAsClerk(page, ctx.app.baseUrl);
    await page.getByRole('link', { name: /Municipality of Athens/ }).click();
    await page.waitForURL(/\/inbox\/list\/all$/);
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Case lists' }).isVisible())
      .toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'dashboard-inbox-1280-en');
    await page
      .getByRole('checkbox', { name: /^Select case/ })
      .first()
      .check();
    expect(
      await page.getByRole('group', { name: 'Actions on the selected cases' }).isVisible(),
    ).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('table').getByRole('link').nth(2).click();
    await page.waitForURL(/\/inbox\/show\/declaration\//);
    await expect.poll(() => page.getByRole('link', { name: 'Next case' }).isVisible()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'dashboard-case-1280-en');
    const first = page.url();
    await page.keyboard.press('j');
    await page.waitForURL((url) => url.toString() !== first);
    await expect
      .poll(() => page.getByRole('link', { name: 'Previous case' }).isVisible())
      .toBe(true);
    // `?` with the focus nowhere: the help opens in the middle of the screen, and closing it
    // leaves the focus on its button, not at the top of the page (issue #33).
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect.poll(() => help.isVisible()).toBe(true);
    const box = await help.boundingBox();
    const middle = (box?.x ?? 0) + (box?.width ?? 0) / 2;
    expect(Math.abs(middle - 640)).toBeLessThan(20);
    await page.keyboard.press('Escape');
    await expect.poll(() => help.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Keyboard shortcuts',
    );
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
