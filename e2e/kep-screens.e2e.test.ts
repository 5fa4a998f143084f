import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  artefactsDir,
  hasHorizontalScroll,
  loginAsStaff,
  newPage,
  useAppAndBrowser,
} from './harness';

// The in-person screens of issue #37 in el, en and fr at 1280 and 360 px: the person's code
// panel, the officer's looked-up request and her page after confirming (with its print button,
// whose PDF is downloaded). Screenshots go to test-results/kep/ for review, not to
// e2e/screenshots/: those are the layout test's committed Greek baselines, compared pixel by
// pixel, and these pages carry a random code and the day's dates. Each screen is checked for a
// horizontal scroll at 360 px and, in en and fr, for Greek text outside what the person typed.

const LANGUAGES = ['el', 'en', 'fr'] as const;
type Language = (typeof LANGUAGES)[number];
const WIDTHS = [1280, 360] as const;
const HEIGHT = { 1280: 900, 360: 740 } as const;
const KEP_OFFICER = /ΕΥΑΓΓΕΛΙΑ ΣΤΑΥΡΟΥ/;
const shotsDir = path.join(artefactsDir, 'kep');
const catalogs = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../packages/domain/src/i18n',
);

type KepTexts = {
  codeLabel: string;
  lookup: string;
  idTypes: { id_card: string };
  idNumber: string;
  confirm: string;
  issued: string;
  print: string;
};

async function kepTexts(language: Language): Promise<KepTexts> {
  const file = path.join(catalogs, language, 'dashboard.json');
  return (JSON.parse(await fs.readFile(file, 'utf8')) as { kep: KepTexts }).kep;
}

/** What the person and the officer typed: Greek in every interface language. */
const TYPED = ['Δημοτική υπηρεσία', 'Περιγραφή του περιστατικού.', 'ΑΚ123456'];

/**
 * Lines of the page with Greek letters, other than the typed values and the officer's name, the
 * document preview's values (the document's Greek text, by design), the language menu's own
 * name of Greek and the bilingual no-JavaScript notice.
 */
async function greekLines(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => {
    const skipped =
      '.dilosi-document-preview dd, .dilosi-document-preview td, option, script, noscript';
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const texts: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.closest(skipped)) continue;
      texts.push(node.textContent ?? '');
    }
    return texts.join('\n');
  });
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /[\u0370-\u03ff\u1f00-\u1fff]/.test(line))
    .filter((line) => !TYPED.some((typed) => line.includes(typed)))
    .filter((line) => !KEP_OFFICER.test(line));
}

async function useLanguage(page: Page, language: Language) {
  await page.evaluate((lang) => window.localStorage.setItem('dilosi.lang', lang), language);
  await page.reload();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
}

/**
 * Takes the page at both widths (the viewport changed, the page as laid out again) and answers
 * the problems seen: a horizontal scroll at 360 px, untranslated text in en and fr.
 */
async function shoot(page: Page, name: string, language: Language): Promise<string[]> {
  const problems: string[] = [];
  await fs.mkdir(shotsDir, { recursive: true });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT[width] });
    // Let the layout settle at the new width.
    await page.waitForTimeout(300);
    await page.screenshot({
      path: path.join(shotsDir, `${name}-${language}-${width}.png`),
      fullPage: true,
    });
    if (width === 360 && (await hasHorizontalScroll(page))) {
      problems.push(`${name}-${language}-360: horizontal scroll`);
    }
  }
  if (language !== 'el') {
    for (const line of await greekLines(page)) problems.push(`${name}-${language}: "${line}"`);
  }
  return problems;
}

async function acceptCookies(context: BrowserContext) {
  await context.addInitScript(() => window.localStorage.setItem('dilosi.cookies', 'accepted'));
}

