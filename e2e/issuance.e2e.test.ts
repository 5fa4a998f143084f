import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  focusedElement,
  hasHorizontalScroll,
  latestOtpCode,
  newPage,
  reachConfirmStep,
  readOutbox,
  screenshot,
  seriousAccessibilityViolations,
  useAppAndBrowser,
} from './harness';

const STATEMENT = 'Δηλώνω ότι δεν έχω λάβει άλλη ενίσχυση για τον ίδιο σκοπό.';

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const stepUrl = (step: string) => new RegExp(`/issue/[^/]+/${step}$`);
const DONE_URL = /\/dilosi\/[^/]+\/done$/;
/** A reference code as the page shows it: four groups of four. */
const REFCODE = /[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/;

/** The document id of the wizard's address /issue/{id}/{step}. */
const documentIdOf = (page: Page) => new URL(page.url()).pathname.split('/')[2] ?? '';

/** The toasts (snackbars) currently shown, as text. */
const toastsText = (page: Page) =>
  page.locator('.dilosi-toasts').evaluate((element) => element.textContent ?? '');

describe('issuing a solemn declaration with the SMS code, and the issued document', () => {
  const ctx = useAppAndBrowser();

  it('confirms with the code, then downloads, sends, shares and revokes the document', async () => {
    const { baseUrl } = ctx.app;
    const { context, page, consoleErrors } = await newPage(ctx.browser);
    await reachConfirmStep(page, baseUrl, STATEMENT);
    const documentId = documentIdOf(page);
    expect(await page.getByText('Βήμα 4 από 4').isVisible()).toBe(true);

    // The SMS code arrives (here: in the development outbox).
    await expect.poll(() => latestOtpCode(baseUrl, documentId)).toMatch(/^\d{6}$/);
    const code = (await latestOtpCode(baseUrl, documentId)) ?? '';
    const codeBox = page.getByRole('textbox', { name: /Κωδικός επιβεβαίωσης/ });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'issuance-confirm-el');

    // Asking for a new code at once is not checked against the empty field, and is refused
    // by the server with the time to wait.
    await page.getByRole('button', { name: 'Αποστολή νέου κωδικού' }).click();
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toMatch(/Ο κωδικός έχει ήδη σταλεί.*δευτερόλεπτ/s);
    expect(await page.getByText('Το πεδίο είναι υποχρεωτικό').count()).toBe(0);

    // A wrong code: the message on the field.
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await codeBox.fill(wrong);
    await page.getByRole('button', { name: 'Επιβεβαίωση' }).click();
    await expect
      .poll(async () => (await page.locator('.govgr-error-message').allTextContents()).join(' '))
      .toContain('Λανθασμένος κωδικός επιβεβαίωσης.');
    expect(await codeBox.getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toMatch(stepUrl('confirm'));
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The right code issues the document.
    await codeBox.fill(code);
    await page.getByRole('button', { name: 'Επιβεβαίωση' }).click();
    await page.waitForURL(DONE_URL);
    await expect.poll(() => h1(page).textContent()).toBe('Το έγγραφό σας εκδόθηκε με επιτυχία');
    const panelText = await page.locator('.dilosi-done-panel').textContent();
    expect(panelText).toMatch(new RegExp(`Κωδικός επαλήθευσης: ${REFCODE.source}`));
    const refcode = REFCODE.exec(panelText ?? '')?.[0] ?? '';
    expect(await page.getByText(STATEMENT).first().isVisible()).toBe(true);
    const sidebar = page.getByRole('complementary');
    expect(await sidebar.getByText('Εκδόθηκε', { exact: true }).isVisible()).toBe(true);
    expect(await sidebar.getByText(refcode, { exact: true }).isVisible()).toBe(true);
    expect(await sidebar.getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/).isVisible()).toBe(
      true,
    );
    const qr = sidebar.getByRole('img', { name: new RegExp(`QR code επαλήθευσης.*${refcode}`) });
    await expect.poll(() => qr.locator('svg').count()).toBe(1);
    expect((await qr.boundingBox())?.width).toBe(180);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'issuance-done-el');

    // The PDF: a real download of the sealed file.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Λήψη PDF' }).click(),
    ]);
    const pdf = await fs.readFile(await download.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(10 * 1024);
    // The keyboard focus stays on the button, not lost to <body> while the file was prepared.
    await expect.poll(() => focusedElement(page)).toEqual({ tag: 'BUTTON', text: 'Λήψη PDF' });

    // By e-mail, to the citizen's own address (filled in for her).
    const emailsBefore = (await readOutbox(baseUrl, { channel: 'email' })).filter(
      (message) => message.document_id === documentId,
    ).length;
    await page.getByRole('button', { name: 'Αποστολή με email' }).click();
    const emailDialog = page.getByRole('dialog', { name: 'Αποστολή του εγγράφου με email' });
    await expect.poll(() => emailDialog.isVisible()).toBe(true);
    const emailBox = emailDialog.getByRole('textbox', { name: 'Διεύθυνση email' });
    expect(await emailBox.inputValue()).toBe('maria.papadopoulou@example.gr');
    await expect.poll(async () => (await focusedElement(page)).tag).toBe('INPUT');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await emailDialog.getByRole('button', { name: 'Αποστολή' }).click();
    await expect.poll(() => toastsText(page)).toContain('στάλθηκε');
    await expect.poll(() => emailDialog.isVisible()).toBe(false);
    await expect
      .poll(
        async () =>
          (await readOutbox(baseUrl, { channel: 'email' })).filter(
            (message) => message.document_id === documentId,
          ).length,
      )
      .toBeGreaterThan(emailsBefore);

    // Sharing needs first name, surname and tax number: the missing one is reported.
    const shareButton = page.getByRole('button', { name: 'Κοινοποίηση', exact: true });
    await shareButton.click();
    const shareDialog = page.getByRole('dialog', { name: 'Κοινοποίηση του εγγράφου' });
    await shareDialog.getByRole('textbox', { name: 'Όνομα' }).fill('ΓΙΑΝΝΗΣ');
    await shareDialog.getByRole('textbox', { name: 'Επώνυμο' }).fill('ΙΩΑΝΝΟΥ');
    await shareDialog.getByRole('button', { name: 'Κοινοποίηση' }).click();
    const shareSummary = shareDialog.getByRole('alert');
    await expect.poll(() => shareSummary.textContent()).toContain('Υπάρχει πρόβλημα');
    expect(await shareSummary.textContent()).toContain('Το πεδίο είναι υποχρεωτικό');
    const afmBox = shareDialog.getByRole('textbox', { name: 'ΑΦΜ' });
    expect(await afmBox.getAttribute('aria-invalid')).toBe('true');
    await afmBox.fill('123456789');
    await shareDialog.getByRole('button', { name: 'Κοινοποίηση' }).click();
    await expect.poll(() => shareSummary.textContent()).toContain('Ο ΑΦΜ δεν είναι έγκυρος');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // Escape closes the dialog and the focus goes back to the button that opened it.
    await page.keyboard.press('Escape');
    await expect.poll(() => shareDialog.isVisible()).toBe(false);
    await expect.poll(async () => (await focusedElement(page)).text).toBe('Κοινοποίηση');

    // The same page in English, on a desktop and on a phone.
    await page.setViewportSize({ width: 360, height: 800 });
    await expect.poll(() => hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, 'issuance-done-el-360');
    await page.getByRole('combobox', { name: 'Γλώσσα' }).selectOption('en');
    await expect
      .poll(() => h1(page).textContent())
      .toBe('Your document has been issued successfully');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, 'issuance-done-en-360');
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'issuance-done-en');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('el');
    await expect.poll(() => h1(page).textContent()).toBe('Το έγγραφό σας εκδόθηκε με επιτυχία');

    // Revocation, after a warning that it is final.
    await page.getByRole('button', { name: 'Ανάκληση', exact: true }).click();
    const revokeDialog = page.getByRole('dialog', { name: 'Ανάκληση του εγγράφου' });
    await expect.poll(() => revokeDialog.textContent()).toContain('οριστική');
    await revokeDialog.getByRole('button', { name: 'Ανάκληση εγγράφου' }).click();
    await expect.poll(() => toastsText(page)).toContain('Το έγγραφο έχει ανακληθεί.');
    await expect.poll(() => h1(page).textContent()).toBe('Το έγγραφο έχει ανακληθεί.');
    expect(await sidebar.getByText('Ανακλήθηκε', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Λήψη PDF' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Ανάκληση', exact: true }).count()).toBe(0);
    expect(await sidebar.getByRole('button', { name: 'Απόκρυψη' }).isVisible()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'issuance-revoked-el');

    // The refusals asked for above are the only failed requests (wrong code 400, resend 429).
    expect(consoleErrors.filter((e) => !/\b(400|429)\b/.test(e))).toEqual([]);
    await context.close();
  });

  it('lists the messages on the development outbox page', async () => {
    const { context, page, consoleErrors } = await newPage(ctx.browser);
    await page.goto(`${ctx.app.baseUrl}/dev`);
    await page.waitForURL(/\/dev\/outbox$/);
    await expect.poll(() => h1(page).textContent()).toContain('Εξερχόμενα μηνύματα');
    const table = page.getByRole('table');
    // The SMS codes and e-mails of the test above, newest first.
    await expect.poll(() => table.textContent()).toContain('SMS');
    expect(await table.textContent()).toContain('EMAIL');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('issuing with REFCODE_ENABLED=false', () => {
  const ctx = useAppAndBrowser({ REFCODE_ENABLED: 'false' });

  it('shows the issued document without a reference code or a QR code', async () => {
    const { baseUrl } = ctx.app;
    const { context, page, consoleErrors } = await newPage(ctx.browser);
    await reachConfirmStep(page, baseUrl, STATEMENT);
    const documentId = documentIdOf(page);
    await expect.poll(() => latestOtpCode(baseUrl, documentId)).toMatch(/^\d{6}$/);
    await page
      .getByRole('textbox', { name: /Κωδικός επιβεβαίωσης/ })
      .fill((await latestOtpCode(baseUrl, documentId)) ?? '');
    await page.getByRole('button', { name: 'Επιβεβαίωση' }).click();
    await page.waitForURL(DONE_URL);
    await expect.poll(() => h1(page).textContent()).toBe('Το έγγραφό σας εκδόθηκε με επιτυχία');
    expect(await page.getByText(/Κωδικός επαλήθευσης/).count()).toBe(0);
    expect(await page.getByRole('img', { name: /QR code/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Λήψη PDF' }).isVisible()).toBe(true);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
