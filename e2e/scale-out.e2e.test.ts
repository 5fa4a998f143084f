import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, codeOf, loginThroughIdp } from '../packages/server/test/api/login-browser';
import { startServerProcess, type ServerProcess } from './server-process';

// Several processes on one PostgreSQL database and one Redis (docs/deployment.md): two API
// processes that do not work jobs, and one worker. Needs the PostgreSQL server of
// TEST_DATABASE_URL (default: CI's) and Redis at TEST_REDIS_URL (default: CI's); the test makes
// a database of its own and keeps to Redis keys of its own.
const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const VALIDATION_BUDGET = 6;

type Json = Record<string, unknown>;
type DocumentBody = {
  data: {
    document: { id: string; state: string; step_name: string; reference_code: string | null };
  };
};

/** A stand-in SMS gateway: the phone. Records what it is asked to send. */
async function startSmsGateway() {
  const received: { to: string; text: string }[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push(JSON.parse(body) as { to: string; text: string });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"gw-1"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('two API processes and a worker on PostgreSQL and Redis', () => {
  const database = `dilosi_scale_${crypto.randomBytes(5).toString('hex')}`;
  const databaseUrl = (() => {
    const url = new URL(SERVER_URL);
    url.pathname = `/${database}`;
    return url.toString();
  })();
  let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
  let api1: ServerProcess;
  let api2: ServerProcess;
  let worker: ServerProcess;

  const call = async <T = Json>(
    on: ServerProcess,
    method: string,
    path: string,
    options: { token?: string; json?: unknown } = {},
  ): Promise<{ status: number; body: T }> => {
    const headers: Record<string, string> = { 'accept-language': 'el' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${on.baseUrl}${path}`, {
      method,
      headers,
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
    });
    return { status: response.status, body: (await response.json()) as T };
  };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    gateway = await startSmsGateway();
    const common = {
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '4',
      REDIS_URL,
      REDIS_KEY_PREFIX: database,
      SMS_GATEWAY_URL: gateway.url,
      RATE_LIMIT_MAX: '100000',
      VALIDATION_RATE_LIMIT_MAX: String(VALIDATION_BUDGET),
      DATA_DIR: `/tmp/${database}`,
    };
    // All three start at once against the new database: migrations and seeds must not collide.
    [api1, api2, worker] = await Promise.all([
      startServerProcess('api-1', { ...common, JOBS_ENABLED: 'false' }),
      startServerProcess('api-2', { ...common, JOBS_ENABLED: 'false' }),
      startServerProcess('worker', { ...common, JOBS_ENABLED: 'true' }),
    ]);
    await Promise.all([api1.ready(), api2.ready(), worker.ready()]);
  });

  afterAll(async () => {
    await Promise.all([api1, api2, worker].map((p) => p?.stop()));
    await gateway?.close();
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  });

  it('each process is ready with the database and Redis checked', async () => {
    for (const p of [api1, api2, worker]) {
      const ready = await call(p, 'GET', '/readyz');
      expect(ready).toEqual({
        status: 200,
        // The registry's circuit and latency are reported, not checked (issue #36).
        body: {
          status: 'ready',
          checks: { database: 'ok', redis: 'ok' },
          registry: expect.objectContaining({ circuit: expect.any(String) }),
        },
      });
    }
  });

  it('a citizen logs in on one process, issues on the other with the SMS the worker sent, and the code validates on both with one shared budget', async () => {
    // What the gateway held before this run (a retried test finds the first attempt's SMS there).
    const earlier = gateway.received.length;
    // Login: the whole OpenID Connect round trip on API process 1.
    const browser = new Browser(api1.baseUrl);
    const { location } = await loginThroughIdp(browser, '/api/login?provider=bank', {
      afm: '100000015',
    });
    const exchanged = await browser.exchange(codeOf(location));
    expect(exchanged.status).toBe(200);
    const { token } = (await exchanged.json()) as { token: string };

    // The wizard, on API process 2 with the session made on process 1.
    const created = await call<DocumentBody>(api2, 'POST', '/api/my-declarations/', {
      token,
      json: { document: { template: 'solemn-declaration', statements: {} } },
    });
    expect(created.status).toBe(201);
    const url = `/api/my-declarations/${created.body.data.document.id}`;
    const step = (statements: Json, extra: Json = {}) =>
      call<DocumentBody>(api2, 'POST', url, {
        token,
        json: { document: { statements }, ...extra },
      });
    expect((await step({ statement: 'Όλα τα στοιχεία είναι αληθή.' })).status).toBe(200);
    const preview = await step({ recipient: { type: 'entity', codename: 'EFKA' } });
    expect(preview.body.data.document.step_name).toBe('preview');
    const submitted = await step({}, { action: 'submit' });
    expect(submitted.status).toBe(200);

    // Only the worker works jobs: the SMS reaches the gateway through it.
    const deadline = Date.now() + 30_000;
    while (gateway.received.length === earlier && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(gateway.received).toHaveLength(earlier + 1);
    const code = /\b(\d{6})\b/.exec(gateway.received[earlier]?.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // The worker marks the row sent once the gateway has answered: a moment after the gateway
    // holds the message, so the row is read until it shows that (or the deadline passes).
    const readOutbox = async () =>
      (
        await call<{ data: { status: string; provider: string | null }[] }>(
          api1,
          'GET',
          '/api/dev/outbox?channel=sms',
        )
      ).body.data[0];
    let latest = await readOutbox();
    while (latest?.status !== 'sent' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      latest = await readOutbox();
    }
    expect(latest).toMatchObject({ status: 'sent', provider: 'sms-gateway' });

    const issued = await step({ otp_code: code });
    expect(issued.status).toBe(200);
    expect(issued.body.data.document.state).toBe('issued');
    const referenceCode = issued.body.data.document.reference_code ?? '';

    // The look-up answers on both API processes.
    const lookup = (on: ServerProcess) =>
      call<{ data?: { document: { state: string } }; error?: { code: string } }>(
        on,
        'POST',
        '/api/validation/document',
        { json: { 'document-id': referenceCode } },
      );
    for (const on of [api1, api2]) {
      const found = await lookup(on);
      expect(found.status).toBe(200);
      expect(found.body.data?.document.state).toBe('issued');
    }

    // One per-client budget in Redis: the two look-ups above count, and alternating between the
    // processes spends it (two budgets of their own would each still have half left).
    const statuses: number[] = [];
    for (let i = 2; i < VALIDATION_BUDGET; i += 1) {
      statuses.push((await lookup(i % 2 === 0 ? api1 : api2)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200]);
    for (const on of [api1, api2]) {
      const limited = await lookup(on);
      expect(limited.status).toBe(429);
      expect(limited.body.error?.code).toBe('rate_limited');
    }
  });

  it('every process stops on SIGTERM with exit code 0', async () => {
    const stopped = await Promise.all([api1, api2, worker].map((p) => p.stop()));
    for (const [index, result] of stopped.entries()) {
      expect(result.code, [api1, api2, worker][index]?.output()).toBe(0);
      expect(result.ms).toBeLessThan(10_000);
    }
  });
});
