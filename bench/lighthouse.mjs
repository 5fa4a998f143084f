// Lighthouse 12 on the five public pages, mobile and desktop, against the built product started
// as `npm start` starts it (fresh data directory, free port), with Debian's Chromium. Prints
// JSON: per page and form factor the performance, accessibility, best-practices and SEO scores
// and LCP, TBT, CLS. Targets (DESIGN section 7): mobile performance >= 90, accessibility 100,
// CLS < 0.1. Run after `npm run build` and
// `npm install --no-save lighthouse@12 chrome-launcher`: node bench/lighthouse.mjs   (PAGES=/,/login RUNS=1)
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Lighthouse is not a project dependency: one of its packages depends on another's "latest" tag,
// which breaks `npm ci` whenever that package publishes. Install it for the run only:
//   npm install --no-save lighthouse@12 chrome-launcher
let chromeLauncher, lighthouse, desktopConfig;
try {
  chromeLauncher = await import('chrome-launcher');
  lighthouse = (await import('lighthouse')).default;
  desktopConfig = (await import('lighthouse/core/config/desktop-config.js')).default;
} catch {
  console.error('Lighthouse is not installed: npm install --no-save lighthouse@12 chrome-launcher');
  process.exit(2);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pages = (process.env.PAGES ?? '/,/login,/create/search,/validate/default,/terms').split(',');
const runs = Number(process.env.RUNS ?? 1);

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function startProduct() {
  const port = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dilosi-lighthouse-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
    },
    stdio: 'ignore',
  });
  for (let tries = 0; ; tries += 1) {
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (tries > 240) throw new Error('the product did not start in 60 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const product = await startProduct();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
});
const results = [];
try {
  for (const formFactor of ['mobile', 'desktop']) {
    for (const page of pages) {
      const samples = [];
      for (let run = 0; run < runs; run += 1) {
        const result = await lighthouse(
          `${product.baseUrl}${page}`,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          },
          formFactor === 'desktop' ? desktopConfig : undefined,
        );
        const { categories, audits } = result.lhr;
        samples.push({
          performance: Math.round(categories.performance.score * 100),
          accessibility: Math.round(categories.accessibility.score * 100),
          best_practices: Math.round(categories['best-practices'].score * 100),
          seo: Math.round(categories.seo.score * 100),
          lcp_ms: Math.round(audits['largest-contentful-paint'].numericValue),
          tbt_ms: Math.round(audits['total-blocking-time'].numericValue),
          cls: +audits['cumulative-layout-shift'].numericValue.toFixed(3),
        });
      }
      const row = { page, form_factor: formFactor };
      for (const key of Object.keys(samples[0])) row[key] = median(samples.map((s) => s[key]));
      results.push(row);
    }
  }
} finally {
  await chrome.kill();
  await product.stop();
}

const mobile = results.filter((row) => row.form_factor === 'mobile');
console.log(
  JSON.stringify(
    {
      bench: 'lighthouse',
      lighthouse: '12',
      runs_per_page: runs,
      targets: { mobile_performance: 90, accessibility: 100, cls: 0.1 },
      meets_targets: mobile.every(
        (row) => row.performance >= 90 && row.accessibility === 100 && row.cls < 0.1,
      ),
      results,
    },
    null,
    2,
  ),
);
