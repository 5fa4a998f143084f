import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildStamp, freePort, serverEntry } from './server-process';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const artefactsDir = path.join(root, 'test-results');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

export type RunningApp = {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
  output(): string;
};

/** The environment every test app starts with, under the test's own `env`. */
function appEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000',
    ...env,
  };
}

/** A prepared data folder is made again after this long, so seeded dates stay near now. */
const PREPARED_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * A data folder as a first start leaves it (PGlite initialised, every migration, the demo seed,
 * the job queue's schema), made once per build and environment by the server's own
 * `--prepare-database-only` step and kept in the system's temporary folder. Each test app
 * starts on a copy: a new folder costs initdb and the seed (~9 s compiled, ~30 s through tsx,
 * measured under load), a copy ~0.7 s. The first start itself is tested by first-start.e2e.
 */
async function preparedDataDir(entry: string[], env: Record<string, string>): Promise<string> {
  const key = createHash('sha256')
    .update(JSON.stringify([entry, buildStamp(), Object.entries(env).sort()]))
    .digest('hex')
    .slice(0, 16);
  const prepared = path.join(os.tmpdir(), `dilosi-e2e-prepared-${key}`);
  const stat = await fs.stat(prepared).catch(() => null);
  if (stat && Date.now() - stat.mtimeMs < PREPARED_MAX_AGE_MS) return prepared;
  await removeOldPreparedDirs();
  const fresh = await fs.mkdtemp(path.join(os.tmpdir(), 'dilosi-e2e-preparing-'));
  const child = spawn(process.execPath, [...entry, '--prepare-database-only'], {
    cwd: root,
    env: appEnv({ ...env, DATA_DIR: fresh }),
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`preparing a data folder failed (exit ${code}):\n${output}`);
  await fs.rm(prepared, { recursive: true, force: true });
  await fs.rename(fresh, prepared);
  return prepared;
}

/** Prepared folders of earlier builds (or older than an hour) go: 60 MB each. */
async function removeOldPreparedDirs(): Promise<void> {
  const names = await fs.readdir(os.tmpdir());
  for (const name of names) {
    if (!name.startsWith('dilosi-e2e-prepar')) continue;
    const full = path.join(os.tmpdir(), name);
    const stat = await fs.stat(full).catch(() => null);
    if (stat && Date.now() - stat.mtimeMs >= PREPARED_MAX_AGE_MS) {
      await fs.rm(full, { recursive: true, force: true });
    }
  }
}

/**
 * Starts the real product the way `npm start` does (the compiled server when the build is up to
 * date, the built web app, embedded PGlite, demo data) on a free port, on a copy of a prepared
 * data folder, and waits until /healthz answers.
 */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const entry = serverEntry();
  const port = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dilosi-e2e-'));
  await fs.cp(await preparedDataDir(entry, env), dataDir, { recursive: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, entry, {
    cwd: root,
    env: appEnv({ PORT: String(port), PUBLIC_URL: baseUrl, DATA_DIR: dataDir, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in 60 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    baseUrl,
    dataDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/** A fresh browser context (no cookies, no storage) with a page that records console errors. */
export async function newPage(
  browser: Browser,
  options: { width?: number; height?: number; locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page; consoleErrors: string[] }> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    locale: options.locale ?? 'el-GR',
  });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) consoleErrors.push(`HTTP ${response.status()} ${response.url()}`);
  });
  return { context, page, consoleErrors };
}

export type AxeViolation = {
  id: string;
  impact: string | null | undefined;
  help: string;
  nodes: string[];
};

/** Runs axe (WCAG 2.1 A and AA) and returns the serious and critical violations. */
export async function seriousAccessibilityViolations(page: Page): Promise<AxeViolation[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => n.target.join(' ')),
    }));
}

