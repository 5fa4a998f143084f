import type { RegistryName } from '@dilosi/domain';
import type { Database } from '../../db/database';

/** One record of a registry: flat JSON values, as the gateway answers them. */
export type RegistryRecord = Record<string, unknown>;

/** A registry's answer: the record, or null when the registry does not know the key. */
export type RegistryAnswer = {
  data: RegistryRecord | null;
  fetchedAt: string;
  registry: RegistryName;
};

export type CircuitState = 'closed' | 'open' | 'half_open' | 'off';

export type RegistryStatus = {
  /** Which adapter answers: the gateway, the built-in simulator, or none (checks off). */
  adapter: 'gateway' | 'simulator' | 'none';
  circuit: CircuitState;
  /** The last answer's duration, in milliseconds (null before any). */
  lastLatencyMs: number | null;
};

export type LookupOptions = {
  /** Answers are cached per document: a look-up for the same document reuses them. */
  documentId?: string;
};

/**
 * "Look up a person / vehicle / student / property by key" (docs/registries.md). Throws an
 * AppError of the registry error families (`<registry>_try_later`, `interop_clienterror`) when the
 * registry cannot answer; a key it does not know is `data: null`, for the caller to name.
 */
export type RegistryPort = {
  readonly isAvailable: boolean;
  lookup(registry: RegistryName, key: string, options?: LookupOptions): Promise<RegistryAnswer>;
  status(): RegistryStatus;
  close(): Promise<void>;
};

/** No registry configured: every look-up is "not available"; the checks that need one are off. */
export const noRegistry: RegistryPort = {
  isAvailable: false,
  lookup: async (registry) => ({ data: null, fetchedAt: new Date().toISOString(), registry }),
  status: () => ({ adapter: 'none', circuit: 'off', lastLatencyMs: null }),
  close: async () => {},
};

/**
 * The port of each app, bound to its database handle: the registry's callers keep their
 * `(database, …)` signature (login, profile, template access, prefill) and tests with several
 * apps each reach their own registry.
 */
const ports = new WeakMap<Database, RegistryPort>();

export function bindRegistry(database: Database, port: RegistryPort): void {
  ports.set(database, port);
}

export function registryOf(database: Database): RegistryPort {
  return ports.get(database) ?? noRegistry;
}
