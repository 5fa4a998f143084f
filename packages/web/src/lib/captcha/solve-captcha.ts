import { searchNonce, type CaptchaChallenge, type CaptchaSolution } from './proof-of-work';

export type { CaptchaChallenge, CaptchaSolution } from './proof-of-work';

type WorkerMessage = { type: 'progress'; tried: number } | { type: 'done'; nonce: string };

/** Expected share of the work done, 0 to 1 (a proof of work has no exact end in advance). */
function expectedShare(tried: number, difficulty: number): number {
  return 1 - Math.exp(-tried / 2 ** difficulty);
}

function solveInWorker(
  challenge: CaptchaChallenge,
  onProgress: (share: number) => void,
  signal: AbortSignal | undefined,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./captcha-worker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', stop, { once: true });
    worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
      if (event.data.type === 'progress') {
        onProgress(expectedShare(event.data.tried, challenge.difficulty));
        return;
      }
      signal?.removeEventListener('abort', stop);
      worker.terminate();
      resolve(event.data.nonce);
    };
    worker.onerror = (event) => {
      signal?.removeEventListener('abort', stop);
      worker.terminate();
      reject(new Error(event.message || 'captcha worker failed'));
    };
    worker.postMessage({ salt: challenge.salt, difficulty: challenge.difficulty });
  });
}

/** Without workers: the same search in slices, yielding to the page between them. */
async function solveInPage(
  challenge: CaptchaChallenge,
  onProgress: (share: number) => void,
  signal: AbortSignal | undefined,
): Promise<string> {
  const batch = 5_000;
  for (let start = 0; ; start += batch) {
    signal?.throwIfAborted();
    const nonce = searchNonce(challenge.salt, challenge.difficulty, start, batch);
    if (nonce !== null) return nonce;
    onProgress(expectedShare(start + batch, challenge.difficulty));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/**
 * Solves the server's proof-of-work captcha in the browser (spec section 5: a captcha is
 * required before anonymous creation). `onProgress` receives the expected share done, 0 to 1.
 */
export async function solveCaptcha(
  challenge: CaptchaChallenge,
  {
    onProgress = () => {},
    signal,
  }: { onProgress?: (share: number) => void; signal?: AbortSignal } = {},
): Promise<CaptchaSolution> {
  if (challenge.algorithm !== 'sha256-leading-zero-bits') {
    throw new Error(`unsupported captcha algorithm ${String(challenge.algorithm)}`);
  }
  let nonce: string;
  try {
    nonce =
      typeof Worker === 'function'
        ? await solveInWorker(challenge, onProgress, signal)
        : await solveInPage(challenge, onProgress, signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    // A worker blocked by the browser or its policy: the page does the work itself.
    nonce = await solveInPage(challenge, onProgress, signal);
  }
  onProgress(1);
  return { challenge: challenge.challenge, nonce };
}
