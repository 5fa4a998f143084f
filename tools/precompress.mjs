// Writes `<file>.br` and `<file>.gz` beside every compressible file of a built web app, so the
// server sends them as they are (@fastify/static `preCompressed`) instead of compressing each
// response. Run by packages/web's build script: node ../../tools/precompress.mjs dist
// Prints one JSON line: files, raw bytes, brotli bytes, gzip bytes.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

/** Text-like formats; images, fonts and PDFs are compressed already. */
export const COMPRESSIBLE_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.webmanifest',
  '.map',
  '.wasm',
  '.txt',
  '.md',
  '.xml',
]);

/**
 * Below this the saving is a few hundred bytes next to a kilobyte of headers. index.html (about
 * 1 KB, fetched on every visit) stays above it.
 */
export const MIN_BYTES = 512;

const encoders = {
  br: (bytes) =>
    zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  gz: (bytes) => zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
};

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Compresses every file of `dir` worth it. A variant that would not be smaller is not written
 * (and a stale one removed), so the server falls back to the plain file.
 */
export function precompress(dir) {
  const totals = { files: 0, raw_bytes: 0, br_bytes: 0, gzip_bytes: 0 };
  for (const file of walk(dir)) {
    if (!COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase())) continue;
    const bytes = fs.readFileSync(file);
    const sizes = {};
    for (const [ext, encode] of Object.entries(encoders)) {
      const target = `${file}.${ext}`;
      const compressed = bytes.length >= MIN_BYTES ? encode(bytes) : null;
      if (compressed && compressed.length < bytes.length) {
        fs.writeFileSync(target, compressed);
        // The same modification time as the original, for Last-Modified and ETag.
        const { atimeMs, mtimeMs } = fs.statSync(file);
        fs.utimesSync(target, atimeMs / 1000, mtimeMs / 1000);
        sizes[ext] = compressed.length;
      } else {
        fs.rmSync(target, { force: true });
        sizes[ext] = bytes.length;
      }
    }
    totals.files += 1;
    totals.raw_bytes += bytes.length;
    totals.br_bytes += sizes.br;
    totals.gzip_bytes += sizes.gz;
  }
  return totals;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2];
  if (!dir || !fs.existsSync(dir)) {
    console.error('usage: node tools/precompress.mjs <built web app folder>');
    process.exit(2);
  }
  console.log(JSON.stringify({ precompress: path.resolve(dir), ...precompress(dir) }));
}
