import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  confirmWithSmsCode,
  loginWithBank,
  newPage,
  seriousAccessibilityViolations,
  useAppAndBrowser,
} from './harness';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-forwarding';

async function shot(page: Page, name: string) {
  await fs.mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Nikos logs in with Taxisnet; without a certified mobile he declines the mobile question. */
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

describe("the addressee's answer", () => {
  const ctx = useAppAndBrowser();

  it('Maria authorises Nikos; he finds it in his messages and accepts it; Maria is told', async () => {
    const { baseUrl } = ctx.app;
    // Nikos has an account (he logged in once).
    const first = await newPage(ctx.browser);
    await loginNikos(first.page, baseUrl, '/my/messages');
    await first.context.close();

    const maria = await newPage(ctx.browser);
    const page = maria.page;
    const stepUrl = (step: string) => new RegExp(`/issue/[^/]+/${step}$`);
    await page.goto(`${baseUrl}/templates/authorisation`);
    await page.getByRole('link', { name: 'Έναρξη' }).click();
    await page.waitForURL(/\/login\?/);
    await loginWithBank(page);
    await page.waitForURL(stepUrl('authorized'));
    await page.getByLabel('Επώνυμο εξουσιοδοτούμενου').fill('ΓΕΩΡΓΙΟΥ');
    await page.getByLabel('Όνομα εξουσιοδοτούμενου').fill('ΝΙΚΟΛΑΟΣ');
    await page.getByLabel('Όνομα πατέρα εξουσιοδοτούμενου').fill('ΙΩΑΝΝΗΣ');
    await page.getByLabel('ΑΦΜ εξουσιοδοτούμενου').fill('100000027');
    await page.getByLabel('Αριθμός δελτίου ταυτότητας εξουσιοδοτούμενου').fill('ΑΒ654321');
    await page.getByLabel('Ημερομηνία γέννησης εξουσιοδοτούμενου').fill('15/02/1985');
    await page.getByRole('button', { name: 'Συνέχεια' }).click();
    await page.waitForURL(stepUrl('purpose'));
    await page
      .getByLabel('Σκοπός της εξουσιοδότησης')
      .fill('να παραλάβει για λογαριασμό μου το πιστοποιητικό οικογενειακής κατάστασης');
    await page.getByRole('searchbox', { name: 'Αναζήτηση φορέα' }).fill('Αθην');
    await page.getByRole('radio', { name: 'Δήμος Αθηναίων' }).check();
    await page.getByRole('button', { name: 'Συνέχεια' }).click();
    await page.waitForURL(stepUrl('preview'));
    await page.getByRole('button', { name: 'Υποβολή' }).click();
    await page.waitForURL(stepUrl('confirm'));
    await confirmWithSmsCode(page, baseUrl);

    // Nikos opens it from his new messages and accepts it, after the confirmation.
    const nikos = await newPage(ctx.browser);
    await loginNikos(nikos.page, baseUrl, '/my/messages');
    const main = nikos.page.getByRole('main');
    await expect.poll(() => main.textContent()).toContain('Έγγραφο');
    await main.getByRole('link', { name: 'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ' }).first().click();
    await nikos.page.waitForURL(/\/my\/messages\/show\//);
    await expect.poll(() => main.textContent()).toContain('Η απάντησή σας');
    expect(await main.textContent()).toContain('να παραλάβει για λογαριασμό μου');
    expect(await seriousAccessibilityViolations(nikos.page)).toEqual([]);
    await shot(nikos.page, 'user-document-pending-1280-el');
    await main.getByRole('button', { name: 'Αποδοχή' }).click();
    const dialog = nikos.page.getByRole('dialog', { name: 'Αποδοχή' });
    expect(await seriousAccessibilityViolations(nikos.page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Αποδέχομαι' }).click();
    await expect
      .poll(() => nikos.page.getByRole('region', { name: 'Αποδεχτήκατε το έγγραφο.' }).count())
      .toBe(1);
    expect(await main.getByRole('button', { name: 'Αποδοχή' }).count()).toBe(0);
    await shot(nikos.page, 'user-document-accepted-1280-el');
    expect(nikos.consoleErrors).toEqual([]);
    await nikos.context.close();

    // Maria is told.
    await page.goto(`${baseUrl}/my/messages`);
    await expect
      .poll(() => page.getByRole('main').textContent())
      .toContain('Το έγγραφό σας έγινε αποδεκτό');
    expect(maria.consoleErrors).toEqual([]);
    await maria.context.close();
  });
});
