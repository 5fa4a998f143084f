import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  hasHorizontalScroll,
  latestOtpCode,
  loginWithBank,
  newPage,
  readOutbox,
  screenshot,
  seriousAccessibilityViolations,
  useAppAndBrowser,
} from './harness';

/**
 * Issue #35 in the browser, two citizens in two browser contexts: Maria starts the parents' joint
 * declaration naming Nikos, signs it with her SMS code and sees, instead of the code form, who
 * has signed; Nikos finds the request in his messages, reads the text and signs with his own
 * code; the document is issued once, both keep it, and anyone validating its code sees both
 * parents. Then a second declaration Nikos declines, with his reason shown to Maria.
 */
const NIKOS_MOBILE = '6900000027';
const PANEL = 'Υπογραφές της κοινής δήλωσης';
const FULLY_SIGNED_FR = 'Signée par tous';

/** Maria, from the template page through the wizard to her signature: answers the document id. */
async function startAndSign(page: Page, baseUrl: string, statement: string, login: boolean) {
  const stepUrl = (step: string) => new RegExp(`/issue/[^/]+/${step}$`);
  await page.goto(`${baseUrl}/templates/parents-joint-declaration`);
  await page.getByRole('link', { name: 'Έναρξη' }).click();
  if (login) {
    await page.waitForURL(/\/login\?/);
    await loginWithBank(page);
  }
  await page.waitForURL(stepUrl('declaration'));
  await page.getByRole('textbox', { name: 'Ονοματεπώνυμο τέκνου' }).fill('Αλέξανδρος Γεωργίου');
  await page.getByRole('textbox', { name: /Ημερομηνία γέννησης τέκνου/ }).fill('01/02/2015');
  await page.getByRole('textbox', { name: /Κείμενο της δήλωσης/ }).fill(statement);
  const other = page.getByRole('group', { name: /Ο άλλος γονέας/ }).last();
  await other.getByRole('textbox', { name: 'Επώνυμο' }).fill('ΓΕΩΡΓΙΟΥ');
  await other.getByRole('textbox', { name: 'Όνομα' }).fill('ΝΙΚΟΛΑΟΣ');
  await other.getByRole('textbox', { name: 'ΑΦΜ' }).fill('100000027');
  await page.getByRole('button', { name: 'Συνέχεια' }).click();
  await page.waitForURL(stepUrl('recipient'));
  await page.getByRole('searchbox', { name: 'Αναζήτηση φορέα' }).fill('Αθην');
  await page.getByRole('radio', { name: 'Δήμος Αθηναίων' }).check();
  await page.getByRole('button', { name: 'Συνέχεια' }).click();
  await page.waitForURL(stepUrl('preview'));
  await page.getByRole('button', { name: 'Υποβολή' }).click();
  await page.waitForURL(stepUrl('confirm'));
  const documentId = new URL(page.url()).pathname.split('/')[2] ?? '';
  await expect.poll(() => latestOtpCode(baseUrl, documentId)).toMatch(/^\d{6}$/);
  await page
    .getByRole('textbox', { name: /Κωδικός επιβεβαίωσης/ })
    .fill((await latestOtpCode(baseUrl, documentId)) ?? '');
  await page.getByRole('button', { name: 'Επιβεβαίωση' }).click();
  return documentId;
}

/** Nikos logs in with Taxisnet (no mobile: he declines the question) and lands on `next`. */
async function loginNikos(page: Page, baseUrl: string, next: string) {
  await page.goto(`${baseUrl}/login?next=${encodeURIComponent(next)}`);
  await page.getByRole('link', { name: 'Σύνδεση με κωδικούς Taxisnet' }).click();
  await page.getByRole('button', { name: /ΝΙΚΟΛΑΟΣ ΓΕΩΡΓΙΟΥ/ }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  if (new URL(page.url()).pathname === '/consent') {
    await page.getByLabel('Όχι, όχι τώρα').check();
    await page.getByRole('button', { name: 'Συνέχεια' }).click();
  }
  await page.waitForURL((url) => url.pathname === next);
}

/**
 * Nikos has no mobile in the demo registry: he certifies one through the profile's mobile
 * change (its own code by SMS), through the API with his session, which is not what is tested.
 */
async function certifyMobile(page: Page, baseUrl: string, mobile: string) {
  const token = await page.evaluate(() => {
    const raw = localStorage.getItem('dilosi.session') ?? '';
    return (JSON.parse(raw) as { token: string }).token;
  });
  const post = (path: string, json: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(json),
    });
  expect((await post('/api/profile/mobile', { mobile })).status).toBe(202);
  const sms = (await readOutbox(baseUrl, { channel: 'sms' })).find(
    (message) => message.message_key === 'contact_mobile_sms',
  );
  const code = /\b(\d{6})\b/.exec(sms?.body ?? '')?.[1] ?? '';
  expect((await post('/api/profile/mobile/verify', { code })).status).toBe(200);
}

