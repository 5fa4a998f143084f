import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { artefactsDir, loginAsStaff, loginWithBank, newPage, useAppAndBrowser } from './harness';

// Layout regressions (issue #33): every main page in Greek, at 1280 and 360 px, against a
// committed baseline (e2e/screenshots/). A changed page fails here until its new baseline is
// written (UPDATE_SCREENSHOTS=1) and reviewed in the commit. Beside the pixels, two rules no
// screenshot states: a full-width page's main column is at least 900 px wide at 1280, and no
// heading or name breaks inside a word.

const baselineDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
const update = process.env.UPDATE_SCREENSHOTS === '1';
/** Share of pixels that may differ: the demo data's dates and times (they follow the clock), never a moved column. */
const MAX_DIFF_RATIO = 0.025;
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 360, height: 740 },
] as const;

type Visit = {
  name: string;
  /** Goes there and waits for the page's own content. */
  open(page: Page, baseUrl: string): Promise<void>;
  /** The page spans the width container (not the two-thirds reading column). */
  fullWidth?: boolean;
  /**
   * Compared with a baseline. The staff pages are not yet: their demo cases' dates and counts
   * follow the clock, and on a loaded machine a 360 px run differed by 40 %.
   */
  pixels?: boolean;
};

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).first();

async function go(page: Page, url: string) {
  await page.goto(url);
  await expect.poll(() => h1(page).isVisible()).toBe(true);
}

const anonymousPages: Visit[] = [
  { name: 'home', open: (page, base) => go(page, `${base}/`) },
  { name: 'login', open: (page, base) => go(page, `${base}/login`) },
  {
    name: 'staff-login',
    open: async (page, base) => {
      await go(page, `${base}/dashboard-login`);
      // Clerks are not administrators: the page says whom it is for.
      expect(['Σύνδεση υπαλλήλων φορέων', 'Staff login', 'Connexion du personnel']).toContain(
        await h1(page).textContent(),
      );
    },
  },
  { name: 'validate', open: (page, base) => go(page, `${base}/validate`) },
  {
    name: 'template',
    open: (page, base) => go(page, `${base}/templates/solemn-declaration`),
  },
  {
    name: 'dev-outbox',
    fullWidth: true,
    open: (page, base) => go(page, `${base}/dev/outbox`),
  },
];

const citizenPages: Visit[] = [
  { name: 'citizen-home', fullWidth: true, open: (page, base) => go(page, `${base}/`) },
  { name: 'vault', open: (page, base) => go(page, `${base}/vault`) },
  { name: 'messages', open: (page, base) => go(page, `${base}/my/messages`) },
];

