import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import type { Database } from '../../src/db/database';
import { migrate } from '../../src/db/migrate';
import { seedDemoData } from '../../src/seed/seed-demo-data';
import { createTestDatabase, testConfig } from '../helpers';

export type ListeningApp = {
  app: FastifyInstance;
  database: Database;
  baseUrl: string;
  close(): Promise<void>;
};

/**
 * A free port, held by a listening socket until `release`: while it is held, no outgoing
 * connection (to PostgreSQL, Redis…) can be given it as its local port, which is how a port
 * found free and left free during the database's set-up was once taken (EADDRINUSE in CI).
 */
async function reservePort(): Promise<{ port: number; release: () => Promise<void> }> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, release: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The real app listening on 127.0.0.1, with PUBLIC_URL at that address, on a clean database. */
export async function startListeningApp(
  env: Record<string, string> = {},
  beforeListen?: (app: FastifyInstance) => Promise<void>,
): Promise<ListeningApp> {
  const { port, release } = await reservePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const database = await createTestDatabase({ migrated: true });
  await migrate(database);
  await seedDemoData(database);
  const app = await buildApp({
    config: testConfig({ PUBLIC_URL: baseUrl, RATE_LIMIT_MAX: '100000', ...env }),
    database,
    logger: false,
  });
  await beforeListen?.(app);
  await release();
  await app.listen({ host: '127.0.0.1', port });
  return {
    app,
    database,
    baseUrl,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

export { Browser, codeOf, locationOf, loginThroughIdp, type IdpChoice } from './login-browser';
