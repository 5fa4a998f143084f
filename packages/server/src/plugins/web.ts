import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const NOT_SPA = /^\/(api|healthz|metrics|idp)(\/|$)/;

/**
 * Whether a path may be a client route. None of the SPA's routes (packages/web/src/config/paths.ts)
 * has a dot in its last segment (template names, reference codes, ids and content slugs have
 * none) or a segment starting with one, so such a path is a missing file or a probe (`/.env`,
 * `/.git/HEAD`, `/wp-login.php`): it gets a 404, not the app.
 */
export function isClientRoute(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  if (NOT_SPA.test(decoded)) return false;
  const segments = decoded.split('/');
  if (segments.some((segment) => segment.startsWith('.'))) return false;
  return !(segments.at(-1) ?? '').includes('.');
}

/**
 * Serves the built SPA. Hashed assets are cached for a year; index.html never, so a deploy is
 * picked up at once. Client routes fall back to index.html. Files come precompressed when the
 * build wrote `.br` / `.gz` beside them (tools/precompress.mjs) and the client accepts it.
 */
export async function registerWeb(
  app: FastifyInstance,
  distDir: string,
): Promise<(request: FastifyRequest, reply: FastifyReply) => boolean> {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app not built: run `npm run build`; serving the API only');
    return () => false;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: true,
    index: ['index.html'],
    preCompressed: true,
    setHeaders(reply, filePath) {
      const cache = filePath.includes(`${path.sep}assets${path.sep}`)
        ? 'public, max-age=31536000, immutable'
        : 'no-cache';
      void reply.header('Cache-Control', cache);
    },
  });
  // Pages we render on the server (the development identity provider) name no icon, so browsers
  // ask for /favicon.ico: answer with the app's SVG icon rather than a 404.
  if (fs.existsSync(path.join(distDir, 'favicon.svg'))) {
    app.get('/favicon.ico', { schema: { hide: true } }, (_request, reply) =>
      reply.type('image/svg+xml').sendFile('favicon.svg'),
    );
  }
  return (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    if (!isClientRoute(url)) return false;
    void reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    return true;
  };
}