const staffPages: Visit[] = [
  {
    name: 'entities',
    pixels: false,
    open: (page, base) => go(page, `${base}/dashboard/entities/list`),
  },
  {
    name: 'inbox',
    pixels: false,
    open: async (page) => {
      await page
        .getByRole('link', { name: /Δήμος Αθηναίων|Municipality of Athens|Municipalité d'Athènes/ })
        .click();
      await page
        .getByRole('link', { name: /^(Εισερχόμενες|Incoming|Entrants)/ })
        .first()
        .click();
      await page.waitForURL(/\/inbox\/list\/incoming$/);
      await expect.poll(() => page.getByRole('row').count()).toBeGreaterThan(1);
    },
  },
  {
    name: 'case',
    pixels: false,
    open: async (page) => {
      await page.getByRole('row').nth(1).getByRole('link').first().click();
      await page.waitForURL(/\/inbox\/show\//);
      // The list's heading stays until the case page has rendered: wait for the case number.
      await expect.poll(() => h1(page).textContent()).toMatch(/\d{4}\/\d{6}/);
    },
  },
];

/** Words of headings and names that a line break cuts in two (a hyphen or slash may wrap). */
async function wordsBrokenInside(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    const selector = 'h1, h2, h3, .dilosi-user-menu__name, [data-person-name]';
    for (const element of Array.from(document.querySelectorAll(selector))) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/[^\s\-/@.]{2,}/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set(
            Array.from(range.getClientRects())
              .filter((rect) => rect.width > 0)
              .map((rect) => Math.round(rect.top)),
          );
          if (tops.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  });
}

/** The width of the main column: the first child of the page's main wrapper. */
async function mainColumnWidth(page: Page): Promise<number> {
  return page.evaluate(() => {
    const column = document.querySelector('.dilosi-main-wrapper')?.firstElementChild;
    return column ? column.getBoundingClientRect().width : 0;
  });
}

/** Compares the viewport with its baseline; answers the share of pixels that differ. */
async function compareWithBaseline(page: Page, name: string): Promise<number> {
  const actual = await page.screenshot({
    animations: 'disabled',
    caret: 'hide',
    // Times of the demo data move with the clock.
    mask: [page.locator('time')],
  });
  const baselinePath = path.join(baselineDir, `${name}.png`);
  if (update) {
    await fs.mkdir(baselineDir, { recursive: true });
    await fs.writeFile(baselinePath, actual);
    return 0;
  }
  const expected = PNG.sync.read(await fs.readFile(baselinePath).catch(() => Buffer.alloc(0)));
  const shot = PNG.sync.read(actual);
  await fs.mkdir(artefactsDir, { recursive: true });
  if (expected.width !== shot.width || expected.height !== shot.height) {
    await fs.writeFile(path.join(artefactsDir, `layout-${name}-actual.png`), actual);
    return 1;
  }
  const diff = new PNG({ width: shot.width, height: shot.height });
  const differing = pixelmatch(expected.data, shot.data, diff.data, shot.width, shot.height, {
    threshold: 0.1,
  });
  const ratio = differing / (shot.width * shot.height);
  if (ratio > MAX_DIFF_RATIO) {
    await fs.writeFile(path.join(artefactsDir, `layout-${name}-actual.png`), actual);
    await fs.writeFile(path.join(artefactsDir, `layout-${name}-diff.png`), PNG.sync.write(diff));
  }
  return ratio;
}

describe('layout of the main pages, against committed baselines in Greek', () => {
  const ctx = useAppAndBrowser();

  /**
   * Visits the pages at one width. In Greek each is compared with its baseline; in English and
   * French (longer words, other names) the column and word rules are checked and the
   * screenshots kept in test-results/ for review, as no baseline is committed for them.
   */
  async function walk(
    size: (typeof WIDTHS)[number],
    visits: Visit[],
    login?: (page: Page, baseUrl: string) => Promise<void>,
    language: 'el' | 'en' | 'fr' = 'el',
  ) {
    const { context, page } = await newPage(ctx.browser, size);
    await page.goto(`${ctx.app.baseUrl}/terms`);
    await page.getByRole('button', { name: 'Αποδοχή' }).click();
    if (language !== 'el') {
      await page.getByRole('combobox', { name: 'Γλώσσα' }).selectOption(language);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
    }
    if (login) await login(page, ctx.app.baseUrl);
    const failures: string[] = [];
    for (const visit of visits) {
      await visit.open(page, ctx.app.baseUrl);
      await page.waitForLoadState('networkidle');
      const name = `${visit.name}-${size.width}`;
      if (language !== 'el') {
        await fs.mkdir(artefactsDir, { recursive: true });
        await page.screenshot({ path: path.join(artefactsDir, `layout-${language}-${name}.png`) });
      }
      const broken = await wordsBrokenInside(page);
      if (broken.length > 0) failures.push(`${name}: words broken inside: ${broken.join(', ')}`);
      if (visit.fullWidth && size.width === 1280) {
        const width = await mainColumnWidth(page);
        if (width < 900) failures.push(`${name}: main column ${Math.round(width)} px < 900`);
      }
      const ratio =
        visit.pixels === false || language !== 'el' ? 0 : await compareWithBaseline(page, name);
      if (ratio > MAX_DIFF_RATIO) {
        failures.push(
          `${name}: ${(ratio * 100).toFixed(2)} % of pixels differ from e2e/screenshots/${name}.png (test-results/layout-${name}-*.png)`,
        );
      }
    }
    await context.close();
    return failures;
  }

  for (const size of WIDTHS) {
    it(`anonymous pages at ${size.width} px`, async () => {
      expect(await walk(size, anonymousPages)).toEqual([]);
    });

    it(`the citizen's pages at ${size.width} px`, async () => {
      expect(
        await walk(size, citizenPages, async (page, base) => {
          await page.goto(`${base}/login`);
          await loginWithBank(page);
          await page.waitForURL((url) => !url.pathname.startsWith('/login'));
        }),
      ).toEqual([]);
    });

    it(`the staff's pages at ${size.width} px`, async () => {
      expect(await walk(size, staffPages, (page, base) => loginAsStaff(page, base))).toEqual([]);
    });
  }

  for (const language of ['en', 'fr'] as const) {
    it(`every page in ${language === 'en' ? 'English' : 'French'} at 1280 and 360 px`, async () => {
      const failures: string[] = [];
      for (const size of WIDTHS) {
        failures.push(...(await walk(size, anonymousPages, undefined, language)));
        failures.push(
          ...(await walk(
            size,
            citizenPages,
            async (page, base) => {
              await page.goto(`${base}/login`);
              await loginWithBank(page);
              await page.waitForURL((url) => !url.pathname.startsWith('/login'));
            },
            language,
          )),
        );
        failures.push(
          ...(await walk(size, staffPages, (page, base) => loginAsStaff(page, base), language)),
        );
      }
      expect(failures).toEqual([]);
    });
  }
});
