import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../fixtures/citizens';
import { loginStaff } from '../fixtures/staff';
import { createTestApp, type TestApp } from '../helpers';

const AFM = {
  citizenA: '100000015',
  citizenB: '100000027',
  clerkA: '100000052',
  headA: '100000040',
  clerkB: '100000119',
  adminWithoutRole: '100000064',
};
type Who = keyof typeof AFM | 'anonymous';

// GET /readyz: what a load balancer asks (docs/deployment.md); /healthz stays liveness.
describe('GET /readyz', () => {
  let t: TestApp;
  const tokens = { anonymous: undefined } as Record<Who, string | undefined>;
  const readyz = (who: Who = 'anonymous') =>
    t.app.inject({
      method: 'GET',
      url: '/readyz',
      headers: tokens[who] ? { authorization: `Bearer ${tokens[who]}` } : {},
    });

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MAX: '100000' } });
    tokens.citizenA = await loginAs(t, AFM.citizenA);
    tokens.citizenB = await loginAs(t, AFM.citizenB);
    for (const who of ['clerkA', 'headA', 'clerkB', 'adminWithoutRole'] as const) {
      tokens[who] = await loginStaff(t, AFM[who]);
    }
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
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
    expect(ready.headers['cache-control']).toBeUndefined();
  });

  it('answers the same to everyone, logged in or not (authorization matrix)', async () => {
    const who: Who[] = [
      'anonymous',
      'citizenA',
      'citizenB',
      'clerkA',
      'headA',
      'clerkB',
      'adminWithoutRole',
    ];
    const statuses = await Promise.all(who.map(async (w) => (await readyz(w)).statusCode));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200]);
  });

  it('answers 503 unavailable when a dependency fails, naming it', async () => {
    let redisUp = false;
    t.app.readiness.addCheck({ name: 'redis', check: () => redisUp });
    const down = await readyz();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
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
