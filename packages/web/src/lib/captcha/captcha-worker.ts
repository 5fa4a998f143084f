import { searchNonce } from './proof-of-work';

/** A dedicated worker: the search runs here so the page stays responsive and can show progress. */
type SolveRequest = { salt: string; difficulty: number };

// The web package is typed with the DOM library; a worker's global scope is this much of it.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<SolveRequest>) => void) | null;
  postMessage(message: unknown): void;
};

const BATCH = 20_000;

scope.onmessage = (event) => {
  const { salt, difficulty } = event.data;
  for (let start = 0; ; start += BATCH) {
    const nonce = searchNonce(salt, difficulty, start, BATCH);
    if (nonce !== null) {
      scope.postMessage({ type: 'done', nonce });
      return;
    }
    scope.postMessage({ type: 'progress', tried: start + BATCH });
  }
};
