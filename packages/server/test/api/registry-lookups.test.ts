import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobContext } from '../../src/job-registry';
import { registryLookupJob } from '../../src/modules/step-lookups';
import { loginAs } from '../fixtures/citizens';
import { expectMatrix, loginMatrix, MATRIX_CALLERS } from '../fixtures/matrix';
import { client, type ErrorBody } from '../fixtures/http';
import { createTestApp, type TestApp } from '../helpers';

type Answer = {
  data: {
    status: 'pending' | 'notpending';
    poll_id: string;
    sources: { registry: string; fields: string[]; fetched_at: string }[];
  };
};
type DocumentAnswer = {
  data: {
    document: {
      id: string;
      statements: Record<string, unknown>;
      step_info: { poll?: { endpoint: string; id_field: string; lookups: unknown[] } };
    };
  };
};

/**
 * Steps that fetch (issue #36): a draft's step starts its registry look-ups, the job runs them
 * through the port against the built-in simulator, and the step's poll endpoint answers pending
 * until notpending. The simulator's delay and failure rate are changed between tests; the breaker
 * opens after 3 failed attempts (1 retry each), so the circuit case is quick.
 */
describe('registry look-ups of a step', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let maria: string;
  let nikos: string;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        RATE_LIMIT_MAX: '100000',
        REGISTRY_RETRIES: '1',
        REGISTRY_TIMEOUT_MS: '5000',
        REGISTRY_BREAKER_FAILURES: '3',
        REGISTRY_BREAKER_HALF_OPEN_MS: '600000',
      },
    });
    api = client(t.app);
    maria = await loginAs(t, '100000015');
    nikos = await loginAs(t, '100000027');
  });
  afterAll(async () => {
    await t.close();
  });

  const draft = async (token: string, template: string) => {
    const created = await api<DocumentAnswer>('POST', '/api/my-declarations/', {
      token,
      json: { document: { template, statements: {} } },
    });
    expect(created.status).toBe(201);
    return created.body.data.document;
  };
  const start = (token: string, id: string, refresh = false) =>
    api<Answer & ErrorBody>('POST', `/api/my-declarations/${id}/lookups`, {
      token,
      json: { refresh },
    });
  const poll = (token: string, id: string, pollId: string) =>
    api<Answer & ErrorBody>('GET', `/api/my-declarations/${id}/lookups/${pollId}`, { token });
  const runJob = (pollId: string) =>
    registryLookupJob.handle({ lookup_id: pollId }, jobContext(t.app));
  const simulator = () => {
    const running = t.app.registry.simulator;
    if (!running) throw new Error('the simulator runs under DEVEL without REGISTRY_URL');
    return running;
  };

  it('prefills the vehicle of the fuel pass: pending, then notpending with its source', async () => {
    const document = await draft(maria, 'fuel-pass');
    expect(document.step_info.poll).toEqual({
      endpoint: `my-declarations/${document.id}/lookups`,
      id_field: 'poll_id',
      lookups: [
        { registry: 'vehicle', fields: ['vehicle_plate', 'vehicle_make', 'vehicle_model'] },
      ],
    });
    const started = await start(maria, document.id);
    expect(started.status).toBe(202);
    expect(started.body.data.status).toBe('pending');
    const pollId = started.body.data.poll_id;
    // Asked again while it runs: the same run, not a second one.
    expect((await start(maria, document.id)).body.data.poll_id).toBe(pollId);

    // The simulator answers in 40 ms: the poll is pending while the job waits for it.
    simulator().configure({ delayMs: 40, failureRate: 0 });
    const running = runJob(pollId);
    expect((await poll(maria, document.id, pollId)).body.data.status).toBe('pending');
    await running;
    const done = await poll(maria, document.id, pollId);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({
      status: 'notpending',
      sources: [
        { registry: 'vehicle', fields: ['vehicle_make', 'vehicle_model', 'vehicle_plate'] },
      ],
    });
    expect(Date.parse(done.body.data.sources[0]?.fetched_at ?? '')).not.toBeNaN();
    const read = await api<DocumentAnswer>('GET', `/api/my-declarations/${document.id}`, {
      token: maria,
    });
    expect(read.body.data.document.statements).toMatchObject({
      vehicle_plate: 'ΙΚΧ1234',
      vehicle_make: 'TOYOTA',
      vehicle_model: 'YARIS',
    });
    // Done: a new start answers the finished run at once (200), unless refreshed.
    const again = await start(maria, document.id);
    expect(again.status).toBe(200);
    expect(again.body.data.poll_id).toBe(pollId);
    expect((await start(maria, document.id, true)).body.data.poll_id).not.toBe(pollId);

    // Another citizen's draft and an unknown poll id are not found.
    expect((await poll(nikos, document.id, pollId)).status).toBe(404);
    const unknown = await poll(maria, document.id, crypto.randomUUID());
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('lookup_not_found');
  });

  it('fills the criminal-record, birth-certificate, co-owners and plates requests from their registries', async () => {
    simulator().configure({ delayMs: 0, failureRate: 0 });
    for (const [template, expected] of [
      [
        'criminal-record-request',
        { record_office: 'ΕΙΣΑΓΓΕΛΙΑ ΠΡΩΤΟΔΙΚΩΝ ΑΘΗΝΩΝ', record_status: 'ΛΕΥΚΟ' },
      ],
      [
        'birth-certificate-request',
        { registry_office: 'ΛΗΞΙΑΡΧΕΙΟ ΑΘΗΝΩΝ', birth_act_number: '1234/1980' },
      ],
      [
        'co-owners-declaration',
        { property_address: 'ΠΑΝΕΠΙΣΤΗΜΙΟΥ 10, 10671 ΑΘΗΝΑ', property_kaek: '050681234001' },
      ],
      ['vehicle-plates-return-application', { plate_number: 'ΙΚΧ1234' }],
    ] as const) {
      const document = await draft(maria, template);
      const started = await start(maria, document.id);
      await runJob(started.body.data.poll_id);
      expect((await poll(maria, document.id, started.body.data.poll_id)).body.data.status).toBe(
        'notpending',
      );
      const read = await api<DocumentAnswer>('GET', `/api/my-declarations/${document.id}`, {
        token: maria,
      });
      expect(read.body.data.document.statements).toMatchObject(expected);
    }
  });

  it('names the registry that does not know the citizen (400, no retry)', async () => {
    // Nikos owns a vehicle but is no Fuel Pass applicant (tax number ending 7); he has no property.
    const document = await draft(nikos, 'criminal-record-request');
    await t.database.db.deleteFrom('registry_lookups').execute();
    const started = await start(nikos, document.id);
    // The plan is the registry's key: a tax number the criminal record does not hold.
    await t.database.db
      .updateTable('registry_lookups')
      .set({
        plan: JSON.stringify([
          {
            registry: 'criminal_record',
            key: '999999999',
            fields: { record_office: 'record_office' },
          },
        ]),
      })
      .where('id', '=', started.body.data.poll_id)
      .execute();
    await runJob(started.body.data.poll_id);
    const failed = await poll(nikos, document.id, started.body.data.poll_id);
    expect(failed.status).toBe(400);
    expect(failed.body.error.code).toBe('criminal_record_not_found');
    expect(failed.body.error.data).toMatchObject({ retry: false });
  });

  it("refuses a step without look-ups, and another citizen's draft", async () => {
    const plain = await draft(maria, 'solemn-declaration');
    const none = await start(maria, plain.id);
    expect(none.status).toBe(404);
    expect(none.body.error.code).toBe('lookup_not_found');
    expect((await start(nikos, plain.id)).status).toBe(404);
  });
  it("lets only the draft's owner start and poll its look-ups (authorization matrix)", async () => {
    simulator().configure({ delayMs: 0, failureRate: 0 });
    const tokens = await loginMatrix(t);
    const document = await draft(tokens.citizenA ?? '', 'fuel-pass');
    const started = await start(tokens.citizenA ?? '', document.id);
    // anonymous, citizenA, citizenB, clerkA, headA, clerkB, adminWithoutRole
    const expected = [401, 'ok', 404, 404, 404, 404, 404] as const;
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'POST',
      path: () => `/api/my-declarations/${document.id}/lookups`,
      json: () => ({}),
      expected,
    });
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'GET',
      path: () => `/api/my-declarations/${document.id}/lookups/${started.body.data.poll_id}`,
      expected,
    });
  });

  it('answers *_try_later with data.retry when the registry fails, then opens the circuit', async () => {
    const document = await draft(maria, 'birth-certificate-request');
    // Every answer fails: one attempt and one retry, then birth_certificate_try_later.
    simulator().configure({ delayMs: 0, failureRate: 1 });
    const first = await start(maria, document.id);
    await runJob(first.body.data.poll_id);
    const failed = await poll(maria, document.id, first.body.data.poll_id);
    expect(failed.status).toBe(400);
    expect(failed.body.error.code).toBe('birth_certificate_try_later');
    expect(failed.body.error.data).toMatchObject({ retry: true });

    // The retry the web makes: a new run; its third failed attempt opens the circuit.
    const second = await start(maria, document.id);
    expect(second.body.data.poll_id).not.toBe(first.body.data.poll_id);
    await runJob(second.body.data.poll_id);
    expect(t.app.registry.port.status().circuit).toBe('open');

    // Open: the registry is not even asked, though it is back; the answer is try_later at once.
    simulator().configure({ failureRate: 0 });
    const third = await start(maria, document.id);
    const before = performance.now();
    await runJob(third.body.data.poll_id);
    expect(performance.now() - before).toBeLessThan(200);
    expect((await poll(maria, document.id, third.body.data.poll_id)).body.error.code).toBe(
      'birth_certificate_try_later',
    );

    t.app.readiness.markReady();
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().registry).toMatchObject({ adapter: 'simulator', circuit: 'open' });
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/^dilosi_registry_circuit_state 2$/m);
    // A new draft's personal data comes from the tax registry too: try later, not a 500.
    const refused = await api<ErrorBody>('POST', '/api/my-declarations/', {
      token: maria,
      json: { document: { template: 'solemn-declaration', statements: {} } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'tax_try_later', data: { retry: true } });
    expect(metrics.body).toMatch(
      /^dilosi_registry_request_duration_seconds_count\{registry="birth_certificate",outcome="circuit_open"\} 2$/m,
    );
  });
});
