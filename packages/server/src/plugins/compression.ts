import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: a validation look-up is well under it. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * JSON, text and XML; not PDFs or other binaries (already compressed), not text/event-stream
 * (compression would hold events back in the compressor's buffer).
 */
const COMPRESSIBLE =
  /^(?:application\/(?:[\w.+-]+\+)?json|text\/(?!event-stream)[\w.+-]+|application\/(?:[\w.+-]+\+)?xml)\s*(?:;|$)/i;

/**
 * Compresses the API's answers (brotli or gzip, as the client accepts) from 1 KB up. Register it
 * in the scope of the routes it serves: the web app's files are compressed once, at build
 * (tools/precompress.mjs), and served as they are by @fastify/static.
 */
export async function registerCompression(scope: FastifyInstance): Promise<void> {
  await scope.register(compress, {
    global: true,
    // Request bodies are never compressed by our clients; a compressed one is refused as before.
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
  });
}
