import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompress } from './precompress.mjs';

describe('precompress', () => {
  let dir;
  const write = (name, bytes) => {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), bytes);
  };
  const exists = (name) => fs.existsSync(path.join(dir, name));
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dilosi-precompress-'));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes brotli and gzip twins that decode to the file, with its modification time', () => {
    const text = Buffer.from('const a = "Υπεύθυνη δήλωση";\n'.repeat(200));
    write('assets/app-1.js', text);
    const totals = precompress(dir);
    const br = fs.readFileSync(path.join(dir, 'assets/app-1.js.br'));
    const gz = fs.readFileSync(path.join(dir, 'assets/app-1.js.gz'));
    expect(zlib.brotliDecompressSync(br).equals(text)).toBe(true);
    expect(zlib.gunzipSync(gz).equals(text)).toBe(true);
    expect(totals).toEqual({
      files: 1,
      raw_bytes: text.length,
      br_bytes: br.length,
      gzip_bytes: gz.length,
    });
    const mtime = (name) => fs.statSync(path.join(dir, name)).mtimeMs;
    expect(Math.abs(mtime('assets/app-1.js.br') - mtime('assets/app-1.js'))).toBeLessThan(1);
  });

  it('leaves small files, binary formats and files that do not shrink alone', () => {
    write('small.css', Buffer.alloc(MIN_BYTES - 1, 'a'));
    write('logo.png', Buffer.alloc(8000, 'a'));
    write('font.woff2', Buffer.alloc(8000, 'a'));
    write('random.js', crypto.randomBytes(8000));
    precompress(dir);
    for (const name of ['small.css', 'logo.png', 'font.woff2', 'random.js']) {
      expect(exists(`${name}.br`)).toBe(false);
      expect(exists(`${name}.gz`)).toBe(false);
    }
  });

  it('removes a stale twin when the file no longer gains from compression', () => {
    write('data.json', Buffer.from(JSON.stringify({ list: new Array(500).fill('x') })));
    precompress(dir);
    expect(exists('data.json.br')).toBe(true);
    write('data.json', Buffer.from('{}'));
    precompress(dir);
    expect(exists('data.json.br')).toBe(false);
    expect(exists('data.json.gz')).toBe(false);
  });

  it('does not compress its own output again', () => {
    write('index.html', Buffer.from('<p>Dilosi</p>\n'.repeat(200)));
    precompress(dir);
    const first = fs.readdirSync(dir).sort();
    precompress(dir);
    expect(fs.readdirSync(dir).sort()).toEqual(first);
    expect(first).toEqual(['index.html', 'index.html.br', 'index.html.gz']);
  });
});
