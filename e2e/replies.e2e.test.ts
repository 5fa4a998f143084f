import fs from 'node:fs/promises';
import path from 'node:path';
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

const STATEMENT = 'Ζητώ βεβαίωση ότι παραλάβατε την αίτησή μου για άδεια στάθμευσης.';
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-replies';

/** A screenshot in the harness's folder, copied where the engineer looks at them. */
async function shot(page: Page, name: string) {
  const file = await screenshot(page, name);
  await fs.mkdir(SHOTS, { recursive: true });
  await fs.copyFile(file, path.join(SHOTS, `${name}.png`));
}

/** A call of the citizen API with the session the page holds (the SPA's own token). */
function citizenApi<T>(
  page: Page,
  url: string,
  json?: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ url, json }) => {
      const raw = window.localStorage.getItem('dilosi.session') ?? '';
      let token = raw;
      try {
        token = (JSON.parse(raw) as { token: string }).token;
      } catch {
        // A bare token.
      }
      const response = await fetch(url, {
        method: json === undefined ? 'GET' : 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      });
      return { status: response.status, body: (await response.json()) as T };
    },
    { url, json },
  );
}

type Inbox = {
  data: {
    type: string;
    document: { id: string; reference_code: string | null; template_refname: string } | null;
  }[];
};

