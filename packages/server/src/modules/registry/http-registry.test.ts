import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpRegistry } from './http-registry';

/** A gateway whose answer per path the test sets: status, body and delay. */
describe('the gateway adapter', () => {
  let server: http.Server;
  let baseUrl = '';
  const hits: string[] = [];
  const answers = new Map<string, { status: number; body?: unknown; delayMs?: number }>();

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      hits.push(request.url ?? '');
      const answer = answers.get(request.url ?? '') ?? { status: 404 };
      setTimeout(() => {
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer.body ?? {}));
      }, answer.delayMs ?? 0);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const adapter = (overrides: { breakerFailures?: number; timeoutMs?: number } = {}) =>
    createHttpRegistry({
      baseUrl,
      token: 'gateway-token',
      adapter: 'gateway',
      timeoutMs: overrides.timeoutMs ?? 200,
      retries: 1,
      breakerFailures: overrides.breakerFailures ?? 10,
      halfOpenAfterMs: 60_000,
      backoffMs: 1,
    });

  it('answers the record, null for an unknown key, and caches per document', async () => {
    answers.set('/registries/vehicle/%CE%99%CE%9A%CE%A71234', {
      status: 200,
      body: { data: { plate: 'ΙΚΧ1234' }, fetched_at: '2026-11-28T10:00:00.000Z' },
    });
    const registry = adapter();
    const first = await registry.lookup('vehicle', 'ΙΚΧ1234', { documentId: 'd1' });
    expect(first).toEqual({
      registry: 'vehicle',
      data: { plate: 'ΙΚΧ1234' },
      fetchedAt: '2026-11-28T10:00:00.000Z',
    });
    const before = hits.length;
    await registry.lookup('vehicle', 'ΙΚΧ1234', { documentId: 'd1' });
    expect(hits.length).toBe(before);
    await registry.lookup('vehicle', 'ΙΚΧ1234', { documentId: 'd2' });
    expect(hits.length).toBe(before + 1);
    expect((await registry.lookup('vehicle', 'UNKNOWN')).data).toBeNull();
    expect(registry.status()).toMatchObject({ adapter: 'gateway', circuit: 'closed' });
  });

  it('names a refused request interop_clienterror, and a slow or failing gateway *_try_later', async () => {
    answers.set('/registries/tax/bad', { status: 422 });
    answers.set('/registries/tax/slow', { status: 200, body: { data: {} }, delayMs: 2_000 });
    answers.set('/registries/tax/down', { status: 503 });
    // Time-outs stay well above a loaded machine's first request.
    const registry = adapter({ timeoutMs: 400 });
    await expect(registry.lookup('tax', 'bad')).rejects.toMatchObject({
      statusCode: 400,
      code: 'interop_clienterror',
    });
    await expect(registry.lookup('tax', 'slow')).rejects.toMatchObject({
      code: 'tax_try_later',
      data: { retry: true },
    });
    const before = hits.length;
    await expect(registry.lookup('tax', 'down')).rejects.toMatchObject({ code: 'tax_try_later' });
    // One retry after the first failure.
    expect(hits.length - before).toBe(2);
  });

  it('opens the circuit after consecutive failures and stops calling the gateway', async () => {
    answers.set('/registries/property/100000015', { status: 500 });
    const registry = adapter({ breakerFailures: 2 });
    await expect(registry.lookup('property', '100000015')).rejects.toMatchObject({
      code: 'property_try_later',
    });
    expect(registry.status().circuit).toBe('open');
    const before = hits.length;
    await expect(registry.lookup('property', '100000015')).rejects.toMatchObject({
      code: 'property_try_later',
    });
    expect(hits.length).toBe(before);
  });
});
