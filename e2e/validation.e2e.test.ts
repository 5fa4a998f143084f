import type { Page } from 'playwright-core';
import QRCode from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  hasHorizontalScroll,
  loginWithBank,
  newPage,
  screenshot,
  seriousAccessibilityViolations,
  useAppAndBrowser,
} from './harness';

/**
 * Public validation (issue #6) in a real browser: by code in the Greek default context and in
 * the international context in English, by an uploaded picture of the QR code, and by PDF file.
 * The document is issued through the real API: a bank login in the browser, then create →
 * fields → recipient → submit → the SMS code read from the development outbox → confirm.
 */

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

type Issued = { code: string; formatted: string; pdf: Buffer };

async function issueDocument(page: Page, baseUrl: string): Promise<Issued> {
  await page.goto(`${baseUrl}/login?next=%2F`);
  await loginWithBank(page);
  await page.waitForURL(`${baseUrl}/`);
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('dilosi.session') ?? '{}').token as string,
  );
  const api = async <T>(method: string, path: string, json?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  type Answer = { data: { document: { id: string; reference_code: string | null } } };
  const created = await api<Answer>('POST', '/api/my-declarations/', {
    document: { template: 'solemn-declaration', statements: {} },
  });
  const id = created.data.document.id;
  const update = (statements: Record<string, unknown>, extra = {}) =>
    api<Answer>('POST', `/api/my-declarations/${id}`, { document: { statements }, ...extra });
  await update({ statement: 'Δηλώνω ότι τα στοιχεία μου είναι αληθή.' });
  await update({
    recipient: { type: 'entity', codename: 'EFKA', name: { el: 'x', en: 'x', fr: 'x' } },
  });
  await update({}, { action: 'submit' });
  const outbox = await api<{
    data: { document_id: string | null; message_key: string; body: string }[];
  }>('GET', '/api/dev/outbox?channel=sms&limit=20');
  const sms = outbox.data.find((m) => m.document_id === id && m.message_key === 'otp_sms');
  const otp = /\b(\d{6})\b/.exec(sms?.body ?? '')?.[1];
  if (!otp) throw new Error('no SMS code in the outbox');
  const issued = await update({ otp_code: otp });
  const code = issued.data.document.reference_code;
  if (!code) throw new Error('the document was not issued');

  const validated = await fetch(`${baseUrl}/api/validation/document`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ 'document-id': code }),
  }).then(
    (r) =>
      r.json() as Promise<{
        data: { document: { reference_code: string; pdf: { download_url: string } } };
      }>,
  );
  const pdf = Buffer.from(
    await (await fetch(`${baseUrl}${validated.data.document.pdf.download_url}`)).arrayBuffer(),
  );
  return { code, formatted: validated.data.document.reference_code, pdf };
}

/** Requests to anything but the app itself (a CDN for the QR decoder would show up here). */
function recordForeignRequests(page: Page, baseUrl: string): string[] {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(baseUrl) && !url.startsWith('data:') && !url.startsWith('blob:')) {
      foreign.push(url);
    }
  });
  return foreign;
}

/** Console errors other than the 404 answers the tests ask for on purpose. */
const unexpected = (errors: string[]) =>
  errors.filter(
    (e) => !/HTTP 404 .*\/api\/validation\/document/.test(e) && !/404 \(Not Found\)/.test(e),
  );

