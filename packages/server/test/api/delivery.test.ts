import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { COMPRESSION_THRESHOLD_BYTES, registerCompression } from '../../src/plugins/compression';
import { isClientRoute } from '../../src/plugins/web';
import { createTestApp, testConfig, type TestApp } from '../helpers';

const PRECOMPRESS = path.resolve(import.meta.dirname, '../../../../tools/precompress.mjs');

const decoders: Record<string, (bytes: Buffer) => Buffer> = {
  br: (bytes) => zlib.brotliDecompressSync(bytes),
  gzip: (bytes) => zlib.gunzipSync(bytes),
};

/** A built web app in miniature, precompressed by the build's own step. */
async function buildDist(): Promise<{ dir: string; files: Record<string, Buffer> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dilosi-delivery-'));
  await fs.mkdir(path.join(dir, 'assets'));
  const line = (i: number) => `export const label${i} = "Υπεύθυνη δήλωση ${i}";\n`;
  const files: Record<string, Buffer> = {
    'index.html': Buffer.from(
      `<!doctype html><html lang="el"><head><meta charset="utf-8"><title>Dilosi</title>` +
        `<script type="module" src="/assets/app-abc123.js"></script>` +
        `<link rel="stylesheet" href="/assets/app-abc123.css"></head><body><div id="root">` +
        '<p>Φόρτωση της υπηρεσίας…</p>'.repeat(40) +
        `</div></body></html>`,
    ),
    'assets/app-abc123.js': Buffer.from(Array.from({ length: 600 }, (_, i) => line(i)).join('')),
    'assets/app-abc123.css': Buffer.from(
      '.govgr-button { color: #003476; margin: 0 }\n'.repeat(300),
    ),
    'assets/tiny-abc123.js': Buffer.from('export const tiny = 1;\n'),
    'assets/logo-abc123.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, ...new Array(4000).fill(7)]),
  };
  for (const [name, bytes] of Object.entries(files))
    await fs.writeFile(path.join(dir, name), bytes);
  execFileSync(process.execPath, [PRECOMPRESS, dir]);
  return { dir, files };
}

