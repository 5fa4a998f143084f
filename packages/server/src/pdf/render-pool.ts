import { Piscina } from 'piscina';
import { renderDocumentPdf, type DocumentPdfInput } from './document-pdf';

export type PdfRenderer = {
  /** The unsealed PDF of an issued document (renderDocumentPdf), off the request thread. */
  render(input: DocumentPdfInput): Promise<Buffer>;
  /** Worker threads alive now (none before the first document and after close). */
  threadCount(): number;
  /** Documents rendered in place because their worker thread failed, since the start. */
  fallbackCount(): number;
  close(): Promise<void>;
};

/**
 * Renders issued documents in `threads` worker threads (PDF_RENDER_THREADS), so that the ~15 ms
 * of CPU a document's layout, fonts and compression take run beside the thread that answers
 * requests instead of on it; 0 renders on the calling thread. The pool starts with the first
 * document and ends with close() (the app's onClose). Sealing stays on the calling thread: it
 * needs the seal key, which never leaves it, and takes ~0.5 ms.
 */
export function createPdfRenderer(options: {
  threads: number;
  /** The worker's module (tests); default render-worker beside this module or the bundle. */
  workerUrl?: string;
}): PdfRenderer {
  if (options.threads === 0) {
    return {
      render: renderDocumentPdf,
      threadCount: () => 0,
      fallbackCount: () => 0,
      close: async () => undefined,
    };
  }
  let pool: Piscina | null = null;
  let fallbacks = 0;
  const poolOf = () =>
    (pool ??= new Piscina({
      filename: options.workerUrl ?? workerUrl(),
      minThreads: options.threads,
      maxThreads: options.threads,
      // A document waits for a free thread rather than being refused: issuance is already
      // metered per citizen (SMS codes) and per client (the rate limit).
      maxQueue: Infinity,
      // A document needs a few MB (the longest a template allows, ~10 pages, well under the
      // limit; test/pdf/render-pool.test.ts). The old generation is capped small. The young one
      // is 32 MB: at 8 it was collected every ~3 documents, 0.40 ms of pauses a document (every
      // ~11 and 0.15 ms at 32), to save 6–57 MB of RSS at the peak (docs/performance.md, "The
      // render thread’s young generation").
      resourceLimits: { maxYoungGenerationSizeMb: 32, maxOldGenerationSizeMb: 64 },
    }));
  return {
    async render(input) {
      let bytes: Uint8Array;
      try {
        bytes = await poolOf().run(input);
      } catch {
        // The thread failed (past its memory limit with an extraordinary document, or died):
        // piscina replaces it, and this document is rendered here rather than refused.
        fallbacks += 1;
        return renderDocumentPdf(input);
      }
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    threadCount: () => pool?.threads.length ?? 0,
    fallbackCount: () => fallbacks,
    async close() {
      const closing = pool;
      pool = null;
      await closing?.destroy();
    },
  };
}

/**
 * The worker's module: beside the compiled server (tools/build-server.mjs bundles it as
 * render-worker.mjs next to main.mjs), or, from the TypeScript source, through a small module that
 * registers the TypeScript loader in the worker first.
 */
function workerUrl(): string {
  const fromSource = import.meta.url.endsWith('.ts');
  return new URL(fromSource ? './render-worker-source.mjs' : './render-worker.mjs', import.meta.url)
    .href;
}
