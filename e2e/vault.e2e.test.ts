import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  confirmWithSmsCode,
  hasHorizontalScroll,
  loginWithBank,
  newPage,
  reachConfirmStep,
  screenshot,
  seriousAccessibilityViolations,
  useAppAndBrowser,
} from './harness';

const STATEMENT = 'Δηλώνω ότι διαμένω μόνιμα στην Αθήνα.';
const DRAFT_STATEMENT = 'Δηλώνω ότι θα ολοκληρώσω αργότερα.';

/** As the pages show a reference code: groups of four. */
const grouped = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;

describe("the citizen's vault", () => {
  const ctx = useAppAndBrowser();
  let referenceCode = '';

  it('a citizen finds her issued document and her draft; resumes the draft, then deletes it', async () => {
    const { baseUrl } = ctx.app;
    const citizen = await newPage(ctx.browser);
    const page = citizen.page;
    const h1 = page.getByRole('heading', { level: 1 });
    const main = page.getByRole('main');

    // An issued document, to the Municipality of Athens.
    await reachConfirmStep(page, baseUrl, STATEMENT);
    await confirmWithSmsCode(page, baseUrl);
    referenceCode = decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '');

    // Someone validates it, in the international context: her vault will list the look-up.
    const lookedUpFrom = Date.now();
    const lookup = await fetch(`${baseUrl}/api/validation/document`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ 'document-id': referenceCode, context: 'international' }),
    });
    expect(lookup.status).toBe(200);
    const lookedUpTo = Date.now();

    // A draft, left at the recipient step.
    await page.goto(`${baseUrl}/templates/solemn-declaration`);
    await page.getByRole('link', { name: 'Έναρξη' }).click();
    await page.waitForURL(/\/issue\/[^/]+\/fields$/);
    const draftId = new URL(page.url()).pathname.split('/')[2] ?? '';
    await page.getByRole('textbox', { name: /Κείμενο δήλωσης/ }).fill(DRAFT_STATEMENT);
    await page.getByRole('button', { name: 'Συνέχεια' }).click();
    await page.waitForURL(/\/issue\/[^/]+\/recipient$/);

    // The vault lists the issued document; its page shows it.
    await page.getByRole('link', { name: 'Η θυρίδα μου' }).click();
    await page.waitForURL(`${baseUrl}/vault`);
    await expect.poll(() => h1.textContent()).toBe('Η θυρίδα μου');
    await expect.poll(() => main.textContent()).toContain(grouped(referenceCode));
    expect(await main.textContent()).toContain('Εκδόθηκε');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await main.getByRole('link', { name: 'Υπεύθυνη δήλωση' }).first().click();
    await page.waitForURL(/\/vault\/show\/[^/]+$/);
    await expect.poll(() => main.textContent()).toContain('Ποιος είδε το έγγραφό μου');
    expect(await main.textContent()).toContain(grouped(referenceCode));
    // The look-up, with its context and its time. The API process writes its log each second:
    // should the page have asked before, it is opened again (once its list has loaded).
    const lookupRow = main
      .locator('.dilosi-vault-log__row')
      .filter({ hasText: 'Έλεγχος εγκυρότητας (διεθνής σελίδα επαλήθευσης)' });
    const logLoaded = async () => {
      await expect.poll(() => main.textContent()).toContain('Ποιος είδε το έγγραφό μου');
      await expect
        .poll(() => main.getByRole('status').filter({ hasText: 'Φόρτωση' }).count())
        .toBe(0);
    };
    await logLoaded();
    for (let attempt = 0; attempt < 10 && (await lookupRow.count()) === 0; attempt += 1) {
      await page.waitForTimeout(1000);
      await page.reload();
      await logLoaded();
    }
    expect(await lookupRow.count()).toBe(1);
    const lookedUpAt = Date.parse((await lookupRow.locator('time').getAttribute('datetime')) ?? '');
    expect(lookedUpAt).toBeGreaterThanOrEqual(lookedUpFrom);
    expect(lookedUpAt).toBeLessThanOrEqual(lookedUpTo);
    await expect.poll(() => main.getByRole('button', { name: 'Λήψη PDF' }).count()).toBe(1);

    // Drafts: resume opens the wizard at the step where she stopped.
    await main.getByRole('link', { name: 'Προσχέδια' }).click();
    await page.waitForURL(`${baseUrl}/vault/drafts`);
    await main.getByRole('link', { name: 'Συνέχεια: Υπεύθυνη δήλωση' }).click();
    await page.waitForURL(`${baseUrl}/issue/${draftId}/recipient`);
    await page.goBack();
    await page.waitForURL(`${baseUrl}/vault/drafts`);

    // Delete: cancelled first, then confirmed.
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'vault-drafts-with-draft-1280-el');
    const deleteButton = main.getByRole('button', { name: 'Διαγραφή: Υπεύθυνη δήλωση' });
    await deleteButton.click();
    const dialog = page.getByRole('dialog', { name: 'Διαγραφή προσχεδίου' });
    await expect.poll(() => dialog.count()).toBe(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'vault-drafts-confirm-1280-el');
    await dialog.getByRole('button', { name: 'Άκυρο' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await deleteButton.click();
    await dialog.getByRole('button', { name: 'Ναι, διαγραφή' }).click();
    await expect.poll(() => page.getByText('Το προσχέδιο διαγράφηκε.').count()).toBe(1);
    await expect.poll(() => main.textContent()).toContain('Δεν έχετε προσχέδια.');
    const gone = await fetch(`${baseUrl}/api/my-declarations/${draftId}`, {
      headers: {
        Authorization: `Bearer ${await page.evaluate(() => JSON.parse(localStorage.getItem('dilosi.session') ?? '{}').token as string)}`,
      },
    });
    expect(gone.status).toBe(404);

    // Cases: the document she sent, as the municipality's case.
    await main.getByRole('link', { name: 'Υποθέσεις' }).click();
    await page.waitForURL(`${baseUrl}/vault/cases`);
    await expect.poll(() => main.textContent()).toContain('Εισερχόμενη');
    expect(await main.textContent()).toContain('Δήμος Αθηναίων');
    expect(citizen.consoleErrors).toEqual([]);
    await citizen.context.close();
  });

  for (const [width, locale] of [
    [1280, 'el'],
    [360, 'el'],
    [1280, 'en'],
    [360, 'en'],
  ] as const) {
    it(`the vault pages and /my pass axe at ${width} px in ${locale}`, async () => {
      const { baseUrl } = ctx.app;
      const viewer = await newPage(ctx.browser, {
        width,
        height: 900,
        locale: locale === 'en' ? 'en-GB' : 'el-GR',
      });
      await viewer.context.addInitScript(
        (lang) => window.localStorage.setItem('dilosi.lang', lang),
        locale,
      );
      const page = viewer.page;
      await reachHome(page, baseUrl);
      const h1 = page.getByRole('heading', { level: 1 });
      for (const [name, path] of [
        ['vault', '/vault'],
        ['vault-drafts', '/vault/drafts'],
        ['vault-cases', '/vault/cases'],
        ['vault-inbox', '/vault/inbox'],
        ['vault-show', `/vault/show/${encodeURIComponent(referenceCode)}`],
        ['my', '/my'],
      ] as const) {
        await page.goto(`${baseUrl}${path}`);
        await expect.poll(() => h1.count()).toBe(1);
        await expect.poll(() => page.locator('.dilosi-skeleton').count()).toBe(0);
        if (name === 'vault-show') {
          await expect
            .poll(() => page.getByRole('main').textContent())
            .toMatch(locale === 'el' ? /Ποιος είδε/ : /Who looked/);
          await expect
            .poll(() =>
              page
                .getByRole('status')
                .filter({ hasText: /Φόρτωση|Loading/ })
                .count(),
            )
            .toBe(0);
        }
        expect(await hasHorizontalScroll(page), `${path} scrolls sideways`).toBe(false);
        expect(await seriousAccessibilityViolations(page), path).toEqual([]);
        await screenshot(page, `${name}-${width}-${locale}`);
      }
      expect(viewer.consoleErrors).toEqual([]);
      await viewer.context.close();
    });
  }
});

/** Maria logs in (the bank provider) and lands on her home page. */
async function reachHome(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/login`);
  await loginWithBank(page);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}