describe('the in-person screens in el, en and fr at 1280 and 360 px', () => {
  const ctx = useAppAndBrowser();

  /** An anonymous person's complaint, in Greek up to its KEP code; answers the code as shown. */
  async function personWithCode(page: Page): Promise<string> {
    const { baseUrl } = ctx.app;
    await page.goto(`${baseUrl}/templates/anonymous-complaint`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Έναρξη' }).click();
    await page.waitForURL(/provider=anon|\/idp\//);
    await page.getByRole('button', { name: /Συνέχεια ανώνυμα/ }).click();
    await page.waitForURL(/\/issue\/[^/]+\/complaint$/, { timeout: 30_000 });
    await page.getByRole('radio').first().check();
    await page.getByRole('textbox', { name: /Υπηρεσία που αφορά/ }).fill(TYPED[0] ?? '');
    await page.getByRole('textbox', { name: /Περιγραφή/ }).fill(TYPED[1] ?? '');
    await page.getByRole('button', { name: 'Συνέχεια' }).click();
    await page.waitForURL(/\/recipient$/);
    await page.getByRole('searchbox', { name: 'Αναζήτηση φορέα' }).fill('Αθην');
    await page.getByRole('radio', { name: 'Δήμος Αθηναίων' }).check();
    await page.getByRole('button', { name: 'Συνέχεια' }).click();
    await page.waitForURL(/\/preview$/);
    await page.getByRole('button', { name: 'Λήψη κωδικού για ΚΕΠ' }).click();
    const code = page.getByTestId('kep-code');
    await expect.poll(() => code.isVisible(), { timeout: 15_000 }).toBe(true);
    return (await code.textContent()) ?? '';
  }

  it('shows the code, the looked-up request and the confirmed one, and prints its PDF', async () => {
    const { baseUrl } = ctx.app;
    const desk = await newPage(ctx.browser, { width: 1280, height: 900 });
    await acceptCookies(desk.context);
    const officer = desk.page;
    await loginAsStaff(officer, baseUrl, KEP_OFFICER);
    await officer
      .getByRole('link', { name: /ΚΕΠ Δήμου Αθηναίων/ })
      .first()
      .click();
    await officer.waitForURL(/\/kep$/);

    const problems: string[] = [];
    for (const language of LANGUAGES) {
      const person = await newPage(ctx.browser, { width: 360, height: 740 });
      await acceptCookies(person.context);
      const page = person.page;
      const code = await personWithCode(page);
      await useLanguage(page, language);
      await expect.poll(() => page.getByTestId('kep-code').textContent()).toBe(code);
      problems.push(...(await shoot(page, 'kep-person-code', language)));

      const texts = await kepTexts(language);
      await officer.setViewportSize({ width: 1280, height: 900 });
      await useLanguage(officer, language);
      await officer.getByRole('textbox', { name: texts.codeLabel }).fill(code.toLowerCase());
      await officer.getByRole('button', { name: texts.lookup, exact: true }).click();
      await expect
        .poll(() =>
          officer
            .getByText(TYPED[0] ?? '')
            .first()
            .isVisible(),
        )
        .toBe(true);
      await officer.getByRole('radio', { name: texts.idTypes.id_card }).check();
      await officer.getByRole('textbox', { name: texts.idNumber }).fill(TYPED[2] ?? '');
      problems.push(...(await shoot(officer, 'kep-officer-request', language)));

      await officer.setViewportSize({ width: 1280, height: 900 });
      await officer.getByRole('button', { name: texts.confirm }).click();
      const issued = texts.issued.split('{{')[0] ?? '';
      await expect
        .poll(() => officer.getByText(issued).isVisible(), { timeout: 30_000 })
        .toBe(true);
      problems.push(...(await shoot(officer, 'kep-officer-confirmed', language)));

      // The print button gives the sealed PDF.
      const [download] = await Promise.all([
        officer.waitForEvent('download'),
        officer.getByRole('button', { name: texts.print }).click(),
      ]);
      const bytes = await fs.readFile((await download.path()) ?? '');
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

      // The person's page shows the issued document.
      await page.waitForURL(/\/dilosi\/[^/]+\/done$/, { timeout: 30_000 });
      // No error on the person's way: the preview's look-up of a last code is no longer a 404,
      // and the captcha's stylesheet and worker come from our origin (CSP style-src 'self').
      expect(person.consoleErrors).toEqual([]);
      await person.context.close();

      // Back to the look-up for the next language.
      await officer.reload();
    }
    expect(desk.consoleErrors).toEqual([]);
    await desk.context.close();
    expect(problems).toEqual([]);
  }, 300_000);
});
