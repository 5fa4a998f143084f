import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  confirmWithSmsCode,
  hasHorizontalScroll,
  newPage,
  reachConfirmStep,
  screenshot,
  seriousAccessibilityViolations,
  useAppAndBrowser,
} from './harness';

const STATEMENT = 'Δηλώνω ότι θέλω αντίγραφο όλων των εγγράφων μου.';
const SHOTS = process.env.SHOTS_DIR;

type Manifest = { documents: { reference_code: string; file: string; sha256: string }[] };

/** The page's look at both widths, axe-clean, without sideways scrolling. */
async function checkLayout(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, `${name}-${width}`);
    if (SHOTS)
      await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('take your records with you', () => {
  const ctx = useAppAndBrowser();

  it('a citizen with an issued document prepares her export and downloads the ZIP', async () => {
    const { baseUrl } = ctx.app;
    if (SHOTS) await fs.mkdir(SHOTS, { recursive: true });
    const { page, context, consoleErrors } = await newPage(ctx.browser);
    await reachConfirmStep(page, baseUrl, STATEMENT);
    await confirmWithSmsCode(page, baseUrl);
    const referenceCode = (new URL(page.url()).pathname.split('/')[2] ?? '').replaceAll('-', '');

    await page.goto(`${baseUrl}/vault/export`);
    const h1 = page.getByRole('heading', { level: 1 });
    await expect.poll(() => h1.textContent()).toBe('Πάρτε τα έγγραφά σας μαζί σας');
    const status = page.getByRole('status', { name: 'Κατάσταση της εξαγωγής' });
    expect(await status.textContent()).toContain('Δεν έχετε ζητήσει ακόμη εξαγωγή.');
    await checkLayout(page, 'vault-export-none-el');

    await page.getByRole('button', { name: 'Ετοιμασία της εξαγωγής μου' }).click();
    // The worker of the embedded set-up takes the job; the page polls until it is ready.
    const download = page.getByRole('button', { name: 'Λήψη του αρχείου ZIP' });
    await expect.poll(() => download.count(), { timeout: 30_000 }).toBe(1);
    expect(await status.textContent()).toContain('Η εξαγωγή σας είναι έτοιμη: 1 έγγραφο.');
    expect(await status.textContent()).toMatch(/ισχύει έως \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d/);
    await checkLayout(page, 'vault-export-ready-el');

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^dilosi-records-\d{4}-\d\d-\d\d\.zip$/);
    const zipPath = await file.path();
    const entries = unzipSync(new Uint8Array(await fs.readFile(zipPath)));
    const manifest = JSON.parse(Buffer.from(entries['manifest.json'] ?? []).toString()) as Manifest;
    expect(manifest.documents.map((d) => d.reference_code)).toEqual([referenceCode]);
    const pdf = entries[`${referenceCode}.pdf`];
    expect(
      Buffer.from(pdf ?? [])
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // The PDF in the ZIP is the one issued, byte for byte: its digest is the stored one's.
    expect(
      crypto
        .createHash('sha256')
        .update(pdf ?? new Uint8Array())
        .digest('hex'),
    ).toBe(manifest.documents[0]?.sha256);
    expect(Object.keys(entries).sort()).toEqual([`${referenceCode}.pdf`, 'manifest.json']);

    // In English, the same page at both widths.
    await page.evaluate(() => window.localStorage.setItem('dilosi.lang', 'en'));
    await page.reload();
    await expect.poll(() => h1.textContent()).toBe('Take your records with you');
    await expect
      .poll(() => page.getByRole('status', { name: 'Export status' }).textContent())
      .toContain('Your export is ready: 1 document.');
    await checkLayout(page, 'vault-export-ready-en');
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 120_000);
});