describe('delivery of the web app and the API', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let dist: { dir: string; files: Record<string, Buffer> };
  beforeAll(async () => {
    dist = await buildDist();
    t = await createTestApp();
    app = await buildApp({
      config: testConfig({ WEB_DIST_DIR: dist.dir }),
      database: t.database,
      logger: false,
    });
  });
  afterAll(async () => {
    await app.close();
    await t.close();
    await fs.rm(dist.dir, { recursive: true, force: true });
  });

  describe('the build step', () => {
    it('writes .br and .gz beside compressible files that gain from it, and only those', async () => {
      const names = await fs.readdir(path.join(dist.dir, 'assets'));
      for (const name of ['app-abc123.js', 'app-abc123.css']) {
        expect(names).toContain(`${name}.br`);
        expect(names).toContain(`${name}.gz`);
      }
      await expect(fs.stat(path.join(dist.dir, 'index.html.br'))).resolves.toBeTruthy();
      expect(names.filter((name) => name.startsWith('tiny-') || name.startsWith('logo-'))).toEqual([
        'logo-abc123.png',
        'tiny-abc123.js',
      ]);
      const plain = dist.files['assets/app-abc123.js'];
      const br = await fs.readFile(path.join(dist.dir, 'assets/app-abc123.js.br'));
      expect(br.length).toBeLessThan((plain?.length ?? 0) / 4);
      expect(zlib.brotliDecompressSync(br).equals(plain ?? Buffer.alloc(0))).toBe(true);
    });
  });

  describe('static files', () => {
    it.each([
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br', 'br'],
      ['br;q=0, gzip', 'gzip'],
    ])('Accept-Encoding: %s gets the %s file, decoding to the plain bytes', async (accept, enc) => {
      for (const [url, type] of [
        ['/assets/app-abc123.js', /javascript/],
        ['/assets/app-abc123.css', /text\/css/],
      ] as const) {
        const response = await app.inject({
          method: 'GET',
          url,
          headers: { 'accept-encoding': accept },
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe(enc);
        expect(response.headers['vary']).toMatch(/accept-encoding/i);
        expect(response.headers['content-type']).toMatch(type);
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const plain = dist.files[url.slice(1)];
        expect(response.rawPayload.length).toBeLessThan(plain?.length ?? 0);
        const decoded = decoders[enc]?.(response.rawPayload);
        expect(decoded?.equals(plain ?? Buffer.alloc(0))).toBe(true);
      }
    });

    it('sends the plain file without Accept-Encoding, still saying it varies', async () => {
      const response = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['vary']).toMatch(/accept-encoding/i);
      expect(
        response.rawPayload.equals(dist.files['assets/app-abc123.js'] ?? Buffer.alloc(0)),
      ).toBe(true);
    });

    it('sends files without a compressed twin as they are, even to a client that accepts br', async () => {
      for (const name of ['assets/tiny-abc123.js', 'assets/logo-abc123.png']) {
        const response = await app.inject({
          method: 'GET',
          url: `/${name}`,
          headers: { 'accept-encoding': 'br, gzip' },
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBeUndefined();
        expect(response.rawPayload.equals(dist.files[name] ?? Buffer.alloc(0))).toBe(true);
      }
    });

    it.each(['/', '/dilosi/7KQ2-M9XD-H3RT-0B5C/done', '/validate/default'])(
      'serves index.html compressed and never cached at %s',
      async (url) => {
        for (const enc of ['br', 'gzip']) {
          const response = await app.inject({
            method: 'GET',
            url,
            headers: { 'accept-encoding': enc },
          });
          expect(response.statusCode).toBe(200);
          expect(response.headers['content-encoding']).toBe(enc);
          expect(response.headers['content-type']).toMatch(/^text\/html/);
          expect(response.headers['cache-control']).toBe('no-cache');
          expect(response.headers['vary']).toMatch(/accept-encoding/i);
          const decoded = decoders[enc]?.(response.rawPayload);
          expect(decoded?.equals(dist.files['index.html'] ?? Buffer.alloc(0))).toBe(true);
        }
        const plain = await app.inject({ method: 'GET', url });
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.body).toContain('<title>Dilosi</title>');
      },
    );
  });

  describe('paths that are not the app', () => {
    it.each([
      '/.env',
      '/.git/HEAD',
      '/.git/config',
      '/%2Eenv',
      '/.well-known/security.txt',
      '/wp-login.php',
      '/admin/config.php',
      '/foo/bar.js',
      '/assets/missing.js',
      '/templates/solemn-declaration/.htaccess',
      '/backup.sql',
      '/favicon.png',
    ])('%s answers 404 route_not_found, not index.html', async (url) => {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'br' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('route_not_found');
      expect(response.body).not.toContain('<title>Dilosi</title>');
    });

    // Spec section 2 (packages/web/src/config/paths.ts): none has a dot in its last segment.
    it.each([
      '/',
      '/home',
      '/login?next=%2Fvault&error_code=access_denied',
      '/login/token',
      '/consent?next=/templates/a.b',
      '/content/privacy',
      '/info/no-mobile',
      '/templates/solemn-declaration',
      '/templates/solemn-declaration/ui-form/2',
      '/templates/solemn-declaration/create',
      '/create/search',
      '/issue/0b3c2f4e-6a1d-4f5e-9a8b-1c2d3e4f5a6b/fields',
      '/dilosi/7KQ2-M9XD-H3RT-0B5C/done',
      '/my/messages/show/7KQ2-M9XD-H3RT-0B5C',
      '/vault/show/7KQ2-M9XD-H3RT-0B5C/12',
      '/validate',
      '/validate/international/show/7KQ2-M9XD-H3RT-0B5C',
      '/show/7KQ2-M9XD-H3RT-0B5C/international',
      '/show/q/scan',
      '/show/q/validate/default',
      '/dashboard/entities/show/0b3c2f4e-6a1d-4f5e-9a8b-1c2d3e4f5a6b/inbox/list/all',
      '/dev/outbox',
      '/no-such-page',
    ])('client route %s gets index.html', async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Dilosi</title>');
    });

    it('keeps the rule in one function', () => {
      expect(isClientRoute('/dilosi/ABC/done')).toBe(true);
      expect(isClientRoute('/a/.b/c')).toBe(false);
      expect(isClientRoute('/a/b.c')).toBe(false);
      expect(isClientRoute('/%E0%A4%A')).toBe(false);
      expect(isClientRoute('/api/x')).toBe(false);
      expect(isClientRoute('/metrics')).toBe(false);
    });
  });

  describe('API answers', () => {
    it.each(['br', 'gzip'])('compresses a large JSON answer (%s)', async (enc) => {
      const plain = await app.inject({ method: 'GET', url: '/api/docs' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

      const response = await app.inject({
        method: 'GET',
        url: '/api/docs',
        headers: { 'accept-encoding': enc },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(enc);
      expect(response.headers['vary']).toMatch(/accept-encoding/i);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      const decoded = decoders[enc]?.(response.rawPayload).toString('utf8');
      expect(JSON.parse(decoded ?? 'null')).toEqual(plain.json());
    });

    it('compresses the template list', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/templates?limit=100',
        headers: { 'accept-encoding': 'br' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      const body = JSON.parse(zlib.brotliDecompressSync(response.rawPayload).toString('utf8'));
      expect(body.data.length).toBeGreaterThan(5);
    });

    it('sends a small answer as it is', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/appconfig/',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.json().flags.DEVEL).toBe(true);
    });

    it('sends an error answer as it is', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/templates/no-such-template',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.json().error.code).toBe('template_not_found');
    });
  });
});

describe('registerCompression', () => {
  const big = Buffer.alloc(COMPRESSION_THRESHOLD_BYTES * 8, 'a');
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    await app.register(async (scope) => {
      await registerCompression(scope);
      scope.get('/pdf', (_request, reply) => reply.type('application/pdf').send(big));
      scope.get('/pdf-stream', (_request, reply) =>
        reply.type('application/pdf').send(Readable.from([big, big])),
      );
      scope.get('/events', (_request, reply) =>
        reply.type('text/event-stream').send(Readable.from([big])),
      );
      scope.get('/png', (_request, reply) => reply.type('image/png').send(big));
      scope.get('/json', async () => ({ text: big.toString() }));
      scope.post('/echo', async (request) => request.body);
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it.each(['/pdf', '/pdf-stream', '/events', '/png'])(
    'leaves %s as it is (already compressed, or a stream that must not be held back)',
    async (url) => {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.rawPayload.length).toBeGreaterThanOrEqual(big.length);
    },
  );

  it('compresses JSON', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(response.rawPayload).toString()).text).toBe(big.toString());
  });

  it('does not inflate compressed request bodies', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify({ a: 1 })),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});
