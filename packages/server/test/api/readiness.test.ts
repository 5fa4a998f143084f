import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginMatrix, MATRIX_CALLERS, type Caller } from '../fixtures/matrix';
import { createTestApp, type TestApp } from '../helpers';

// GET /readyz: what a load balancer asks (docs/deployment.md); /healthz stays liveness.
describe('GET /readyz', () => {
  let t: TestApp;
  let tokens: Record<Caller, string | undefined>;
  const readyz = (who: Caller = 'anonymous') =>
    t.app.inject({
      method: 'GET',
      url: '/readyz',
      headers: tokens[who] ? { authorization: `Bearer ${tokens[who]}` } : {},
    });

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MAX: '100000' } });
    tokens = await loginMatrix(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 503 starting until the process is marked ready, while /healthz is already 200', async () => {
    const starting = await readyz();
    expect(starting.statusCode).toBe(503);
    expect(starting.json()).toEqual({ status: 'starting', checks: {} });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('answers 200 ready with each dependency checked once marked ready', async () => {
    t.app.readiness.markReady();
    const ready = await readyz();
    expect(ready.statusCode).toBe(200);
    // The registry is reported, not checked (a registry outage stops the prefill, not the service).
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok' },
      registry: { adapter: 'simulator', circuit: 'closed', last_latency_ms: null },
    });
    expect(ready.headers['cache-control']).toBeUndefined();
  });

  it('answers the same to everyone, logged in or not (authorization matrix)', async () => {
    const statuses = await Promise.all(
      MATRIX_CALLERS.map(async (w) => (await readyz(w)).statusCode),
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200]);
  });

  it('answers 503 unavailable when a dependency fails, naming it', async () => {
    let redisUp = false;
    t.app.readiness.addCheck({ name: 'redis', check: () => redisUp });
    const down = await readyz();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({
      status: 'unavailable',
      checks: { database: 'ok', redis: 'error' },
    });
    t.app.readiness.addCheck({
      name: 'thrower',
      check: () => Promise.reject(new Error('connection refused')),
    });
    redisUp = true;
    const thrown = await readyz();
    expect(thrown.statusCode).toBe(503);
    expect(thrown.json()).toMatchObject({ checks: { redis: 'ok', thrower: 'error' } });
  });

  it('refuses other methods in the one error shape', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/readyz', payload: {} });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toHaveProperty('error.code');
  });

  it('turns 503 draining for good once the app starts closing', async () => {
    t.app.readiness.markDraining();
    t.app.readiness.markReady();
    const draining = await readyz();
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({ status: 'draining', checks: {} });
  });
});
