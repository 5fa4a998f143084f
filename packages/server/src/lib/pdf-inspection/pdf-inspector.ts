import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { AppError } from '../app-error';

export type PdfProblem =
  'file_type_invalid' | 'pdf_encrypted' | 'pdf_invalid' | 'pdf_too_complex' | 'pdf_active_content';

export type PdfInspectorLimits = {
  /** Time one file may take once a worker has started on it; past it the worker is replaced. */
  timeoutMs: number;
  /** Heap of a worker: a file needing more is refused (the worker dies and is replaced). */
  memoryMb: number;
  threads: number;
  /** Files waiting for a worker; past it, uploads are refused for now (503). */
  maxQueue?: number;
  /** Bytes all the file's streams may decode to, in all (counted as they come, not kept). */
  maxInflatedBytes?: number;
  /** Bytes one object stream may decode to (it is kept to be read). */
  maxObjectStreamBytes?: number;
  /** Objects a file may have, numbered or in object streams. */
  maxObjects?: number;
};

export type PdfInspector = {
  inspect(bytes: Buffer, contentType: string): Promise<PdfProblem | null>;
  /** Worker threads alive now (none before the first upload and after close). */
  threadCount(): number;
  close(): Promise<void>;
};

const PDF_TYPES = new Set(['application/pdf', 'application/x-pdf']);
const MAGIC = Buffer.from('%PDF-');
const MIB = 1_048_576;

export const DEFAULT_DECODE_LIMITS = {
  // A 5 MB file of lossless scans decodes to ~100 MB; a bomb to gigabytes.
  maxInflatedBytes: 256 * MIB,
  maxObjectStreamBytes: 32 * MIB,
  maxObjects: 50_000,
};

const isQueueFull = (error: unknown) =>
  error instanceof Error && /queue is at limit|no task queue/i.test(error.message);

/**
 * Checks uploaded PDFs in a small pool of worker threads, so that no file — a decompression
 * bomb, a maze of objects — can hold the event loop that answers everyone else. The pool starts
 * on the first upload and ends with close() (the app's onClose).
 */
export function createPdfInspector(limits: PdfInspectorLimits): PdfInspector {
  const maxQueue = limits.maxQueue ?? limits.threads * 8;
  const workerLimits = {
    maxInflatedBytes: limits.maxInflatedBytes ?? DEFAULT_DECODE_LIMITS.maxInflatedBytes,
    maxObjectStreamBytes: limits.maxObjectStreamBytes ?? DEFAULT_DECODE_LIMITS.maxObjectStreamBytes,
    maxObjects: limits.maxObjects ?? DEFAULT_DECODE_LIMITS.maxObjects,
  };
  let pool: Piscina | null = null;
  let isClosed = false;
  const poolOf = () =>
    (pool ??= new Piscina({
      filename: new URL('./pdf-inspection-worker.mjs', import.meta.url).href,
      // As many threads kept as allowed: piscina replaces a stopped or dead worker only up to
      // minThreads, and files queued behind it would otherwise wait for the next upload.
      minThreads: limits.threads,
      maxThreads: limits.threads,
      maxQueue,
      resourceLimits: {
        maxOldGenerationSizeMb: limits.memoryMb,
        maxYoungGenerationSizeMb: Math.min(32, Math.max(4, Math.round(limits.memoryMb / 8))),
      },
    }));

  return {
    async inspect(bytes, contentType) {
      const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
      if (!PDF_TYPES.has(type) || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) {
        return 'file_type_invalid';
      }
      if (isClosed) throw new AppError(503, 'service_unavailable');
      const workers = poolOf();
      if (workers.queueSize >= maxQueue) throw new AppError(503, 'service_unavailable');
      // The clock starts when a worker takes the file, not while it waits behind others.
      const started = new MessageChannel();
      const abort = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      started.port1.once('message', () => {
        timer = setTimeout(() => abort.abort(), limits.timeoutMs);
      });
      const copy = new Uint8Array(bytes);
      try {
        const problem: PdfProblem | null = await workers.run(
          { bytes: copy, limits: workerLimits, started: started.port2 },
          { signal: abort.signal, transferList: [copy.buffer, started.port2] },
        );
        return problem;
      } catch (error) {
        if (isQueueFull(error) || isClosed) throw new AppError(503, 'service_unavailable');
        // Aborted at the time limit, or the worker died at its heap limit: either way the file
        // asks for more than an attachment may. piscina replaces the worker.
        if (abort.signal.aborted || isResourceLimit(error)) return 'pdf_too_complex';
        throw error;
      } finally {
        clearTimeout(timer);
        started.port1.close();
      }
    },
    threadCount: () => pool?.threads.length ?? 0,
    async close() {
      isClosed = true;
      const closing = pool;
      pool = null;
      await closing?.destroy();
    },
  };
}

function isResourceLimit(error: unknown): boolean {
  return error instanceof Error && (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
}
