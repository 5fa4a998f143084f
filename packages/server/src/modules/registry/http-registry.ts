import { registryTryLater, type RegistryName } from '@dilosi/domain';
import {
  BrokenCircuitError,
  circuitBreaker,
  CircuitState,
  ConsecutiveBreaker,
  ExponentialBackoff,
  handleWhen,
  retry,
  TaskCancelledError,
  timeout,
  TimeoutStrategy,
  wrap,
} from 'cockatiel';
import { AppError } from '../../lib/app-error';
import type {
  CircuitState as PortCircuitState,
  RegistryAnswer,
  RegistryPort,
} from './registry-port';

export type HttpRegistryOptions = {
  baseUrl: string;
  token?: string;
  adapter: 'gateway' | 'simulator';
  timeoutMs: number;
  retries: number;
  breakerFailures: number;
  halfOpenAfterMs: number;
  /** First back-off delay; tests keep it tiny. */
  backoffMs?: number;
  /** Called with each answer's duration and outcome (metrics). */
  onAnswer?(registry: RegistryName, seconds: number, outcome: string): void;
  /** Called when the circuit changes state (metrics). */
  onCircuit?(state: PortCircuitState): void;
};

/** The gateway could not answer now (5xx, network): retried, counted by the breaker. */
class TransientRegistryError extends Error {
  override name = 'TransientRegistryError';
}

const CACHE_TTL_MS = 10 * 60_000;
const CACHE_MAX = 5_000;

const circuitNames: Record<CircuitState, PortCircuitState> = {
  [CircuitState.Closed]: 'closed',
  [CircuitState.Open]: 'open',
  [CircuitState.HalfOpen]: 'half_open',
  [CircuitState.Isolated]: 'open',
};

/**
 * The interoperability gateway's adapter (contract in docs/registries.md): each attempt is timed
 * out, transient failures are retried with exponential back-off, and a circuit breaker stops
 * calling a gateway that keeps failing (cockatiel's policies). Answers are cached per document.
 */
export function createHttpRegistry(options: HttpRegistryOptions): RegistryPort {
  const breaker = circuitBreaker(
    handleWhen(
      (error) => error instanceof TransientRegistryError || error instanceof TaskCancelledError,
    ),
    {
      halfOpenAfter: options.halfOpenAfterMs,
      breaker: new ConsecutiveBreaker(options.breakerFailures),
    },
  );
  breaker.onStateChange((state) => options.onCircuit?.(circuitNames[state]));
  const policy = wrap(
    retry(
      handleWhen(
        (error) => error instanceof TransientRegistryError || error instanceof TaskCancelledError,
      ),
      {
        maxAttempts: options.retries,
        backoff: new ExponentialBackoff({
          initialDelay: options.backoffMs ?? 100,
          maxDelay: 2_000,
        }),
      },
    ),
    breaker,
    timeout(options.timeoutMs, TimeoutStrategy.Aggressive),
  );
  const cache = new Map<string, { answer: RegistryAnswer; until: number }>();
  let lastLatencyMs: number | null = null;

  async function fetchOnce(
    registry: RegistryName,
    key: string,
    signal: AbortSignal,
  ): Promise<RegistryAnswer> {
    const url = `${options.baseUrl.replace(/\/+$/, '')}/registries/${registry}/${encodeURIComponent(key)}`;
    let response: Response;
    try {
      response = await fetch(url, {
        signal,
        headers: {
          accept: 'application/json',
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
      });
    } catch (error) {
      if (signal.aborted) throw error;
      throw new TransientRegistryError(`registry ${registry} unreachable`);
    }
    if (response.status === 404) {
      await response.body?.cancel();
      return { registry, data: null, fetchedAt: new Date().toISOString() };
    }
    if (response.status >= 500 || response.status === 429) {
      await response.body?.cancel();
      throw new TransientRegistryError(`registry ${registry} answered ${response.status}`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new AppError(400, 'interop_clienterror', { registry });
    }
    const body = (await response.json()) as { data?: unknown; fetched_at?: unknown };
    if (!body.data || typeof body.data !== 'object' || Array.isArray(body.data)) {
      throw new AppError(400, 'interop_clienterror', { registry });
    }
    return {
      registry,
      data: body.data as Record<string, unknown>,
      fetchedAt: typeof body.fetched_at === 'string' ? body.fetched_at : new Date().toISOString(),
    };
  }

  return {
    isAvailable: true,
    async lookup(registry, key, lookupOptions = {}) {
      const cacheKey = lookupOptions.documentId
        ? `${lookupOptions.documentId}\u0000${registry}\u0000${key}`
        : undefined;
      const cached = cacheKey ? cache.get(cacheKey) : undefined;
      if (cached && cached.until > Date.now()) return cached.answer;
      const started = performance.now();
      let outcome = 'ok';
      try {
        const answer = await policy.execute(({ signal }) => fetchOnce(registry, key, signal));
        if (!answer.data) outcome = 'not_found';
        if (cacheKey) {
          if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
          cache.set(cacheKey, { answer, until: Date.now() + CACHE_TTL_MS });
        }
        return answer;
      } catch (error) {
        if (error instanceof AppError) {
          outcome = 'client_error';
          throw error;
        }
        outcome = error instanceof BrokenCircuitError ? 'circuit_open' : 'unavailable';
        if (
          error instanceof BrokenCircuitError ||
          error instanceof TaskCancelledError ||
          error instanceof TransientRegistryError
        ) {
          // 400 with data.retry: the client tries again within the spec's generic retry limits.
          throw new AppError(400, registryTryLater(registry), { registry, retry: true });
        }
        throw error;
      } finally {
        const elapsed = performance.now() - started;
        lastLatencyMs = Math.round(elapsed);
        options.onAnswer?.(registry, elapsed / 1000, outcome);
      }
    },
    status: () => ({
      adapter: options.adapter,
      circuit: circuitNames[breaker.state],
      lastLatencyMs,
    }),
    close: async () => {
      cache.clear();
    },
  };
}
