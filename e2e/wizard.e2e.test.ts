import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  focusedElement,
  hasHorizontalScroll,
  loginWithBank,
  newPage,
  screenshot,
  seriousAccessibilityViolations,
  useAppAndBrowser,
} from './harness';

const STATEMENT = 'Δηλώνω ότι τα στοιχεία της αίτησής μου είναι αληθή και ακριβή.';
const STATEMENT_EN = 'I declare that the details of my application are true and accurate.';

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** The wizard's address at a step: /issue/{id}/{step}. */
const stepUrl = (step: string) => new RegExp(`/issue/[^/]+/${step}$`);

/** From the template page of solemn-declaration, through login, to the first step. */
async function startSolemnDeclaration(page: Page, baseUrl: string, start = 'Έναρξη') {
  await page.goto(`${baseUrl}/templates/solemn-declaration`);
  await expect.poll(() => h1(page).textContent()).toContain('(άρθρο 8 Ν.1599/1986)');
  await page.getByRole('link', { name: start }).click();
  await page.waitForURL(/\/login\?next=%2Ftemplates%2Fsolemn-declaration%2Fcreate/);
  expect(page.url()).toContain('template=solemn-declaration');
  await loginWithBank(page);
  await page.waitForURL(stepUrl('fields'));
}

describe('issuing a solemn declaration through the wizard', () => {
  const ctx = useAppAndBrowser();

  it('goes from the template page to the preview in Greek, accessibly, and edits back', async () => {
    const { context, page, consoleErrors } = await newPage(ctx.browser);
    await page.goto(`${ctx.app.baseUrl}/templates/solemn-declaration`);
    await expect.poll(() => h1(page).textContent()).toBe('Υπεύθυνη δήλωση (άρθρο 8 Ν.1599/1986)');
    expect(await page.getByText('Κωδικός υποδείγματος: YD1').isVisible()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'wizard-template-el');

    await page.getByRole('link', { name: 'Έναρξη' }).click();
    await page.waitForURL(/\/login\?next=%2Ftemplates%2Fsolemn-declaration%2Fcreate/);
    await loginWithBank(page);

    // Step 1: the declaration's text.
    await page.waitForURL(stepUrl('fields'));
    await expect.poll(() => h1(page).textContent()).toBe('Στοιχεία δήλωσης');
    expect(await page.getByText('Βήμα 1 από 4').isVisible()).toBe(true);
    expect(
      await page.getByRole('list', { name: 'Βήματα έκδοσης' }).getByRole('listitem').count(),
    ).toBe(4);
    expect(await page.title()).toContain('Στοιχεία δήλωσης');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'wizard-step1-el');
    await page.getByRole('textbox', { name: /Κείμενο δήλωσης/ }).fill(STATEMENT);
    await page.getByRole('button', { name: 'Συνέχεια' }).click();

    // Step 2: the recipient, found by 3+ characters of its name.
    await page.waitForURL(stepUrl('recipient'));
    await expect.poll(() => h1(page).textContent()).toBe('Παραλήπτης');
    expect(await page.getByText('Βήμα 2 από 4').isVisible()).toBe(true);
    // Focus follows the step change to the new page title.
    await expect.poll(async () => (await focusedElement(page)).text).toBe('Παραλήπτης');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('searchbox', { name: 'Αναζήτηση φορέα' }).fill('Αθηνα');
    await page.getByRole('radio', { name: 'Δήμος Αθηναίων' }).check();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'wizard-step2-el');
    await page.getByRole('button', { name: 'Συνέχεια' }).click();

    // Step 3: the preview shows the text and the recipient.
    await page.waitForURL(stepUrl('preview'));
    await expect.poll(() => h1(page).textContent()).toBe('Προεπισκόπηση');
    expect(await page.getByText('Βήμα 3 από 4').isVisible()).toBe(true);
    expect(await page.getByText(STATEMENT).first().isVisible()).toBe(true);
    expect(
      await page
        .getByText(/Δήμος Αθηναίων/)
        .first()
        .isVisible(),
    ).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'wizard-step3-preview-el');

    // Edit goes one step back, with the choice kept.
    await page.getByRole('button', { name: 'Επεξεργασία' }).click();
    await page.waitForURL(stepUrl('recipient'));
    await expect.poll(() => h1(page).textContent()).toBe('Παραλήπτης');
    expect(await page.getByRole('radio', { name: 'Δήμος Αθηναίων' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Συνέχεια' }).click();
    await page.waitForURL(stepUrl('preview'));

    // Reloading the address of an earlier step shows the server's step instead.
    const previewUrl = page.url();
    await page.goto(previewUrl.replace(/\/preview$/, '/fields'));
    await page.waitForURL(stepUrl('preview'));
    await expect.poll(() => h1(page).textContent()).toBe('Προεπισκόπηση');

    // Submitting the preview sends the SMS code and moves to the last step (issuance e2e goes on).
    await page.getByRole('button', { name: 'Υποβολή' }).click();
    await page.waitForURL(stepUrl('confirm'));
    await expect.poll(() => h1(page).textContent()).toBe('Επιβεβαίωση');
    expect(await page.getByText('Βήμα 4 από 4').isVisible()).toBe(true);

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('runs in English once the language is switched', async () => {
    const { context, page, consoleErrors } = await newPage(ctx.browser);
    await page.goto(`${ctx.app.baseUrl}/templates/solemn-declaration`);
    await expect.poll(() => h1(page).isVisible()).toBe(true);
    await page.getByRole('combobox', { name: 'Γλώσσα' }).selectOption('en');
    await expect
      .poll(() => h1(page).textContent())
      .toBe('Solemn declaration (article 8 of Law 1599/1986)');
    await page.getByRole('link', { name: 'Start' }).click();
    await page.waitForURL(/\/login\?/);
    await loginWithBank(page);
    await page.waitForURL(stepUrl('fields'));
    await expect.poll(() => h1(page).textContent()).toBe('Declaration details');
    expect(await page.getByText('Step 1 of 4').isVisible()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('textbox', { name: /Text of the declaration/ }).fill(STATEMENT_EN);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL(stepUrl('recipient'));
    await expect.poll(() => h1(page).textContent()).toBe('Recipient');
    expect(await page.getByText('Step 2 of 4').isVisible()).toBe(true);
    await page.getByRole('searchbox', { name: /search/i }).fill('Athens');
    await page.getByRole('radio', { name: 'Municipality of Athens' }).check();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL(stepUrl('preview'));
    await expect.poll(() => h1(page).textContent()).toBe('Preview');
    expect(await page.getByText('Step 3 of 4').isVisible()).toBe(true);
    expect(await page.getByText(STATEMENT_EN).first().isVisible()).toBe(true);
    expect(
      await page
        .getByText(/Municipality of Athens/)
        .first()
        .isVisible(),
    ).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'wizard-step3-preview-en');
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL(stepUrl('recipient'));
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows the required error in a summary and moves the focus to it', async () => {
    const { context, page, consoleErrors } = await newPage(ctx.browser);
    await startSolemnDeclaration(page, ctx.app.baseUrl);
    await expect.poll(() => h1(page).textContent()).toBe('Στοιχεία δήλωσης');
    await page.getByRole('button', { name: 'Συνέχεια' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'Υπάρχει πρόβλημα' });
    await expect.poll(() => summary.textContent()).toContain('Το πεδίο είναι υποχρεωτικό');
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.classList.contains('govgr-error-summary')),
      )
      .toBe(true);
    expect(page.url()).toMatch(stepUrl('fields'));
    const textbox = page.getByRole('textbox', { name: /Κείμενο δήλωσης/ });
    expect(await textbox.getAttribute('aria-invalid')).toBe('true');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'wizard-validation-el');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('reloads a document changed elsewhere and says so', async () => {
    const { context, page } = await newPage(ctx.browser);
    await startSolemnDeclaration(page, ctx.app.baseUrl);
    await expect.poll(() => h1(page).textContent()).toBe('Στοιχεία δήλωσης');
    // Another tab saves the step first (same session, the digest the page holds goes stale).
    const changed = 'Κείμενο που αποθηκεύτηκε από άλλη καρτέλα.';
    const status = await page.evaluate(async (statement) => {
      const id = window.location.pathname.split('/')[2] ?? '';
      const token = JSON.parse(localStorage.getItem('dilosi.session') ?? '{}').token as string;
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const current = await fetch(`/api/my-declarations/${id}`, { headers }).then((r) => r.json());
      const document = current.data.document;
      const saved = await fetch(`/api/my-declarations/${id}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          document: {
            'declaration-id': document['declaration-id'],
            'digest-sha256': document['digest-sha256'],
            statements: { statement },
            attachments: {},
          },
        }),
      });
      await fetch(`/api/my-declarations/${id}/backstep`, {
        method: 'POST',
        headers: { authorization: headers.authorization },
      });
      return saved.status;
    }, changed);
    expect(status).toBe(200);

    await page.getByRole('textbox', { name: /Κείμενο δήλωσης/ }).fill(STATEMENT);
    await page.getByRole('button', { name: 'Συνέχεια' }).click();
    await expect
      .poll(() =>
        page.getByRole('status').filter({ hasText: 'Το έγγραφο άλλαξε στο μεταξύ' }).count(),
      )
      .toBe(1);
    await expect
      .poll(() => page.getByRole('textbox', { name: /Κείμενο δήλωσης/ }).inputValue())
      .toBe(changed);
    expect(page.url()).toMatch(stepUrl('fields'));
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await context.close();
  });

  it('explains why a restricted template cannot be used', async () => {
    const { context, page } = await newPage(ctx.browser);
    await page.goto(`${ctx.app.baseUrl}/login?next=%2Ftemplates%2Fcivil-servant-leave`);
    await loginWithBank(page);
    await page.waitForURL(/\/templates\/civil-servant-leave$/);
    await expect
      .poll(() => h1(page).textContent())
      .toBe('Δεν μπορείτε να χρησιμοποιήσετε αυτό το έγγραφο');
    expect(await page.getByText('μόνο για δημοσίους υπαλλήλους').isVisible()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await context.close();
  });

  it('fits a 360 px wide phone without horizontal scrolling', async () => {
    const { context, page } = await newPage(ctx.browser, { width: 360, height: 740 });
    await startSolemnDeclaration(page, ctx.app.baseUrl);
    await expect.poll(() => h1(page).textContent()).toBe('Στοιχεία δήλωσης');
    expect(await page.getByText('Βήμα 1 από 4').isVisible()).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, 'wizard-step1-360');
    await page.getByRole('textbox', { name: /Κείμενο δήλωσης/ }).fill(STATEMENT);
    await page.getByRole('button', { name: 'Συνέχεια' }).click();
    await page.waitForURL(stepUrl('recipient'));
    await page.getByRole('searchbox', { name: 'Αναζήτηση φορέα' }).fill('Αθηνα');
    await page.getByRole('radio', { name: 'Δήμος Αθηναίων' }).check();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole('button', { name: 'Συνέχεια' }).click();
    await page.waitForURL(stepUrl('preview'));
    await expect.poll(() => page.getByText(STATEMENT).first().isVisible()).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, 'wizard-preview-360');
    await context.close();
  });

  it('renders every component of the development template, and uploads a PDF', async () => {
    const { context, page, consoleErrors } = await newPage(ctx.browser);
    await page.goto(`${ctx.app.baseUrl}/templates/dev-all-components/create`);
    await page.waitForURL(/\/login\?/);
    await loginWithBank(page);
    const noUnresolved = async () => {
      expect(await page.getByText('Cannot resolve component').count()).toBe(0);
      expect(await page.getByText(/Missing component/).count()).toBe(0);
      expect(await page.getByText('has no component').count()).toBe(0);
    };

    // Inputs: text, numbers, dates.
    await page.waitForURL(stepUrl('inputs'));
    await expect.poll(() => h1(page).textContent()).toBe('Πεδία κειμένου και αριθμών');
    expect(await page.getByText('Βήμα 1 από 4').isVisible()).toBe(true);
    await noUnresolved();
    await screenshot(page, 'wizard-dev-all-components');
    await page.getByRole('textbox', { name: /Σύντομο κείμενο/ }).fill('Δοκιμή');
    await page.getByRole('button', { name: 'Συνέχεια' }).click();

    // Choices and lists.
    await page.waitForURL(stepUrl('choices'));
    await expect.poll(() => h1(page).textContent()).toBe('Επιλογές και λίστες');
    await noUnresolved();
    await screenshot(page, 'wizard-dev-all-components-choices');
    await page.getByRole('checkbox', { name: /Αποδέχομαι τους όρους χρήσης/ }).check();
    await page.getByRole('combobox', { name: /Αγαπημένο χρώμα/ }).selectOption('blue');
    // The rates' rule wants a sum above 0; the preference list asks for a first choice.
    await page.getByRole('combobox', { name: /1η προτίμηση/ }).selectOption({ index: 1 });
    await page.getByRole('spinbutton', { name: /Ποσοστό συνιδιοκτησίας/ }).fill('50');
    await page.getByRole('spinbutton', { name: /Ποσοστό συζύγου/ }).fill('50');
    // A hierarchical select over the API's dataset (issue #36): the region, then its units.
    const unit = page.getByRole('group', { name: /Περιφερειακή ενότητα κατοικίας/ });
    await unit.getByRole('combobox', { name: 'Περιφέρεια' }).selectOption({ label: 'Κρήτη' });
    const units = unit.getByRole('combobox', { name: 'Περιφερειακή ενότητα' });
    await expect
      .poll(() => units.locator('option').allTextContents())
      .toEqual(['Επιλέξτε', 'Ηράκλειο', 'Λασίθι', 'Ρέθυμνο', 'Χανιά']);
    await units.selectOption({ label: 'Χανιά' });
    await page.getByRole('button', { name: 'Συνέχεια' }).click();

    // Display components and an attachment, sent as multipart.
    await page.waitForURL(stepUrl('display'));
    await expect.poll(() => h1(page).textContent()).toBe('Στοιχεία εμφάνισης');
    await noUnresolved();
    await screenshot(page, 'wizard-dev-all-components-display');
    const pdf = await PDFDocument.create();
    pdf.addPage([200, 200]).drawText('Dilosi e2e', { x: 20, y: 100 });
    const bytes = Buffer.from(await pdf.save());
    const fileInput = page.locator('input[type="file"]');
    expect(await fileInput.first().isVisible()).toBe(true);
    await fileInput.setInputFiles({
      name: 'dilosi-e2e.pdf',
      mimeType: 'application/pdf',
      buffer: bytes,
    });
    await page.getByRole('button', { name: 'Συνέχεια' }).click();
    await page.waitForURL(stepUrl('recipient'));
    await expect.poll(() => h1(page).textContent()).toBe('Παραλήπτης');
    await noUnresolved();
    const attachments = await page.evaluate(async () => {
      const id = window.location.pathname.split('/')[2] ?? '';
      const token = JSON.parse(localStorage.getItem('dilosi.session') ?? '{}').token as string;
      const answer = await fetch(`/api/my-declarations/${id}`, {
        headers: { authorization: `Bearer ${token}` },
      }).then((r) => r.json());
      return answer.data.document.attachments as Record<string, { filename: string }[]>;
    });
    expect(attachments.attachment_field?.map((file) => file.filename)).toEqual(['dilosi-e2e.pdf']);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('template pages', () => {
  const ctx = useAppAndBrowser();

  it('sends a disabled template to the disabled page', async () => {
    const { context, page } = await newPage(ctx.browser);
    await page.goto(`${ctx.app.baseUrl}/templates/unemployment-card-renewal`);
    await page.waitForURL(/\/templates\/unemployment-card-renewal\/disabled$/);
    await expect.poll(() => h1(page).textContent()).toBe('Η υπηρεσία δεν είναι διαθέσιμη');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await context.close();
  });

  it('answers not-found for an unknown template and an unknown document', async () => {
    const { context, page } = await newPage(ctx.browser);
    await page.goto(`${ctx.app.baseUrl}/templates/no-such-template`);
    await expect.poll(() => h1(page).textContent()).toBe('Η σελίδα δεν βρέθηκε');
    await page.goto(
      `${ctx.app.baseUrl}/login?next=%2Fissue%2F00000000-0000-4000-8000-000000000000`,
    );
    await loginWithBank(page);
    await page.waitForURL(/\/issue\//);
    await expect.poll(() => h1(page).textContent()).toBe('Η σελίδα δεν βρέθηκε');
    await context.close();
  });

  it('finds templates by search, by code and by type', async () => {
    const { context, page, consoleErrors } = await newPage(ctx.browser);
    await page.goto(`${ctx.app.baseUrl}/create/search`);
    await expect.poll(() => h1(page).textContent()).toBe('Αναζήτηση εγγράφου');
    await page.getByRole('searchbox', { name: 'Τι έγγραφο θέλετε να εκδώσετε;' }).fill('απώλεια');
    await page.getByRole('button', { name: 'Αναζήτηση' }).click();
    await page.waitForURL(/\/create\/search\?q=/);
    const result = page.getByRole('link', { name: /απώλειας δελτίου αστυνομικής ταυτότητας/ });
    await expect.poll(() => result.isVisible()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'wizard-template-search');
    await result.click();
    await page.waitForURL(/\/templates\/id-loss-declaration$/);

    await page.goto(`${ctx.app.baseUrl}/create/code`);
    const code = page.getByRole('textbox', { name: 'Κωδικός υποδείγματος' });
    await code.fill('ZZ9');
    await page.getByRole('button', { name: 'Συνέχεια' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Δεν βρέθηκε υπόδειγμα με τον κωδικό «ZZ9»');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await code.fill('yd1');
    await page.getByRole('button', { name: 'Συνέχεια' }).click();
    await page.waitForURL(/\/templates\/solemn-declaration$/);

    await page.goto(`${ctx.app.baseUrl}/create/type`);
    await page.getByRole('radio', { name: 'Εξουσιοδότηση' }).check();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Συνέχεια' }).click();
    await page.waitForURL(/\/create\/search\?type=authorisation/);
    await expect
      .poll(() => page.getByRole('link', { name: 'Εξουσιοδότηση σε τρίτο πρόσωπο' }).isVisible())
      .toBe(true);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('an anonymous template logs in anonymously and solves the captcha before creating', async () => {
    const { context, page } = await newPage(ctx.browser);
    await page.goto(`${ctx.app.baseUrl}/templates/anonymous-complaint`);
    await expect.poll(() => h1(page).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Έναρξη' }).click();
    await page.waitForURL(/provider=anon|\/idp\//);
    await page.getByRole('button', { name: /Συνέχεια ανώνυμα/ }).click();
    await page.waitForURL(/\/issue\/[^/]+\/[^/]+$/, { timeout: 30_000 });
    await expect.poll(() => h1(page).isVisible()).toBe(true);
    expect(await page.getByText('Cannot resolve component').count()).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await context.close();
  });

  it('a collectable template opened with a trailing slash goes to its ui-form', async () => {
    const { context, page } = await newPage(ctx.browser);
    await page.goto(`${ctx.app.baseUrl}/templates/school-trip-consent/`);
    await page.waitForURL(/\/login\?next=%2Ftemplates%2Fschool-trip-consent%2Fui-form%2Fcreate/);
    await page.goto(`${ctx.app.baseUrl}/templates/solemn-declaration/`);
    await page.waitForURL(/\/templates\/solemn-declaration$/);
    await context.close();
  });
});
