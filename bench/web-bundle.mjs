// Initial JavaScript and CSS of the citizen home (DESIGN.md section 7: JS ≤ 100 KB gzip), and
// what goes over the wire: raw (no compression, as before precompression), brotli and gzip.
// Reads the built index.html, follows its entry script, modulepreload and stylesheet links, and
// prints JSON. `served` is what the server sends: the .br / .gz that the build wrote beside each
// file (tools/precompress.mjs), or the plain file when there is none.
// Run after `npm run build`: node bench/web-bundle.mjs
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve('packages/web/dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const links = (pattern) => [...new Set([...html.matchAll(pattern)].map((m) => m[1]))];
const js = links(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+)"/g);
const css = links(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g);

const sizeOr = (file, fallback) => (fs.existsSync(file) ? fs.statSync(file).size : fallback);

function measure(url) {
  const file = path.join(dist, url);
  const bytes = fs.readFileSync(file);
  return {
    file: url,
    raw: bytes.length,
    gzip: zlib.gzipSync(bytes, { level: 9 }).length,
    br: zlib.brotliCompressSync(bytes, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
    }).length,
    served_br: sizeOr(`${file}.br`, bytes.length),
    served_gzip: sizeOr(`${file}.gz`, bytes.length),
  };
}

function group(urls) {
  const files = urls.map(measure);
  const sum = (key) => files.reduce((total, f) => total + f[key], 0);
  return {
    raw_bytes: sum('raw'),
    gzip_bytes: sum('gzip'),
    br_bytes: sum('br'),
    served_br_bytes: sum('served_br'),
    served_gzip_bytes: sum('served_gzip'),
    files,
  };
}

const initialJs = group(js);
const initialCss = group(css);
const indexHtml = group(['index.html']);
console.log(
  JSON.stringify(
    {
      bench: 'web-bundle',
      initial_js_gzip_bytes: initialJs.gzip_bytes,
      budget_bytes: 100 * 1024,
      within_budget: initialJs.gzip_bytes <= 100 * 1024,
      transfer: {
        raw_bytes: initialJs.raw_bytes + initialCss.raw_bytes + indexHtml.raw_bytes,
        br_bytes:
          initialJs.served_br_bytes + initialCss.served_br_bytes + indexHtml.served_br_bytes,
        gzip_bytes:
          initialJs.served_gzip_bytes + initialCss.served_gzip_bytes + indexHtml.served_gzip_bytes,
      },
      initial_js: initialJs,
      initial_css: initialCss,
      index_html: indexHtml,
    },
    null,
    2,
  ),
);
