// Initial JavaScript of the citizen home, gzip (DESIGN.md section 7: ≤ 100 KB).
// Reads the built index.html, follows its entry script and modulepreload links, and prints JSON.
// Run after `npm run build`: node bench/web-bundle.mjs
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve('packages/web/dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const urls = [
  ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
].map((m) => m[1]);
const files = [...new Set(urls)].map((url) => {
  const bytes = fs.readFileSync(path.join(dist, url));
  return { file: url, bytes: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
});
const total = files.reduce((sum, f) => sum + f.gzip, 0);
console.log(
  JSON.stringify(
    {
      bench: 'web-bundle',
      initial_js_gzip_bytes: total,
      budget_bytes: 100 * 1024,
      within_budget: total <= 100 * 1024,
      files,
    },
    null,
    2,
  ),
);