export async function screenshot(page: Page, name: string): Promise<string> {
  await fs.mkdir(artefactsDir, { recursive: true });
  const file = path.join(artefactsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * One running app and one browser for a describe block: started in beforeAll, stopped in
 * afterAll. Read `.app` and `.browser` inside the tests.
 */
export function useAppAndBrowser(env: Record<string, string> = {}): {
  readonly app: RunningApp;
  readonly browser: Browser;
} {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(env), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
  return {
    get app() {
      if (!app) throw new Error('the app is not started yet');
      return app;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not launched yet');
      return browser;
    },
  };
}

/**
 * On the /login page: logs in with the bank provider of the built-in identity provider as a demo
 * person (Maria by default; the bank certifies the mobile, so no onboarding question follows).
 */
export async function loginWithBank(page: Page, person: RegExp = /ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ/) {
  await page.getByRole('link', { name: /web banking/ }).click();
  await page.getByRole('button', { name: person }).click();
}

/** The page is wider than the viewport (a horizontal scroll bar on a phone). */
export async function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
}

/** The element that has the keyboard focus, as tag name and text (for focus-management checks). */
export async function focusedElement(page: Page): Promise<{ tag: string; text: string }> {
  return page.evaluate(() => {
    const element = document.activeElement;
    return { tag: element?.tagName ?? '', text: element?.textContent?.trim() ?? '' };
  });
}

/** A message of the development outbox (GET /api/dev/outbox, DEVEL on: the default). */
export type OutboxMessage = {
  id: string;
  channel: 'sms' | 'email';
  recipient: string;
  message_key: string;
  subject: string | null;
  body: string;
  status: string;
  document_id: string | null;
  created_at: string;
};

/** The newest messages the app wrote (SMS codes, e-mails), newest first. */
export async function readOutbox(
  baseUrl: string,
  query: { channel?: 'sms' | 'email'; limit?: number } = {},
): Promise<OutboxMessage[]> {
  const params = new URLSearchParams({ limit: String(query.limit ?? 50) });
  if (query.channel) params.set('channel', query.channel);
  const response = await fetch(`${baseUrl}/api/dev/outbox?${params.toString()}`);
  if (!response.ok) throw new Error(`outbox: HTTP ${response.status}`);
  const body = (await response.json()) as { data: OutboxMessage[] };
  return body.data;
}

/** The six-digit SMS code last sent for a document, or null when none has arrived yet. */
export async function latestOtpCode(baseUrl: string, documentId: string): Promise<string | null> {
  const messages = await readOutbox(baseUrl, { channel: 'sms' });
  const sms = messages.find(
    (message) => message.document_id === documentId && message.message_key === 'otp_sms',
  );
  return sms ? (/\b(\d{6})\b/.exec(sms.body)?.[1] ?? null) : null;
}

/**
 * From the template page, through the bank login (Maria) and the first three steps of a solemn
 * declaration to the Municipality of Athens, to the SMS code step.
 */
export async function reachConfirmStep(page: Page, baseUrl: string, statement: string) {
  const h1 = page.getByRole('heading', { level: 1 });
  const stepUrl = (step: string) => new RegExp(`/issue/[^/]+/${step}$`);
  await page.goto(`${baseUrl}/templates/solemn-declaration`);
  await expect.poll(() => h1.textContent()).toContain('(άρθρο 8 Ν.1599/1986)');
  await page.getByRole('link', { name: 'Έναρξη' }).click();
  await page.waitForURL(/\/login\?/);
  await loginWithBank(page);
  await page.waitForURL(stepUrl('fields'));
  await page.getByRole('textbox', { name: /Κείμενο δήλωσης/ }).fill(statement);
  await page.getByRole('button', { name: 'Συνέχεια' }).click();
  await page.waitForURL(stepUrl('recipient'));
  await page.getByRole('searchbox', { name: 'Αναζήτηση φορέα' }).fill('Αθην');
  await page.getByRole('radio', { name: 'Δήμος Αθηναίων' }).check();
  await page.getByRole('button', { name: 'Συνέχεια' }).click();
  await page.waitForURL(stepUrl('preview'));
  await expect.poll(() => h1.textContent()).toBe('Προεπισκόπηση');
  await page.getByRole('button', { name: 'Υποβολή' }).click();
  await page.waitForURL(stepUrl('confirm'));
  await expect.poll(() => h1.textContent()).toBe('Επιβεβαίωση');
}

/** The admin login as a demo civil servant (the clerk of Athens by default). */
export async function loginAsStaff(page: Page, baseUrl: string, person = /ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ/) {
  await page.goto(`${baseUrl}/dashboard-login`);
  await page
    .getByRole('link', {
      name: /Σύνδεση με κωδικούς Δημόσιας Διοίκησης|public administration credentials|identifiants de l'administration publique/,
    })
    .click();
  await page.getByRole('button', { name: person }).click();
  await page.waitForURL(`${baseUrl}/dashboard/entities/list`);
}

/**
 * On the SMS code step of a document: types the code the app sent and confirms, then waits for
 * the done page. Answers the document's id.
 */
export async function confirmWithSmsCode(page: Page, baseUrl: string): Promise<string> {
  const documentId = new URL(page.url()).pathname.split('/')[2] ?? '';
  await expect.poll(() => latestOtpCode(baseUrl, documentId)).toMatch(/^\d{6}$/);
  await page
    .getByRole('textbox', { name: /Κωδικός επιβεβαίωσης/ })
    .fill((await latestOtpCode(baseUrl, documentId)) ?? '');
  await page.getByRole('button', { name: 'Επιβεβαίωση' }).click();
  await page.waitForURL(/\/dilosi\/[^/]+\/done$/);
  return documentId;
}

/** The clerk of Athens logs in and opens the incoming cases of the Municipality of Athens. */
export async function openAthensIncoming(page: Page, baseUrl: string) {
  await loginAsStaff(page, baseUrl);
  await page.getByRole('link', { name: /Δήμος Αθηναίων/ }).click();
  await page.getByRole('link', { name: /^Εισερχόμενες/ }).click();
  await page.waitForURL(/\/inbox\/list\/incoming$/);
}

/** In a list of cases: searches by the citizen's name and waits for the filter in the URL. */
export async function searchByCitizen(page: Page, name: string) {
  await page.getByText('Αναζήτηση', { exact: true }).first().click();
  await page.getByLabel('Ονοματεπώνυμο πολίτη').fill(name);
  await page.getByRole('button', { name: 'Αναζήτηση' }).click();
  await page.waitForURL(/user=/);
}
