import { Gauge, Histogram, type Registry } from 'prom-client';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { createHttpRegistry } from './http-registry';
import { bindRegistry, noRegistry, type CircuitState, type RegistryPort } from './registry-port';
import { startRegistrySimulator, type RegistrySimulator } from './registry-simulator';

/** The checks and services that need a registry: named in the start line when there is none. */
export const REGISTRY_CHECKS_OFF =
  'no registry (REGISTRY_URL unset): the login name check against the tax registry (vatin_*) and the certified-mobile check are off, steps are not prefilled from registries, and civil-servant-only templates refuse everyone; certified translators and employers are read from the tables kept in their place';

const circuitValues: Record<CircuitState, number> = { closed: 0, half_open: 1, open: 2, off: -1 };

export type RegistryServices = { port: RegistryPort; simulator: RegistrySimulator | null };

/**
 * Chooses the registry by configuration, once, at start: the gateway at REGISTRY_URL; else,
 * under DEVEL, the built-in simulator; else none (said in one warning line). Binds the port to
 * the database handle its callers already take, and reports its circuit and latency as metrics.
 */
export async function createRegistry(
  config: Config,
  database: Database,
  metrics: Registry,
  logger: { warn(message: string): void },
): Promise<RegistryServices> {
  let simulator: RegistrySimulator | null = null;
  let baseUrl = config.REGISTRY_URL;
  if (!baseUrl && config.DEVEL) {
    simulator = await startRegistrySimulator(database, {
      delayMs: config.REGISTRY_SIM_DELAY_MS,
      failureRate: config.REGISTRY_SIM_FAILURE_RATE,
    });
    baseUrl = simulator.url;
  }
  if (!baseUrl) {
    logger.warn(REGISTRY_CHECKS_OFF);
    bindRegistry(database, noRegistry);
    return { port: noRegistry, simulator: null };
  }
  const latency = new Histogram({
    name: 'dilosi_registry_request_duration_seconds',
    help: 'Registry look-up duration by registry and outcome (ok, not_found, client_error, unavailable, circuit_open)',
    labelNames: ['registry', 'outcome'],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [metrics],
  });
  const circuit = new Gauge({
    name: 'dilosi_registry_circuit_state',
    help: "The registry circuit breaker's state: 0 closed, 1 half-open, 2 open",
    registers: [metrics],
  });
  circuit.set(0);
  const port = createHttpRegistry({
    baseUrl,
    token: config.REGISTRY_TOKEN,
    adapter: simulator ? 'simulator' : 'gateway',
    timeoutMs: config.REGISTRY_TIMEOUT_MS,
    retries: config.REGISTRY_RETRIES,
    breakerFailures: config.REGISTRY_BREAKER_FAILURES,
    halfOpenAfterMs: config.REGISTRY_BREAKER_HALF_OPEN_MS,
    backoffMs: config.NODE_ENV === 'test' ? 5 : 100,
    onAnswer: (registry, seconds, outcome) => latency.observe({ registry, outcome }, seconds),
    onCircuit: (state) => circuit.set(circuitValues[state]),
  });
  bindRegistry(database, port);
  return { port, simulator };
}