describe('public validation', () => {
  const ctx = useAppAndBrowser({ VALIDATION_RATE_LIMIT_MAX: '1000' });
  let issued: Issued;

  beforeAll(async () => {
    const { context, page } = await newPage(ctx.browser);
    issued = await issueDocument(page, ctx.app.baseUrl);
    await context.close();
  });

  it('validates a document by its code in the Greek default context', async () => {
    const { context, page, consoleErrors } = await newPage(ctx.browser);
    await page.goto(`${ctx.app.baseUrl}/validate`);
    await page.waitForURL(/\/validate\/default$/);
    await expect.poll(() => h1(page).textContent()).toBe('Επαλήθευση εγγράφου');
    // Greek only: no language choice on the page.
    expect(await page.getByLabel('Γλώσσα σελίδας').count()).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'validation-context-el');

    const field = page.getByRole('textbox', { name: 'Κωδικός επαλήθευσης' });
    const submit = page.getByRole('button', { name: 'Επαλήθευση' });
    await submit.click();
    await expect
      .poll(() => page.getByRole('main').getByRole('alert').textContent())
      .toContain('Empty Value');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'validation-empty-el');

    // One symbol mistyped: the check symbol catches it before any request.
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/validation/document')) requests.push(request.url());
    });
    const last = issued.code.at(-1) === 'Z' ? 'Y' : 'Z';
    await field.fill(`${issued.code.slice(0, 15)}${last}`);
    await submit.click();
    await expect
      .poll(() => page.getByRole('main').getByRole('alert').textContent())
      .toContain('Ο κωδικός επαλήθευσης δεν είναι σωστός');
    expect(requests).toEqual([]);

    // A well-formed code that was never issued.
    await field.fill('0000-0000-0000-0000');
    await submit.click();
    await expect
      .poll(() => page.getByRole('main').getByRole('alert').textContent())
      .toContain('Δεν βρέθηκε έγγραφο για τον παρεχόμενο κωδικό επαλήθευσης');

    await field.fill(issued.formatted.toLowerCase());
    await submit.click();
    await page.waitForURL(new RegExp(`/validate/default/show/${issued.code}$`));
    await expect.poll(() => h1(page).textContent()).toBe('Αποτέλεσμα επαλήθευσης');
    await expect.poll(() => page.getByText('Το έγγραφο είναι έγκυρο').isVisible()).toBe(true);
    const main = (await page.locator('main').textContent()) ?? '';
    expect(main).toContain(issued.formatted);
    expect(main).toContain('Εκδόθηκε');
    expect(main).toContain('YD1');
    expect(main).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
    // No value of the document is shown to a validator.
    expect(main).not.toContain('Δηλώνω ότι τα στοιχεία μου είναι αληθή.');
    await expect
      .poll(() =>
        page
          .getByRole('img', { name: `Κωδικός QR του εγγράφου ${issued.formatted}` })
          .getAttribute('src'),
      )
      .toMatch(/^data:image\/png/);
    const download = page.getByRole('link', { name: 'Λήψη PDF' });
    expect(await download.getAttribute('href')).toMatch(/^\/api\/validation\/pdf\//);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'validation-show-el');

    // The address the QR code holds opens the same view.
    await page.goto(`${ctx.app.baseUrl}/show/${issued.code}`);
    await expect.poll(() => page.getByText('Το έγγραφο είναι έγκυρο').isVisible()).toBe(true);
    expect(unexpected(consoleErrors)).toEqual([]);
    await context.close();
  });

  it('validates in English in the international context, and keeps the default one Greek', async () => {
    const { context, page, consoleErrors } = await newPage(ctx.browser, { locale: 'en-GB' });
    await context.addInitScript(() => localStorage.setItem('dilosi.lang', 'en'));
    await page.goto(`${ctx.app.baseUrl}/validate/international`);
    await expect.poll(() => h1(page).textContent()).toBe('Document validation');
    expect(await page.getByLabel('Page language').inputValue()).toBe('en');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'validation-context-en');

    await page.getByRole('textbox', { name: 'Verification code' }).fill(issued.code);
    await page.getByRole('button', { name: 'Validate' }).click();
    await page.waitForURL(new RegExp(`/validate/international/show/${issued.code}$`));
    await expect.poll(() => page.getByText('The document is valid').isVisible()).toBe(true);
    expect(await page.getByText('Template code').isVisible()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'validation-show-en');

    await page.goto(`${ctx.app.baseUrl}/show/0000-0000-0000-0000/international`);
    await expect
      .poll(() => page.getByRole('main').getByRole('alert').textContent())
      .toContain('Not Found');

    // The default context is Greek whatever the interface language.
    await page.goto(`${ctx.app.baseUrl}/validate/default`);
    await expect.poll(() => h1(page).textContent()).toBe('Επαλήθευση εγγράφου');
    expect(unexpected(consoleErrors)).toEqual([]);
    await context.close();
  });

  it('is usable 360 px wide', async () => {
    const { context, page } = await newPage(ctx.browser, { width: 360, height: 780 });
    await page.goto(`${ctx.app.baseUrl}/show/${issued.code}`);
    await expect.poll(() => page.getByText('Το έγγραφο είναι έγκυρο').isVisible()).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, 'validation-show-360');
    await page.goto(`${ctx.app.baseUrl}/validate/default`);
    await expect.poll(() => h1(page).textContent()).toBe('Επαλήθευση εγγράφου');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await context.close();
  });

  it('reads an uploaded picture of the QR code with the self-hosted decoder', async () => {
    const { context, page, consoleErrors } = await newPage(ctx.browser);
    const foreign = recordForeignRequests(page, ctx.app.baseUrl);
    await page.goto(`${ctx.app.baseUrl}/validate/default`);
    await page.getByRole('link', { name: 'Σάρωση κωδικού QR' }).click();
    await page.waitForURL(/\/show\/q\/validate\/default$/);
    await expect.poll(() => h1(page).textContent()).toBe('Σάρωση κωδικού QR');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'validation-scan-el');

    const image = page.getByLabel('Φωτογραφία ή στιγμιότυπο του κωδικού QR');
    const png = (text: string) => QRCode.toBuffer(text, { type: 'png', width: 300, margin: 4 });

    await image.setInputFiles({
      name: 'other.png',
      mimeType: 'image/png',
      buffer: await png(`https://example.org/show/${issued.code}`),
    });
    await expect
      .poll(() => page.getByRole('main').getByRole('status').textContent())
      .toContain('QR invalid URL');

    await image.setInputFiles({
      name: 'terms.png',
      mimeType: 'image/png',
      buffer: await png(`${ctx.app.baseUrl}/terms`),
    });
    await expect
      .poll(() => page.getByRole('main').getByRole('status').textContent())
      .toContain('Ο κωδικός QR δεν αντιστοιχεί σε έγγραφο.');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'validation-scan-not-document-el');

    await image.setInputFiles({
      name: 'document.png',
      mimeType: 'image/png',
      buffer: await png(`${ctx.app.baseUrl}/show/${issued.code}`),
    });
    await page.waitForURL(new RegExp(`/validate/default/show/${issued.code}$`));
    await expect.poll(() => page.getByText('Το έγγραφο είναι έγκυρο').isVisible()).toBe(true);
    expect(foreign).toEqual([]);
    expect(unexpected(consoleErrors)).toEqual([]);
    await context.close();
  });

  it('says so when the camera is not allowed', async () => {
    const { context, page } = await newPage(ctx.browser);
    await context.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await page.goto(`${ctx.app.baseUrl}/show/q/scan`);
    await page.getByRole('button', { name: 'Άνοιγμα κάμερας' }).click();
    await expect
      .poll(() => page.getByRole('main').getByRole('status').textContent())
      .toContain('Δεν δόθηκε άδεια χρήσης της κάμερας');
    await context.close();
  });

  it('checks a PDF file: the genuine one, and a modified copy', async () => {
    const { context, page, consoleErrors } = await newPage(ctx.browser);
    await page.goto(`${ctx.app.baseUrl}/validate/default`);
    await expect.poll(() => h1(page).textContent()).toBe('Επαλήθευση εγγράφου');
    const input = page.getByLabel('Αρχείο PDF', { exact: true });
    const check = page.getByRole('button', { name: 'Έλεγχος αρχείου' });
    // A real control: visible and reachable from the keyboard (the design system hides it).
    expect(await input.isVisible()).toBe(true);
    await input.focus();
    expect(await input.evaluate((element) => element === document.activeElement)).toBe(true);

    await input.setInputFiles({
      name: 'document.pdf',
      mimeType: 'application/pdf',
      buffer: issued.pdf,
    });
    await check.click();
    await expect.poll(() => page.getByText('Γνήσιο αρχείο').isVisible()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'validation-file-authentic-el');

    const modified = Buffer.from(issued.pdf);
    const at = modified.indexOf('stream') + 20;
    modified[at] = (modified[at] ?? 0) ^ 0x01;
    await input.setInputFiles({
      name: 'modified.pdf',
      mimeType: 'application/pdf',
      buffer: modified,
    });
    await check.click();
    await expect.poll(() => page.getByText('Αλλοιωμένο αρχείο').isVisible()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'validation-file-altered-el');
    expect(unexpected(consoleErrors)).toEqual([]);
    await context.close();
  });
});
