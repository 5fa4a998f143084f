import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const NOT_SPA = /^\/(api|healthz|metrics|idp)(\/|$)/;

/**
 * Serves the built SPA. Hashed assets are cached for a year; index.html never, so a deploy is
 * picked up at once. Client routes fall back to index.html.
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
    if (NOT_SPA.test(url) || path.extname(url) !== '') return false;
    void reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    return true;
  };
}
