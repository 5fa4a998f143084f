import { jobContext } from '../../src/job-registry';
import type { VaultExport, VaultExportLatestResponse, VaultExportResponse } from '@dilosi/domain';
import { unzipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../src/clock';
import { vaultExportJob, vaultExportExpiryJob } from '../../src/modules/vault-export';
import { loginAs } from '../fixtures/citizens';
import { client, type ErrorBody } from '../fixtures/http';
import { loginMatrix, MATRIX_AFM, type Caller } from '../fixtures/matrix';
import { issueToAthens } from '../fixtures/issued-documents';
import { createTestApp, type TestApp } from '../helpers';

const ENV = {
  RATE_LIMIT_MAX: '100000',
  OTP_SENDS_PER_HOUR: '1000',
  OTP_SENDS_PER_DAY: '1000',
  OTP_FAILURES_PER_HOUR: '1000',
};

type Manifest = {
  exported_at: string;
  documents: {
    reference_code: string;
    template: { refname: string; version: number };
    state: string;
    issued_at: string | null;
    file: string;
    sha256: string;
  }[];
};

describe('take your records with you (vault export)', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let tokens: Record<Caller, string | undefined>;
  const documents: { id: string; referenceCode: string }[] = [];
  let ready: VaultExport;

  const latest = (who: Caller) =>
    api<VaultExportLatestResponse & ErrorBody>('GET', '/api/vault/exports/latest', {
      token: tokens[who],
    });
  const ask = (who: Caller) =>
    api<VaultExportResponse & ErrorBody>('POST', '/api/vault/exports', { token: tokens[who] });
  const download = (who: Caller, url: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: tokens[who] ? { authorization: `Bearer ${tokens[who]}` } : {},
    });
  /** What the worker does with the queued job. */
  const runJob = (id: string) => vaultExportJob.handle({ export_id: id }, jobContext(t.app));

  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    api = client(t.app);
    tokens = await loginMatrix(t, { certifiedMobile: '6912345678' });
    documents.push(await issueToAthens(t, api, tokens.citizenA, 'Πρώτη δήλωση.'));
    documents.push(await issueToAthens(t, api, tokens.citizenA, 'Δεύτερη δήλωση.'));
  }, 90_000);
  afterEach(() => clock.reset());
  afterAll(async () => t?.close());

  it('has no export before the citizen asks', async () => {
    const none = await latest('citizenA');
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ data: null });
  });

  it('queues an export, refuses a second while it runs, and counts progress to ready', async () => {
    const asked = await ask('citizenA');
    expect(asked.status).toBe(202);
    expect(asked.body.data).toEqual({
      id: expect.any(String),
      state: 'queued',
      done: 0,
      total: 2,
      created_at: expect.any(String),
      expires_at: null,
      download_url: null,
    });
    const again = await ask('citizenA');
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('vault_export_running');
    // Another citizen's export is their own business.
    const other = await latest('citizenB');
    expect(other.body.data).toBeNull();

    await runJob(asked.body.data.id);
    const done = await latest('citizenA');
    expect(done.body.data).toMatchObject({
      id: asked.body.data.id,
      state: 'ready',
      done: 2,
      total: 2,
    });
    ready = done.body.data as VaultExport;
    expect(ready.download_url).toMatch(/^\/api\/vault\/exports\/download\/[\w-]{48}$/);
    const hours = (Date.parse(ready.expires_at ?? '') - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it('gives a ZIP whose PDFs match the stored ones byte for byte, listed in the manifest', async () => {
    const response = await download('citizenA', ready.download_url ?? '');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="dilosi-records-/,
    );
    const zip = response.rawPayload;
    expect(Number(response.headers['content-length'])).toBe(zip.length);
    const files = unzipSync(new Uint8Array(zip));
    const codes = documents.map((d) => d.referenceCode).sort();
    expect(Object.keys(files).sort()).toEqual([...codes.map((c) => `${c}.pdf`), 'manifest.json']);
    const manifest = JSON.parse(Buffer.from(files['manifest.json'] ?? []).toString()) as Manifest;
    expect(manifest.documents.map((d) => d.reference_code).sort()).toEqual(codes);
    for (const document of documents) {
      const stored = await t.database.db
        .selectFrom('document_pdfs')
        .select(['bytes', 'sha256'])
        .where('document_id', '=', document.id)
        .executeTakeFirstOrThrow();
      const inZip = files[`${document.referenceCode}.pdf`];
      expect(Buffer.from(inZip ?? []).equals(Buffer.from(stored.bytes))).toBe(true);
      expect(manifest.documents.find((d) => d.reference_code === document.referenceCode)).toEqual({
        reference_code: document.referenceCode,
        template: { refname: 'solemn-declaration', version: expect.any(Number) },
        state: 'issued',
        issued_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        file: `${document.referenceCode}.pdf`,
        sha256: stored.sha256,
      });
    }
  });

  it('authorization matrix: only the owner, with the link, downloads; only the owner asks for theirs', async () => {
    const url = ready.download_url ?? '';
    const expected: Record<Caller, [number, number]> = {
      // [download of A's link, GET latest]
      anonymous: [401, 401],
      citizenA: [200, 200],
      citizenB: [404, 200],
      clerkA: [404, 200],
      headA: [404, 200],
      clerkB: [404, 200],
      adminWithoutRole: [404, 200],
    };
    const got: Record<string, [number, number]> = {};
    for (const who of Object.keys(expected) as Caller[]) {
      const [file, mine] = await Promise.all([download(who, url), latest(who)]);
      got[who] = [file.statusCode, mine.status];
      // Nobody but A ever sees A's export.
      if (who !== 'citizenA' && mine.status === 200) expect(mine.body.data).toBeNull();
    }
    expect(got).toEqual(expected);
    const anonymousAsk = await ask('anonymous');
    expect(anonymousAsk.status).toBe(401);
    // A forged or altered link: 404, never the file.
    const forged = `${url.slice(0, -2)}${url.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await download('citizenA', forged)).statusCode).toBe(404);
    expect((await download('citizenA', '/api/vault/exports/download/short')).statusCode).toBe(404);
  });

  it('refuses the link once expired (410), and the export shows as expired without a link', async () => {
    clock.advance(24 * 3_600_000 + 1000);
    // The sessions of the day before have lapsed too: log in again, as the citizens would.
    tokens.citizenA = await loginAs(t, MATRIX_AFM.citizenA, { certifiedMobile: '6912345678' });
    tokens.citizenB = await loginAs(t, MATRIX_AFM.citizenB);
    const expired = await download('citizenA', ready.download_url ?? '');
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ error: { code: 'vault_export_expired' } });
    // Another citizen holding the expired link learns nothing more than with a forged one.
    expect((await download('citizenB', ready.download_url ?? '')).statusCode).toBe(404);
    const shown = await latest('citizenA');
    expect(shown.body.data).toMatchObject({ state: 'expired', download_url: null });
    const chunks = await t.database.db
      .selectFrom('vault_export_chunks')
      .select('seq')
      .where('export_id', '=', ready.id)
      .execute();
    expect(chunks).toEqual([]);
  });

  it('lets the citizen ask again after; the hourly job expires what nobody read', async () => {
    tokens.citizenA = await loginAs(t, MATRIX_AFM.citizenA, { certifiedMobile: '6912345678' });
    tokens.citizenB = await loginAs(t, MATRIX_AFM.citizenB);
    const asked = await ask('citizenA');
    expect(asked.status).toBe(202);
    await runJob(asked.body.data.id);
    clock.advance(25 * 3_600_000);
    await vaultExportExpiryJob.handle({}, jobContext(t.app));
    const row = await t.database.db
      .selectFrom('vault_exports')
      .select('state')
      .where('id', '=', asked.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('expired');
  });

  it('exports an empty vault as a manifest alone', async () => {
    const asked = await ask('citizenB');
    expect(asked.status).toBe(202);
    expect(asked.body.data.total).toBe(0);
    await runJob(asked.body.data.id);
    const shown = await latest('citizenB');
    expect(shown.body.data).toMatchObject({ state: 'ready', done: 0, total: 0 });
    const file = await download('citizenB', shown.body.data?.download_url ?? '');
    const files = unzipSync(new Uint8Array(file.rawPayload));
    expect(Object.keys(files)).toEqual(['manifest.json']);

    // A worker that finds the export no longer runnable leaves it as it is.
    await runJob(asked.body.data.id);
    expect((await latest('citizenB')).body.data?.state).toBe('ready');
  });

  it('marks the export failed when the build breaks, and the citizen may ask again', async () => {
    await t.database.db.deleteFrom('vault_exports').execute();
    const asked = await ask('citizenA');
    expect(asked.status).toBe(202);
    // The ZIP store is away for this run.
    await t.database.exec('alter table vault_export_chunks rename to vault_export_chunks_away');
    try {
      await expect(runJob(asked.body.data.id)).rejects.toThrow();
    } finally {
      await t.database.exec('alter table vault_export_chunks_away rename to vault_export_chunks');
    }
    const shown = await latest('citizenA');
    expect(shown.body.data).toMatchObject({ state: 'failed', download_url: null });
    expect((await ask('citizenA')).status).toBe(202);
  });

  it('lets only one of two simultaneous requests through (two API processes asking at once)', async () => {
    await t.database.db.deleteFrom('vault_exports').where('state', '=', 'queued').execute();
    const answers = await Promise.all([ask('citizenA'), ask('citizenA'), ask('citizenA')]);
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409, 409]);
  });

  it('does not let an export whose worker gave up block the citizen for ever', async () => {
    const stuck = await latest('citizenA');
    expect(stuck.body.data?.state).toBe('queued');
    expect((await ask('citizenA')).status).toBe(409);
    clock.advance(31 * 60 * 1000);
    const again = await ask('citizenA');
    expect(again.status).toBe(202);
    const old = await t.database.db
      .selectFrom('vault_exports')
      .select('state')
      .where('id', '=', stuck.body.data?.id ?? '')
      .executeTakeFirstOrThrow();
    expect(old.state).toBe('failed');
  });

  it('holds what an entity issued to the citizen, never what a clerk wrote for the entity', async () => {
    const athens = await t.database.db
      .selectFrom('entities')
      .select('id')
      .where('codename', '=', 'DIMOS_ATHINAION')
      .executeTakeFirstOrThrow();
    const path = `/api/entity/${athens.id}/documents`;
    const started = await api<{ data: { document: { id: string } } }>('POST', path, {
      token: tokens.clerkA,
      json: { template: 'entity-certificate' },
    });
    expect(started.status).toBe(201);
    const id = started.body.data.document.id;
    const save = (json: unknown) =>
      api<{ data: { document: { state: string } } }>('POST', `${path}/${id}`, {
        token: tokens.clerkA,
        json,
      });
    const statements = {
      recipient_afm: MATRIX_AFM.citizenB,
      subject: 'Βεβαίωση',
      body: 'Κείμενο.',
    };
    expect((await save({ document: { statements } })).status).toBe(200);
    const issued = await save({ document: { statements: {} }, action: 'submit' });
    expect(issued.body.data.document.state).toBe('issued');

    // The clerk wrote it (its author), but it is the entity's: the clerk's export is empty.
    const clerks = await ask('clerkA');
    expect(clerks.status).toBe(202);
    expect(clerks.body.data.total).toBe(0);
    // The citizen it was issued to finds it in hers.
    const hers = await ask('citizenB');
    expect(hers.status).toBe(202);
    expect(hers.body.data.total).toBe(1);
    await runJob(hers.body.data.id);
    const ready = await latest('citizenB');
    const zip = await download('citizenB', ready.body.data?.download_url ?? '');
    const manifest = JSON.parse(
      Buffer.from(unzipSync(new Uint8Array(zip.rawPayload))['manifest.json'] ?? []).toString(),
    ) as Manifest;
    expect(manifest.documents.map((d) => d.template.refname)).toEqual(['entity-certificate']);
  });

  it('counts the 10 asks an hour by the citizen, whatever the spelling of the header or the session', async () => {
    // A citizen of her own: the others' asks of this file do not count towards hers.
    const first = await loginAs(t, '100000076');
    const second = await loginAs(t, '100000076');
    const spellings = [
      `Bearer ${first}`,
      `bearer ${first}`,
      `Bearer  ${first}`,
      `BEARER ${first}`,
      `Bearer ${second}`,
      `bEaReR   ${second}`,
    ];
    const askWith = (authorization: string) =>
      t.app.inject({ method: 'POST', url: '/api/vault/exports', headers: { authorization } });
    for (let i = 0; i < 10; i += 1) {
      const authorization = spellings[i % spellings.length] ?? '';
      const answer = await askWith(authorization);
      // The first is queued, the others find it running (409): each one counts.
      expect([i, [202, 409].includes(answer.statusCode)]).toEqual([i, true]);
    }
    for (const authorization of spellings) {
      const refused = await askWith(authorization);
      expect([authorization.split(' ')[0], refused.statusCode]).toEqual([
        authorization.split(' ')[0],
        429,
      ]);
      expect((refused.json() as ErrorBody).error.code).toBe('rate_limited');
    }
    // Another citizen still asks.
    expect((await ask('citizenB')).status).not.toBe(429);
  });
});
