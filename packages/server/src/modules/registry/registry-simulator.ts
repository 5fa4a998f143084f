import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { REGISTRY_NAMES, type RegistryName } from '@dilosi/domain';
import type { Database } from '../../db/database';
import type { Person } from '../../db/schema';
import { simulatorRecords } from './simulator-data';

export type SimulatorSettings = { delayMs: number; failureRate: number };

export type RegistrySimulator = {
  readonly url: string;
  /** Changes the delay and failure rate while it runs (tests, a demo of an outage). */
  configure(settings: Partial<SimulatorSettings>): void;
  close(): Promise<void>;
};

/** The persons row as the tax and civil registries answer it (dates as the SQL date). */
function personRecord(person: Person): Record<string, unknown> {
  const { created_at: _created, ...record } = person;
  return record;
}

const isRegistryName = (name: string): name is RegistryName =>
  (REGISTRY_NAMES as readonly string[]).includes(name);

/**
 * The built-in registry simulator (DEVEL without REGISTRY_URL): an HTTP server on a free port of
 * 127.0.0.1 that answers the gateway's contract (docs/registries.md). Persons come from the
 * seeded `persons` table (tax and civil registries); vehicles, students, properties, birth and
 * criminal records from simulator-data.ts. Each answer waits `delayMs`; a share `failureRate`
 * of them answers 503, as a gateway in trouble does.
 */
export async function startRegistrySimulator(
  database: Database,
  initial: SimulatorSettings,
): Promise<RegistrySimulator> {
  const settings = { ...initial };
  const server = http.createServer((request, response) => {
    void answer(request.url ?? '').then(
      ({ status, body }) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      },
      () => {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { code: 'internal_error' } }));
      },
    );
  });

  async function answer(url: string): Promise<{ status: number; body: unknown }> {
    if (settings.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, settings.delayMs));
    if (settings.failureRate > 0 && Math.random() < settings.failureRate) {
      return { status: 503, body: { error: { code: 'unavailable' } } };
    }
    const match = /^\/registries\/([a-z0-9_]+)\/([^/?]+)$/.exec(url);
    const name = match?.[1];
    if (!match || !name || !isRegistryName(name)) {
      return { status: 400, body: { error: { code: 'bad_request' } } };
    }
    const key = decodeURIComponent(match[2] ?? '');
    let data: Record<string, unknown> | undefined;
    if (name === 'tax' || name === 'civil') {
      const person = await database.db
        .selectFrom('persons')
        .selectAll()
        .where('afm', '=', key)
        .executeTakeFirst();
      data = person ? personRecord(person) : undefined;
    } else {
      const records = simulatorRecords[name] ?? {};
      // Vehicles answer by plate, or by their owner's tax number (the citizen's own vehicle).
      data =
        records[key.toUpperCase()] ??
        Object.values(records).find((record) => record.owner_afm === key);
    }
    if (!data) return { status: 404, body: { error: { code: 'not_found' } } };
    return { status: 200, body: { data, fetched_at: new Date().toISOString() } };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    configure(next) {
      Object.assign(settings, next);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
