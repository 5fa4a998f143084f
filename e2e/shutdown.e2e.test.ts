import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Browser, codeOf, loginThroughIdp } from '../packages/server/test/api/login-browser';
import { COMPILED_ENTRY, startServerProcess, type ServerProcess } from './server-process';

// SIGTERM on the embedded default as `npm start` runs it, the compiled build (docs/deployment.md,
// "Shutdown"): the process stops accepting, finishes what is in flight and exits 0 within 10 s;
// /readyz says "draining" meanwhile. Needs `npm run build` (test:e2e runs it).

type DocumentBody = { data: { document: { id: string; state: string; step_name: string } } };

/** The process's JSON log lines from `from` on (LOG_LEVEL=info logs each request). */
const logLines = (p: ServerProcess, from = 0) =>
  p
    .output()
    .slice(from)
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map(
      (line) =>
        JSON.parse(line) as {
          msg?: string;
          time?: number;
          req?: { url?: string; remotePort?: number };
          reqId?: string;
        },
    );

async function until(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

async function startEmbedded(env: Record<string, string> = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dilosi-shutdown-'));
  const server = await startServerProcess(
    'embedded',
    { DATA_DIR: dataDir, RATE_LIMIT_MAX: '100000', LOG_LEVEL: 'info', ...env },
    COMPILED_ENTRY,
  );
  await server.ready();
  return { server, dataDir };
}

/** A citizen's declaration at the confirm step, and the SMS code it waits for. */
async function declarationAwaitingCode(server: ServerProcess) {
  const browser = new Browser(server.baseUrl);
  const { location } = await loginThroughIdp(browser, '/api/login?provider=bank', {
    afm: '100000015',
  });
  const { token } = (await (await browser.exchange(codeOf(location))).json()) as { token: string };
  const post = async (url: string, json: unknown) => {
    const response = await fetch(`${server.baseUrl}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(json),
    });
    return { status: response.status, body: (await response.json()) as DocumentBody };
  };
  const created = await post('/api/my-declarations/', {
    document: { template: 'solemn-declaration', statements: {} },
  });
  const url = `/api/my-declarations/${created.body.data.document.id}`;
  await post(url, { document: { statements: { statement: 'Όλα τα στοιχεία είναι αληθή.' } } });
  await post(url, {
    document: { statements: { recipient: { type: 'entity', codename: 'EFKA' } } },
  });
  const submitted = await post(url, { document: { statements: {} }, action: 'submit' });
  expect(submitted.status).toBe(200);
  const outbox = (await (await fetch(`${server.baseUrl}/api/dev/outbox?channel=sms`)).json()) as {
    data: { body: string }[];
  };
  const code = /\b(\d{6})\b/.exec(outbox.data[0]?.body ?? '')?.[1] ?? '';
  return { url, code, token };
}

// A process of its own for each try (beforeEach): a retry cannot reuse a stopped one.
describe('SIGTERM during an issuance', () => {
  let server: ServerProcess;
  let dataDir: string;
  beforeEach(async () => {
    ({ server, dataDir } = await startEmbedded());
  });
  afterEach(async () => {
    await server?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('finishes the in-flight confirmation (render and seal), refuses new connections, exits 0 within 10 s', async () => {
    const { url, code, token } = await declarationAwaitingCode(server);
    // The confirmation's headers and half its body now; the rest once the process drains. The
    // server has routed the request, so it is in flight however fast the machine is.
    const body = Buffer.from(JSON.stringify({ document: { statements: { otp_code: code } } }));
    const request = http.request(`${server.baseUrl}${url}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': String(body.length),
      },
    });
    const answered = new Promise<{ status: number; body: DocumentBody }>((resolve, reject) => {
      request.on('error', reject);
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as DocumentBody }),
        );
      });
    });
    const mark = server.output().length;
    // This request's own log lines, told apart by its port: the log is written asynchronously, so
    // an earlier request to the same URL may still be logged after `mark`.
    let port = 0;
    request.on('socket', (socket) => socket.on('connect', () => (port = socket.localPort ?? 0)));
    const ours = (l: ReturnType<typeof logLines>[number]) =>
      l.msg === 'incoming request' && l.req?.url === url && port > 0 && l.req.remotePort === port;
    request.write(body.subarray(0, 10));
    await until(() => logLines(server, mark).some(ours));
    const stopping = server.stop();
    await until(() => server.output().includes('shutting down'));
    // The port no longer takes connections, while the request goes on.
    let refused = '';
    for (const deadline = Date.now() + 3000; refused !== 'refused' && Date.now() < deadline;) {
      refused = await fetch(`${server.baseUrl}/healthz`).then(
        (r) => `HTTP ${r.status}`,
        () => 'refused',
      );
    }
    request.end(body.subarray(10));

    const issued = await answered;
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(issued.body.data.document.state).toBe('issued');
    const { code: exitCode, ms } = await stopping;
    expect(exitCode, server.output()).toBe(0);
    expect(ms).toBeLessThan(10_000);
    expect(refused).toBe('refused');
    const lines = logLines(server, mark);
    const reqId = lines.find(ours)?.reqId;
    const order = lines
      .filter((l) => l.msg === 'shutting down: draining' || (l.reqId === reqId && l.msg))
      .map((l) => l.msg);
    expect(order).toEqual(['incoming request', 'shutting down: draining', 'request completed']);
    expect(server.output()).toContain('"msg":"shut down"');
  });
});

describe('the drain delay', () => {
  let server: ServerProcess;
  let dataDir: string;
  beforeEach(async () => {
    ({ server, dataDir } = await startEmbedded({ SHUTDOWN_DRAIN_DELAY_MS: '1500' }));
  });
  afterEach(async () => {
    await server?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('answers /readyz 503 draining while still serving, then exits 0', async () => {
    expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
    const stopping = server.stop();
    await until(() => server.output().includes('shutting down'));
    const readyz = await fetch(`${server.baseUrl}/readyz`);
    expect(readyz.status).toBe(503);
    expect(await readyz.json()).toEqual({ status: 'draining', checks: {} });
    const healthz = await fetch(`${server.baseUrl}/healthz`);
    expect(healthz.status).toBe(200);
    const { code, ms } = await stopping;
    expect(code, server.output()).toBe(0);
    expect(ms).toBeGreaterThanOrEqual(1500);
    expect(ms).toBeLessThan(10_000);
  });
});