describe('replies', () => {
  const ctx = useAppAndBrowser();

  it('a citizen issues to Athens; the clerk replies with the acknowledgement; the citizen holds it and it validates; the clerk forwards the case to Thessaloniki, whose clerk finds it with the link back', async () => {
    const { baseUrl } = ctx.app;
    const citizen = await newPage(ctx.browser);
    await reachConfirmStep(citizen.page, baseUrl, STATEMENT);
    await confirmWithSmsCode(citizen.page, baseUrl);

    // The clerk of Athens opens the case from incoming.
    const { context, page, consoleErrors } = await newPage(ctx.browser);
    await openAthensIncoming(page, baseUrl);
    await searchByCitizen(page, 'ΠΑΠΑΔΟΠΟΥΛΟΥ');
    await page.getByRole('table').getByRole('row').nth(1).getByRole('link').click();
    await page.waitForURL(/\/inbox\/show\/declaration\//);
    await expect.poll(() => page.getByRole('tabpanel').textContent()).toContain(STATEMENT);
    const caseNumber = /\d{4}\/\d{6}/.exec((await h1(page).textContent()) ?? '')?.[0] ?? '';
    expect(caseNumber).not.toBe('');

    // Reply → the template choice → the wizard.
    await page.getByRole('button', { name: 'Απάντηση', exact: true }).click();
    const choose = page.getByRole('dialog', { name: 'Απάντηση στην υπόθεση' });
    await choose.getByRole('button', { name: 'Συνέχεια' }).click();
    await expect.poll(() => choose.getByText('Επιλέξτε πρότυπο απάντησης.').isVisible()).toBe(true);
    await choose.getByRole('radio', { name: 'Βεβαίωση παραλαβής' }).check();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await choose.getByRole('button', { name: 'Συνέχεια' }).click();
    await page.waitForURL(/\/reply\/entity-acknowledgement\/[^/]+\/acknowledgement$/);
    await expect.poll(() => h1(page).textContent()).toBe('Βεβαίωση παραλαβής');
    // The case number is filled in and not the clerk's to change.
    const caseField = page.getByRole('textbox', { name: 'Αριθμός υπόθεσης' });
    if ((await caseField.count()) > 0) expect(await caseField.inputValue()).toBe(caseNumber);
    else expect(await page.locator('main').textContent()).toContain(caseNumber);
    await page
      .getByRole('textbox', { name: /Σημείωση/ })
      .fill('Θα σας ενημερώσουμε εντός 10 ημερών.');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await shot(page, 'reply-wizard-1280-el');
    await page.getByRole('button', { name: 'Συνέχεια' }).click();
    await page.waitForURL(/\/reply\/entity-acknowledgement\/[^/]+\/preview$/);
    await expect.poll(() => page.locator('main').textContent()).toContain(caseNumber);
    expect(await page.getByRole('link', { name: 'Πίσω στην υπόθεση' }).count()).toBe(1);
    await shot(page, 'reply-preview-1280-el');

    // The reply-confirm dialog before issuing; cancelling leaves it a draft.
    await page.getByRole('button', { name: 'Έκδοση', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Έκδοση απάντησης' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await shot(page, 'reply-confirm-1280-el');
    await confirm.getByRole('button', { name: 'Άκυρο' }).click();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('button', { name: 'Έκδοση', exact: true }).click();
    // The acknowledgement leaves the case as it is; the clerk closes it with this reply.
    await expect
      .poll(() => confirm.getByText('Η κατάσταση της υπόθεσης δεν θα αλλάξει.').count())
      .toBe(1);
    await confirm.getByRole('radio', { name: 'Ολοκληρωμένη' }).check();
    await confirm.getByRole('button', { name: 'Έκδοση και αποστολή' }).click();
    // The notice (5 s on screen) names the new code in groups of four.
    const notice = page.getByText(/^Εκδόθηκε με κωδικό επαλήθευσης [0-9A-Z]{4}(-[0-9A-Z]{4}){3} /);
    await expect.poll(() => notice.count()).toBe(1);
    const issuedNotice = (await notice.textContent()) ?? '';

    // Back on the case: the replies tab lists it, the case is finished.
    await page.waitForURL(/\/inbox\/show\/declaration\/[^?]+\?show=replies$/);
    await expect.poll(() => h1(page).textContent()).toContain('Ολοκληρωμένη');
    const replies = page.getByRole('tabpanel');
    await expect.poll(() => replies.getByRole('table').count()).toBe(1);
    const row = replies.getByRole('row').nth(1);
    expect(await row.textContent()).toContain('ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ');
    expect(await row.textContent()).toContain('Εκδόθηκε');
    const code = (await row.getByRole('cell').first().textContent()) ?? '';
    // In groups of four, in the table and in the notice that it was issued.
    expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    expect(issuedNotice).toContain(code);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await shot(page, 'reply-tab-1280-el');
    await page.getByRole('tab', { name: /Ιστορικό/ }).click();
    await expect
      .poll(() => page.getByRole('tabpanel').textContent())
      .toContain('Σύνταξη απάντησης');

    // The citizen: the reply is in her API inbox, with an SMS alert.
    const inbox = await citizenApi<Inbox>(citizen.page, '/api/gates/USER/gate/inbox-entries', {
      types: ['incoming-document'],
    });
    expect(inbox.status).toBe(200);
    expect(inbox.body.data.map((entry) => entry.document?.template_refname)).toEqual([
      'entity-acknowledgement',
    ]);
    expect(inbox.body.data[0]?.document?.reference_code?.replace(/-/g, '')).toBe(
      code.replace(/-/g, ''),
    );
    await expect
      .poll(async () =>
        (await readOutbox(baseUrl, { channel: 'sms' })).some(
          (message) => message.message_key === 'incoming_document_sms',
        ),
      )
      .toBe(true);
    // Its code validates like any other document.
    const validated = await fetch(`${baseUrl}/api/validation/document`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ 'document-id': code }),
    });
    expect(validated.status).toBe(200);
    await citizen.context.close();

    // The clerk forwards the answered case to a second entity.
    await page.getByRole('button', { name: 'Προώθηση', exact: true }).click();
    const forward = page.getByRole('dialog', { name: 'Προώθηση υπόθεσης' });
    await forward.getByLabel('Φορέας').selectOption({ label: 'Δήμος Θεσσαλονίκης' });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await forward.getByRole('button', { name: 'Προώθηση', exact: true }).click();
    await expect
      .poll(() => page.getByText('Η υπόθεση προωθήθηκε: Δήμος Θεσσαλονίκης.').count())
      .toBe(1);
    await expect.poll(() => h1(page).textContent()).toContain('Προωθημένη');
    // A label only: the case stays finished.
    expect(await h1(page).textContent()).toContain('Ολοκληρωμένη');
    const forwardedTo = (await page.getByText(/Δήμος Θεσσαλονίκης, υπόθεση/).textContent()) ?? '';
    const targetNumber = /\d{4}\/\d{6}/.exec(forwardedTo)?.[0] ?? '';
    expect(targetNumber).not.toBe('');
    expect(targetNumber).not.toBe(caseNumber);
    await shot(page, 'reply-forwarded-source-1280-el');
    expect(consoleErrors).toEqual([]);
    await context.close();

    // The clerk of Thessaloniki finds it in incoming, with the entity and case it came from.
    const other = await newPage(ctx.browser);
    await loginAsStaff(other.page, baseUrl, /ΣΟΦΙΑ ΝΙΚΟΛΑΟΥ/);
    await other.page.getByRole('link', { name: /Δήμος Θεσσαλονίκης/ }).click();
    await other.page.getByRole('link', { name: /^Εισερχόμενες/ }).click();
    await other.page.waitForURL(/\/inbox\/list\/incoming$/);
    await other.page.getByRole('link', { name: targetNumber }).click();
    await other.page.waitForURL(/\/inbox\/show\/declaration\//);
    await expect
      .poll(() => other.page.getByRole('main').textContent())
      .toContain(`Προωθήθηκε από: Δήμος Αθηναίων, υπόθεση ${caseNumber}.`);
    await expect.poll(() => other.page.getByRole('tabpanel').textContent()).toContain(STATEMENT);
    expect(await seriousAccessibilityViolations(other.page)).toEqual([]);
    await shot(other.page, 'reply-forwarded-target-1280-el');
    expect(other.consoleErrors).toEqual([]);
    await other.context.close();
  }, 240_000);

  it('the templates page lists what the entity issues and starts one; the wizard at 360 px in English', async () => {
    const { baseUrl } = ctx.app;
    const { context, page, consoleErrors } = await newPage(ctx.browser);
    await loginAsStaff(page, baseUrl);
    const entities = await page.getByRole('link', { name: /Δήμος Αθηναίων/ }).getAttribute('href');
    const entityId = entities?.split('/')[4] ?? '';
    await page.goto(`${baseUrl}/dashboard/entities/show/${entityId}/templates`);
    await expect.poll(() => h1(page).textContent()).toBe('Έκδοση εγγράφου από τον φορέα');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await shot(page, 'entity-templates-1280-el');
    await page.getByRole('link', { name: 'Βεβαίωση φορέα' }).click();
    await page.waitForURL(/\/issue\/entity-certificate\/[^/]+\/certificate$/);
    await expect.poll(() => h1(page).textContent()).toBe('Στοιχεία εγγράφου');
    await context.close();
    expect(consoleErrors).toEqual([]);

    const phone = await newPage(ctx.browser, { width: 360, height: 780 });
    await phone.context.addInitScript(() => window.localStorage.setItem('dilosi.lang', 'en'));
    await loginAsStaff(phone.page, baseUrl);
    await phone.page.goto(`${baseUrl}/dashboard/entities/show/${entityId}/templates`);
    await expect.poll(() => h1(phone.page).textContent()).toBe('Issue a document from the entity');
    expect(await hasHorizontalScroll(phone.page)).toBe(false);
    await shot(phone.page, 'entity-templates-360-en');
    await phone.page.getByRole('link', { name: 'Certificate from an entity' }).click();
    await phone.page.waitForURL(/\/certificate$/);
    await phone.page.getByRole('textbox', { name: /Recipient's tax number/ }).fill('100000027');
    await phone.page.getByRole('textbox', { name: 'Subject' }).fill('Registration');
    await phone.page.getByRole('textbox', { name: 'Text' }).fill('You are registered.');
    expect(await seriousAccessibilityViolations(phone.page)).toEqual([]);
    expect(await hasHorizontalScroll(phone.page)).toBe(false);
    await shot(phone.page, 'entity-wizard-360-en');
    await phone.page.getByRole('button', { name: 'Continue' }).click();
    await phone.page.waitForURL(/\/preview$/);
    await phone.page.getByRole('button', { name: 'Issue', exact: true }).click();
    const confirm = phone.page.getByRole('dialog', { name: 'Issue the document' });
    await shot(phone.page, 'entity-confirm-360-en');
    await confirm.getByRole('button', { name: 'Issue and send' }).click();
    await phone.page.waitForURL(/\/templates$/);
    await expect
      .poll(() => phone.page.getByText(/Issued with verification code/).count())
      .toBeGreaterThan(0);
    expect(phone.consoleErrors).toEqual([]);
    await phone.context.close();
  });
});