/** The newest signature code sent to a mobile (the joint codes carry no document). */
async function signatureCode(baseUrl: string, mobile: string): Promise<string | null> {
  const messages = await readOutbox(baseUrl, { channel: 'sms' });
  const sms = messages.find(
    (message) => message.message_key === 'otp_sms' && message.recipient.endsWith(mobile.slice(1)),
  );
  return sms ? (/\b(\d{6})\b/.exec(sms.body)?.[1] ?? null) : null;
}

async function toEnglish(page: Page) {
  await page.getByRole('combobox', { name: 'Γλώσσα' }).selectOption('en');
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
}

describe('joint declarations', () => {
  const ctx = useAppAndBrowser();

  it('Maria and Nikos sign the parents’ declaration each with their own code; it is issued once', async () => {
    const { baseUrl } = ctx.app;
    const maria = await newPage(ctx.browser, { width: 1280, height: 900 });
    const nikos = await newPage(ctx.browser, { width: 360, height: 780 });
    // Nikos has an account and a certified mobile to sign with.
    await loginNikos(nikos.page, baseUrl, '/my/messages');
    await certifyMobile(nikos.page, baseUrl, NIKOS_MOBILE);

    // Maria signs: the code form gives way to her panel, Nikos pending.
    const documentId = await startAndSign(
      maria.page,
      baseUrl,
      'Συναινούμε στο σχολικό ταξίδι του στη Ρώμη.',
      true,
    );
    const panel = maria.page.getByRole('region', { name: PANEL });
    await expect.poll(() => panel.textContent()).toContain('Αναμένει υπογραφές');
    expect(await panel.textContent()).toContain('1 από 2 υπογραφές');
    expect(await maria.page.getByRole('textbox').count()).toBe(0);
    expect(await seriousAccessibilityViolations(maria.page)).toEqual([]);
    await screenshot(maria.page, 'joint-author-panel-1280-el');

    // Nikos: the request in his messages, then the exact text, then his code.
    await nikos.page.goto(`${baseUrl}/my/messages`);
    await nikos.page
      .getByRole('main')
      .getByRole('link', { name: /ΠΑΠΑΔΟΠΟΥΛΟΥ|γονέων/ })
      .first()
      .click();
    await nikos.page.waitForURL(/\/my\/messages\/show\//);
    await nikos.page.getByRole('link', { name: 'Απάντηση' }).click();
    await nikos.page.waitForURL(/\/my\/joint\/[^/]+$/);
    const consentUrl = nikos.page.url();
    await expect.poll(() => nikos.page.getByRole('main').textContent()).toContain('ΑΛΕΞΑΝΔΡΟΣ');
    expect(await nikos.page.getByRole('main').textContent()).toContain('σχολικό ταξίδι');
    expect(await hasHorizontalScroll(nikos.page)).toBe(false);
    expect(await seriousAccessibilityViolations(nikos.page)).toEqual([]);
    await screenshot(nikos.page, 'joint-consent-360-el');
    await nikos.page.getByRole('button', { name: 'Αποστολή κωδικού SMS' }).click();
    await expect.poll(() => signatureCode(baseUrl, NIKOS_MOBILE)).toMatch(/^\d{6}$/);
    await nikos.page
      .getByRole('textbox', { name: /Κωδικός SMS/ })
      .fill((await signatureCode(baseUrl, NIKOS_MOBILE)) ?? '');
    await nikos.page.getByRole('button', { name: 'Υπογραφή', exact: true }).click();
    await expect
      .poll(() => nikos.page.getByRole('main').textContent())
      .toContain('Υπογράφηκε από όλους');
    const main = (await nikos.page.getByRole('main').textContent()) ?? '';
    const code = /Κωδικός εγγράφου\s*([A-Z0-9-]+)/.exec(main)?.[1] ?? '';
    expect(code).not.toBe('');
    await toEnglish(nikos.page);
    await expect
      .poll(() => nikos.page.getByRole('main').textContent())
      .toContain('Signed by everyone');
    expect(await hasHorizontalScroll(nikos.page)).toBe(false);
    await screenshot(nikos.page, 'joint-consent-360-en');
    // And in French, the third language of the signatory's page.
    await nikos.page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
    await expect.poll(() => nikos.page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await expect.poll(() => nikos.page.getByRole('main').textContent()).toContain(FULLY_SIGNED_FR);
    // Its notice follows the language too, not only the page.
    expect(await nikos.page.getByRole('main').textContent()).toContain(
      'Vous avez signé la déclaration conjointe.',
    );
    expect(await hasHorizontalScroll(nikos.page)).toBe(false);
    expect(await seriousAccessibilityViolations(nikos.page)).toEqual([]);
    await screenshot(nikos.page, 'joint-consent-360-fr');

    // Maria's page: issued once, her panel on the done page with both signatures.
    await maria.page.reload();
    await maria.page.waitForURL(/\/dilosi\/[^/]+\/done$/);
    const done = maria.page.getByRole('region', { name: PANEL });
    await expect.poll(() => done.textContent()).toContain('Υπογράφηκε από όλους');
    expect(await done.textContent()).toContain('2 από 2 υπογραφές');
    await screenshot(maria.page, 'joint-author-done-1280-el');

    // Both keep it in their vaults.
    await maria.page.goto(`${baseUrl}/vault`);
    await expect.poll(() => maria.page.getByRole('main').textContent()).toContain('γονέων');
    await nikos.page.goto(`${baseUrl}/vault/inbox`);
    await expect.poll(() => nikos.page.getByRole('main').textContent()).toMatch(/parents|γονέων/);

    // The author's panel at 360 px in English (the vault's document page).
    const phone = await newPage(ctx.browser, { width: 360, height: 780 });
    await phone.page.goto(`${baseUrl}/login?next=${encodeURIComponent(`/dilosi/${code}/done`)}`);
    await loginWithBank(phone.page);
    await phone.page.waitForURL(/\/done$/);
    await toEnglish(phone.page);
    const english = phone.page.getByRole('region', { name: 'Signatures of the joint declaration' });
    await expect.poll(() => english.textContent()).toContain('Signed by everyone');
    expect(await hasHorizontalScroll(phone.page)).toBe(false);
    await screenshot(phone.page, 'joint-author-done-360-en');
    await phone.context.close();

    // Anyone validating the code sees both parents.
    const visitor = await newPage(ctx.browser, { width: 1280, height: 900 });
    await visitor.page.goto(`${baseUrl}/validate`);
    await visitor.page.getByRole('textbox', { name: 'Κωδικός επαλήθευσης' }).fill(code);
    await visitor.page.getByRole('button', { name: 'Επαλήθευση' }).click();
    await expect
      .poll(() => visitor.page.getByText('Το έγγραφο είναι έγκυρο').isVisible())
      .toBe(true);
    const shown = (await visitor.page.getByRole('main').textContent()) ?? '';
    expect(shown).toContain('ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ');
    expect(shown).toContain('ΝΙΚΟΛΑΟΣ ΓΕΩΡΓΙΟΥ');
    await visitor.context.close();

    // Exactly one document came of it.
    expect(documentId).toMatch(/^[0-9a-f-]{36}$/);
    expect(consentUrl).toContain('/my/joint/');
    expect(maria.consoleErrors).toEqual([]);
    await maria.context.close();
    await nikos.context.close();
  }, 240_000);
  it('Nikos declines with a reason: the declaration is canceled and Maria reads why', async () => {
    const { baseUrl } = ctx.app;
    const maria = await newPage(ctx.browser, { width: 360, height: 780 });
    const nikos = await newPage(ctx.browser, { width: 1280, height: 900 });
    await loginNikos(nikos.page, baseUrl, '/my/messages');
    await startAndSign(maria.page, baseUrl, 'Συναινούμε στην εγγραφή του στο ωδείο.', true);
    const panel = maria.page.getByRole('region', { name: PANEL });
    await expect.poll(() => panel.textContent()).toContain('Αναμένει υπογραφές');

    // The newest request first in his messages.
    await nikos.page.goto(`${baseUrl}/my/messages`);
    await nikos.page
      .getByRole('main')
      .getByRole('link', { name: /ΠΑΠΑΔΟΠΟΥΛΟΥ/ })
      .first()
      .click();
    await nikos.page.waitForURL(/\/my\/messages\/show\//);
    await nikos.page.getByRole('link', { name: 'Απάντηση' }).click();
    await nikos.page.waitForURL(/\/my\/joint\/[^/]+$/);
    await expect.poll(() => nikos.page.getByRole('main').textContent()).toContain('ωδείο');
    await toEnglish(nikos.page);
    await expect
      .poll(() => nikos.page.getByRole('main').textContent())
      .toContain('Waiting for signatures');
    expect(await seriousAccessibilityViolations(nikos.page)).toEqual([]);
    await screenshot(nikos.page, 'joint-consent-1280-en');
    await nikos.page
      .getByRole('textbox', { name: 'Reason (optional)' })
      .fill('Το ωδείο είναι άλλο.');
    await nikos.page.getByRole('button', { name: 'I decline to sign' }).click();
    await expect.poll(() => nikos.page.getByRole('main').textContent()).toContain('Canceled');

    // Maria's page: who declined and why; the wizard is hers again.
    await maria.page.reload();
    const closed = maria.page.getByRole('region', { name: PANEL });
    await expect.poll(() => closed.textContent()).toContain('Ακυρώθηκε');
    expect(await closed.textContent()).toContain('Αρνήθηκε');
    expect(await closed.textContent()).toContain('Αιτιολογία: Το ωδείο είναι άλλο.');
    expect(await hasHorizontalScroll(maria.page)).toBe(false);
    expect(await seriousAccessibilityViolations(maria.page)).toEqual([]);
    await screenshot(maria.page, 'joint-author-declined-360-el');
    expect(maria.consoleErrors).toEqual([]);
    expect(nikos.consoleErrors).toEqual([]);
    await maria.context.close();
    await nikos.context.close();
  }, 240_000);
});
