import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  confirmWithSmsCode,
  newPage,
  openAthensIncoming,
  readOutbox,
  reachConfirmStep,
  screenshot,
  seriousAccessibilityViolations,
  useAppAndBrowser,
} from './harness';

const STATEMENT = 'Δηλώνω ότι ζητώ βεβαίωση για τη στάθμευση κατοίκων.';
const MESSAGE = 'Στείλτε μας το συμβόλαιο μίσθωσης της κατοικίας σας.';
const ANSWER = 'Σας επισυνάπτω το συμβόλαιο.';
const PDF = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../packages/server/test/fixtures/files/valid.pdf',
);

/** Issue #33: a case's messages are one thread, both ways, with the citizen's PDF. */
describe("a case's thread", () => {
  const ctx = useAppAndBrowser();

  it('a clerk messages the citizen; she answers the plain message with a PDF; both sides see it', async () => {
    const { baseUrl } = ctx.app;
    const citizen = await newPage(ctx.browser);
    const page = citizen.page;
    await reachConfirmStep(page, baseUrl, STATEMENT);
    await confirmWithSmsCode(page, baseUrl);

    // The clerk opens the newest incoming case of Athens and messages her.
    const clerk = await newPage(ctx.browser);
    await openAthensIncoming(clerk.page, baseUrl);
    await clerk.page.getByRole('table').getByRole('row').nth(1).getByRole('link').click();
    await expect.poll(() => clerk.page.getByRole('tabpanel').textContent()).toContain(STATEMENT);
    const caseUrl = clerk.page.url();
    await clerk.page.getByRole('button', { name: 'Μήνυμα στον πολίτη' }).click();
    await clerk.page.getByLabel('Μήνυμα', { exact: true }).fill(MESSAGE);
    await clerk.page.getByRole('button', { name: 'Αποστολή' }).click();
    await expect
      .poll(() => clerk.page.getByRole('tab', { name: /Μηνύματα \(1\)/ }).count())
      .toBe(1);

    // She opens the plain message in her mailbox and answers it with a PDF.
    await page.goto(`${baseUrl}/my/messages`);
    const list = page.getByRole('main');
    await expect.poll(() => list.textContent()).toContain(MESSAGE);
    await list.getByRole('link', { name: 'Δήμος Αθηναίων' }).first().click();
    await page.waitForURL(/\/my\/messages\/show\//);
    await page.getByLabel('Το μήνυμά σας').fill(ANSWER);
    await page.getByLabel('Συνημμένο PDF (προαιρετικό)').setInputFiles(PDF);
    await page.getByRole('button', { name: 'Αποστολή απάντησης' }).click();
    await expect
      .poll(() => page.getByText('Η απάντησή σας στάλθηκε στον φορέα.').count())
      .toBeGreaterThan(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Her answer, under the case in her vault.
    await page.goto(`${baseUrl}/vault/cases`);
    await page.getByRole('link', { name: 'Συνομιλία με τον φορέα' }).first().click();
    await page.waitForURL(/\/vault\/cases\/[0-9a-f-]{36}$/);
    const thread = page.getByRole('main');
    await expect.poll(() => thread.textContent()).toContain(ANSWER);
    expect(await thread.textContent()).toContain(MESSAGE);
    expect(await page.getByRole('button', { name: 'Λήψη valid.pdf' }).count()).toBe(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'case-thread-1280-el');
    const own = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Λήψη valid.pdf' }).click();
    expect((await own).suggestedFilename()).toBe('valid.pdf');
    expect(citizen.consoleErrors).toEqual([]);

    // The clerk is told: the case carries the new-activity badge in her list, and the entity's
    // address has the e-mail about the answer in the outbox.
    const caseNumber = /\d{4}\/\d{6}/.exec(
      (await clerk.page.locator('h1').textContent()) ?? '',
    )?.[0];
    expect(caseNumber).toBeTruthy();
    await clerk.page.goto(`${caseUrl.split('/inbox/')[0]}/inbox/list/all?activity=new`);
    const row = clerk.page.getByRole('row').filter({ hasText: caseNumber ?? '' });
    await expect.poll(() => row.textContent()).toContain('Νέα δραστηριότητα');
    const mails = await readOutbox(baseUrl, { channel: 'email' });
    const alert = mails.find(
      (mail) =>
        mail.message_key === 'entity_citizen_answer_email' &&
        mail.recipient === 'protokollo@athens.demo.gov.gr' &&
        (mail.subject ?? '').includes(caseNumber ?? '-'),
    );
    expect(alert?.body).toContain('/dashboard/entities/show/');
    await screenshot(clerk.page, 'case-thread-badge-1280-el');

    // The clerk sees who wrote it, and downloads the PDF.
    await clerk.page.goto(caseUrl);
    await clerk.page.getByRole('tab', { name: /Μηνύματα \(2\)/ }).click();
    const messages = clerk.page.getByRole('tabpanel');
    await expect.poll(() => messages.textContent()).toContain(ANSWER);
    expect(await messages.textContent()).toContain('(πολίτης)');
    const download = clerk.page.waitForEvent('download');
    await messages.getByRole('button', { name: 'Λήψη συνημμένου: valid.pdf' }).click();
    expect((await download).suggestedFilename()).toBe('valid.pdf');
    expect(await seriousAccessibilityViolations(clerk.page)).toEqual([]);
    await screenshot(clerk.page, 'case-thread-clerk-1280-el');
    expect(clerk.consoleErrors).toEqual([]);
    await clerk.context.close();
    await citizen.context.close();
  });
});
