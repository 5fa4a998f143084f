import type { AccessLogResponse } from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clock } from '../../src/clock';
import { createAccessLog, purgeAccessLog } from '../../src/modules/access-log';
import { client, type ErrorBody } from '../fixtures/http';
import { loginMatrix, type Caller } from '../fixtures/matrix';
import { issueToAthens } from '../fixtures/issued-documents';
import { createTestApp, type TestApp } from '../helpers';

const ENV = {
  RATE_LIMIT_MAX: '100000',
  VALIDATION_RATE_LIMIT_MAX: '100000',
  OTP_SENDS_PER_HOUR: '1000',
  OTP_SENDS_PER_DAY: '1000',
  OTP_FAILURES_PER_HOUR: '1000',
};

describe('who looked at my document (access log)', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let tokens: Record<Caller, string | undefined>;
  let athens: string;
  let document: { id: string; referenceCode: string; caseNumber: string };
  let caseId: string;

  const accessLog = (who: Caller, ref = document.referenceCode, query = '') =>
    api<AccessLogResponse & ErrorBody>(
      'GET',
      `/api/citizen-declarations/${encodeURIComponent(ref)}/access-log${query}`,
      { token: tokens[who] },
    );

  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    api = client(t.app);
    tokens = await loginMatrix(t, { certifiedMobile: '6912345678' });
    athens = (
      await t.database.db
        .selectFrom('entities')
        .select('id')
        .where('codename', '=', 'DIMOS_ATHINAION')
        .executeTakeFirstOrThrow()
    ).id;
    document = await issueToAthens(t, api, tokens.citizenA);
    caseId = (
      await t.database.db
        .selectFrom('inbox_entries')
        .select('id')
        .where('case_id', '=', document.caseNumber)
        .executeTakeFirstOrThrow()
    ).id;
  }, 60_000);
  afterAll(async () => t?.close());

  it('starts empty, with the paged shape', async () => {
    const empty = await accessLog('citizenA');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      data: [],
      meta: { count: 0, limit: 30, offset: 0, total_pages: 0 },
    });
  });

  it('lists a validation look-up and the staff case views, newest first, once flushed', async () => {
    const lookup = await api('POST', '/api/validation/document', {
      json: { 'document-id': document.referenceCode, context: 'international' },
      headers: { 'user-agent': 'Validator-Agent/1.0', 'x-forwarded-for': '203.0.113.9' },
    });
    expect(lookup.status).toBe(200);
    // An unknown context is not stored as sent.
    const odd = await api('POST', '/api/validation/document', {
      json: { 'document-id': document.referenceCode, context: '<script>' },
    });
    expect(odd.status).toBe(200);
    await t.app.accessLog.flush();
    const clerkView = await api('GET', `/api/entity/${athens}/inbox/${caseId}`, {
      token: tokens.clerkA,
    });
    expect(clerkView.status).toBe(200);
    await t.app.accessLog.flush();
    const headView = await api('GET', `/api/entity/${athens}/inbox/${caseId}`, {
      token: tokens.headA,
      headers: { 'accept-language': 'en' },
    });
    expect(headView.status).toBe(200);
    // Staff of another entity see nothing, and leave nothing.
    const other = await api('GET', `/api/entity/${athens}/inbox/${caseId}`, {
      token: tokens.clerkB,
    });
    expect(other.status).toBe(404);
    // (That nothing is written before a flush is shown with a writer of its own below: the app's
    // writer also flushes on a 1 s timer, which a busy machine may reach here.)
    await t.app.accessLog.flush();

    const log = await accessLog('citizenA');
    expect(log.status).toBe(200);
    expect(log.body.meta).toEqual({ count: 4, limit: 30, offset: 0, total_pages: 1 });
    const entries = log.body.data;
    expect(entries.map((e) => [e.kind, e.staff_role, e.validation_context])).toEqual([
      ['case_view', 'head', null],
      ['case_view', 'clerk', null],
      ['validation', null, null],
      ['validation', null, 'international'],
    ]);
    expect(entries[0]).toEqual({
      id: expect.any(String),
      kind: 'case_view',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      first_timestamp: entries[0]?.timestamp,
      count: 1,
      validation_context: null,
      entity_name: 'Δήμος Αθηναίων',
      staff_role: 'head',
      pdf_downloaded: false,
      target_entity_name: null,
    });
    expect(entries[3]?.entity_name).toBeNull();
    const english = await api<AccessLogResponse>(
      'GET',
      `/api/citizen-declarations/${document.referenceCode}/access-log?lang=en&limit=1`,
      { token: tokens.citizenA },
    );
    expect(english.body.data.map((e) => e.entity_name)).toEqual(['Municipality of Athens']);
    expect(english.body.meta).toEqual({ count: 4, limit: 1, offset: 0, total_pages: 4 });
  });

  it('holds no address or user agent', async () => {
    const columns = await t.database.query<{ column_name: string }>(
      `select column_name from information_schema.columns
        where table_name = 'document_access_log' and table_schema = current_schema()`,
    );
    expect(columns.rows.map((c) => c.column_name).sort()).toEqual([
      'at',
      'document_id',
      'entity_id',
      'id',
      'kind',
      'staff_role',
      'validation_context',
    ]);
    const rows = await t.database.db.selectFrom('document_access_log').selectAll().execute();
    const text = JSON.stringify(rows);
    expect(text).not.toContain('203.0.113.9');
    expect(text).not.toContain('127.0.0.1');
    expect(text).not.toContain('Validator-Agent');
    expect(text).not.toContain('script');
  });

  it('finds the document as GET /api/citizen-declarations/{ref} does (dashes, case)', async () => {
    const typed = document.referenceCode
      .toLowerCase()
      .replace(/(.{4})/g, '$1-')
      .slice(0, -1);
    const log = await accessLog('citizenA', typed);
    expect(log.status).toBe(200);
    expect(log.body.meta.count).toBe(4);
    for (const ref of ['nonsense', '000000000000000Z']) {
      const missing = await accessLog('citizenA', ref);
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('document_api__declaration_not_found');
    }
    const badLimit = await accessLog('citizenA', document.referenceCode, '?limit=0');
    expect(badLimit.status).toBe(400);
  });

  it('authorization matrix: only the owner reads the log', async () => {
    const expected: Record<Caller, number> = {
      anonymous: 401,
      citizenA: 200,
      citizenB: 404,
      clerkA: 404,
      headA: 404,
      clerkB: 404,
      adminWithoutRole: 404,
    };
    const got: Record<string, number> = {};
    for (const who of Object.keys(expected) as Caller[]) {
      const [log, plain] = await Promise.all([
        accessLog(who),
        api('GET', `/api/citizen-declarations/${document.referenceCode}`, { token: tokens[who] }),
      ]);
      got[who] = log.status;
      // The same answer as the document itself: nobody learns more from the log route.
      expect(log.status, who).toBe(plain.status);
    }
    expect(got).toEqual(expected);
  });

  it('keeps order across concurrent flushes, bounds its buffer, and never loses a batch to a gone document or entity', async () => {
    const writer = createAccessLog(t.database, { maxBuffered: 3, flushIntervalMs: 60_000 });
    const goneDocument = '00000000-0000-4000-8000-000000000000';
    writer.record({ documentId: document.id, kind: 'validation', validationContext: 'default' });
    writer.record({ documentId: goneDocument, kind: 'validation' });
    // A staff view by an entity that was deleted meanwhile: kept, without the entity.
    writer.record({
      documentId: document.id,
      kind: 'case_view',
      entityId: '00000000-0000-4000-8000-0000000000ee',
      staffRole: 'clerk',
    });
    writer.record({ documentId: document.id, kind: 'validation' });
    expect(writer.dropped).toBe(1);
    await Promise.all([writer.flush(), writer.flush()]);
    await writer.close();
    const count = await t.database.db
      .selectFrom('document_access_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('document_id', '=', document.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(6);
    const view = await t.database.db
      .selectFrom('document_access_log')
      .select(['entity_id', 'staff_role'])
      .where('document_id', '=', document.id)
      .where('kind', '=', 'case_view')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(view).toEqual({ entity_id: null, staff_role: 'clerk' });
    // The gone document's entry is written (the writer does not read documents, migration 0018)
    // and the daily purge drops it.
    const orphan = () =>
      t.database.db
        .selectFrom('document_access_log')
        .select('id')
        .where('document_id', '=', goneDocument)
        .execute();
    expect(await orphan()).toHaveLength(1);
    expect((await purgeAccessLog(t.database)).orphaned).toBe(1);
    expect(await orphan()).toEqual([]);
  });

  it('writes each field as recorded, the time to the millisecond', async () => {
    const writer = createAccessLog(t.database, { flushIntervalMs: 3_600_000 });
    const at = new Date('2026-03-04T05:06:07.891Z');
    clock.freeze(at);
    try {
      writer.record({
        documentId: document.id,
        kind: 'validation',
        validationContext: 'a "b" \\c',
      });
      clock.advance(1);
      writer.record({
        documentId: document.id,
        kind: 'case_view',
        entityId: athens,
        staffRole: 'head',
      });
    } finally {
      clock.reset();
    }
    await writer.close();
    const rows = await t.database.db
      .selectFrom('document_access_log')
      .select(['kind', 'validation_context', 'entity_id', 'staff_role', 'at'])
      .where('document_id', '=', document.id)
      .where('at', '<', new Date('2026-03-05T00:00:00Z'))
      .orderBy('id')
      .execute();
    expect(rows.map((row) => ({ ...row, at: new Date(row.at).toISOString() }))).toEqual([
      {
        kind: 'validation',
        validation_context: 'a "b" \\c',
        entity_id: null,
        staff_role: null,
        at: '2026-03-04T05:06:07.891Z',
      },
      {
        kind: 'case_view',
        validation_context: null,
        entity_id: athens,
        staff_role: 'head',
        at: '2026-03-04T05:06:07.892Z',
      },
    ]);
    await t.database.db
      .deleteFrom('document_access_log')
      .where('at', '<', new Date('2026-03-05T00:00:00Z'))
      .execute();
  });

  it('takes records from several API processes, each with its own buffer', async () => {
    const before = await t.database.db
      .selectFrom('document_access_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const processes = [1, 2, 3].map(() =>
      createAccessLog(t.database, { batchSize: 7, flushIntervalMs: 10 }),
    );
    for (let i = 0; i < 50; i += 1) {
      for (const writer of processes)
        writer.record({ documentId: document.id, kind: 'validation' });
    }
    await Promise.all(processes.map((writer) => writer.close()));
    const after = await t.database.db
      .selectFrom('document_access_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(150);
    await t.database.db
      .deleteFrom('document_access_log')
      .where('id', 'in', (eb) =>
        eb.selectFrom('document_access_log').select('id').orderBy('id', 'desc').limit(150),
      )
      .execute();
  });

  it('writes the rest of a batch the database refuses for some rows, and is not held up by them', async () => {
    const ours = () =>
      t.database.db
        .selectFrom('document_access_log')
        .select(['id', 'validation_context'])
        .where('document_id', '=', document.id)
        .where('validation_context', 'like', 'refusal-test-%')
        .orderBy('id')
        .execute();
    const error = vi.fn();
    const writer = createAccessLog(t.database, {
      flushIntervalMs: 3_600_000,
      logger: { error, warn: vi.fn() },
    });
    for (let i = 0; i < 12; i += 1) {
      writer.record({
        documentId: document.id,
        // Two rows no check of the table allows (a kind, a staff role it does not know), as a
        // newer process could write them before its migration ran.
        kind: (i === 4 ? 'bogus' : 'validation') as 'validation',
        staffRole: (i === 9 ? 'janitor' : null) as null,
        validationContext: `refusal-test-${i}`,
      });
    }
    await writer.flush();
    expect((await ours()).map((row) => row.validation_context)).toEqual(
      [0, 1, 2, 3, 5, 6, 7, 8, 10, 11].map((i) => `refusal-test-${i}`),
    );
    expect(writer.rejected).toBe(2);
    expect(error).toHaveBeenCalledTimes(2);
    // The next record is written: the refused rows are gone from the buffer.
    writer.record({
      documentId: document.id,
      kind: 'validation',
      validationContext: 'refusal-test-12',
    });
    await writer.close();
    expect(await ours()).toHaveLength(11);
    await t.database.db
      .deleteFrom('document_access_log')
      .where('validation_context', 'like', 'refusal-test-%')
      .execute();
  });

  it('writes on its own: when a batch fills, and on the timer', async () => {
    const count = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('document_access_log')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('document_id', '=', document.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const start = await count();
    // Nothing is written until the buffer is flushed: the look-up never waits for the database.
    const idle = createAccessLog(t.database, { flushIntervalMs: 3_600_000 });
    idle.record({ documentId: document.id, kind: 'validation' });
    expect(await count()).toBe(start);
    await idle.close();
    expect(await count()).toBe(start + 1);
    await t.database.db
      .deleteFrom('document_access_log')
      .where('document_id', '=', document.id)
      .where('id', '=', (eb) =>
        eb
          .selectFrom('document_access_log')
          .select((e) => e.fn.max('id').as('id'))
          .where('document_id', '=', document.id),
      )
      .execute();
    expect(await count()).toBe(start);
    const writer = createAccessLog(t.database, { batchSize: 2, flushIntervalMs: 50 });
    for (let round = 0; round < 3; round += 1) {
      writer.record({ documentId: document.id, kind: 'validation' });
      writer.record({ documentId: document.id, kind: 'validation' });
      await vi.waitFor(async () => expect(await count()).toBe(start + 2 * (round + 1)));
    }
    writer.record({ documentId: document.id, kind: 'validation' });
    await vi.waitFor(async () => expect(await count()).toBe(start + 7));
    await writer.close();
    await t.database.db
      .deleteFrom('document_access_log')
      .where('document_id', '=', document.id)
      .where('validation_context', 'is', null)
      .where('kind', '=', 'validation')
      .where('id', 'not in', (eb) =>
        eb
          .selectFrom('document_access_log')
          .select('id')
          .where('document_id', '=', document.id)
          .orderBy('id')
          .limit(start),
      )
      .execute();
    expect(await count()).toBe(start);
  });

  it('stays bounded: trimmed by count per document and by age, and gone with the document', async () => {
    const trimmed = await purgeAccessLog(t.database, { retentionDays: 730, maxPerDocument: 5 });
    expect(trimmed).toEqual({ byAge: 0, byCount: 1, orphaned: 0 });
    const log = await accessLog('citizenA');
    expect(log.body.meta.count).toBe(5);
    // The oldest went: the first look-up with its context.
    expect(log.body.data.map((e) => e.validation_context)).not.toContain('international');
    const aged = await purgeAccessLog(t.database, { retentionDays: -1, maxPerDocument: 5 });
    expect(aged.byAge).toBe(5);

    const again = await api('POST', '/api/validation/document', {
      json: { 'document-id': document.referenceCode },
    });
    expect(again.status).toBe(200);
    await t.app.accessLog.flush();
    expect((await accessLog('citizenA')).body.meta.count).toBe(1);
    await t.database.db.deleteFrom('documents').where('id', '=', document.id).execute();
    const left = await t.database.db
      .selectFrom('document_access_log')
      .select('id')
      .where('document_id', '=', document.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('drops, at the next purge, an entry written while its document was being deleted', async () => {
    // No foreign key locks the document any more (migration 0018): the writer and a deletion that
    // cross can leave an entry behind. Here, as they would leave it: a recent entry, no document.
    const gone = '00000000-0000-4000-8000-0000000000aa';
    const day = 86_400_000;
    await t.database.db
      .insertInto('document_access_log')
      .values([
        { document_id: gone, kind: 'validation', at: new Date() },
        // Older than the 3 days the purge looks back on: left to the age limit.
        { document_id: gone, kind: 'validation', at: new Date(Date.now() - 4 * day) },
      ])
      .execute();
    const purged = await purgeAccessLog(t.database, { retentionDays: 730, maxPerDocument: 5 });
    expect(purged).toEqual({ byAge: 0, byCount: 0, orphaned: 1 });
    const left = await t.database.db
      .selectFrom('document_access_log')
      .select('at')
      .where('document_id', '=', gone)
      .execute();
    expect(left).toHaveLength(1);
    expect((await purgeAccessLog(t.database, { retentionDays: 3, maxPerDocument: 5 })).byAge).toBe(
      1,
    );
  });
});

describe('the access log read by sittings (issue #33)', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let tokens: Record<Caller, string | undefined>;
  let athens: string;
  let document: { id: string; referenceCode: string; caseNumber: string };
  let caseId: string;

  beforeAll(async () => {
    // The sittings span more than an hour of the frozen clock: sessions stay alive through it.
    t = await createTestApp({ env: { ...ENV, SESSION_IDLE_SECONDS: '86400' } });
    api = client(t.app);
    tokens = await loginMatrix(t, { certifiedMobile: '6912345678' });
    athens = (
      await t.database.db
        .selectFrom('entities')
        .select('id')
        .where('codename', '=', 'DIMOS_ATHINAION')
        .executeTakeFirstOrThrow()
    ).id;
    document = await issueToAthens(t, api, tokens.citizenA);
    caseId = (
      await t.database.db
        .selectFrom('inbox_entries')
        .select('id')
        .where('case_id', '=', document.caseNumber)
        .executeTakeFirstOrThrow()
    ).id;
  }, 60_000);
  afterAll(async () => {
    clock.reset();
    await t?.close();
  });

  it('makes one row of a sitting, says when the PDF was taken, and lists the forward', async () => {
    const openCase = async (who: Caller) =>
      expect(
        (await api('GET', `/api/entity/${athens}/inbox/${caseId}`, { token: tokens[who] })).status,
      ).toBe(200);
    // Times after the sessions were made (a session idle for an hour ends): whole minutes.
    const start = Math.ceil(Date.now() / 60_000) * 60_000 + 60_000;
    const at = (minutes: number) => new Date(start + minutes * 60_000);
    const iso = (minutes: number) => at(minutes).toISOString();
    clock.freeze(at(0));
    // The head opens the case 15 times in 28 minutes: one sitting.
    for (let i = 0; i < 15; i += 1) {
      await openCase('headA');
      clock.advance(2 * 60_000);
    }
    // A look-up in between is a party of its own: it does not cut the head's sitting.
    clock.freeze(at(10));
    expect(
      (
        await api('POST', '/api/validation/document', {
          json: { 'document-id': document.referenceCode },
        })
      ).status,
    ).toBe(200);
    // Back after a break longer than 30 minutes: a second sitting, where she takes the PDF.
    clock.freeze(at(63));
    await openCase('headA');
    clock.advance(60_000);
    const pdf = await api('POST', `/api/entity/${athens}/inbox/${caseId}/pdf/token`, {
      token: tokens.headA,
    });
    expect(pdf.status).toBe(200);
    await t.app.accessLog.flush();
    clock.advance(60_000);
    const forwarded = await api('POST', '/api/gates/DIMOS_ATHINAION/gate/inbox-entries/action', {
      token: tokens.headA,
      json: {
        action: 'forward',
        object_id: caseId,
        arguments: { 'target-codename': 'EFKA' },
      },
    });
    expect(forwarded.status).toBe(200);

    const log = await api<AccessLogResponse>(
      'GET',
      `/api/citizen-declarations/${document.referenceCode}/access-log`,
      { token: tokens.citizenA },
    );
    expect(log.status).toBe(200);
    expect(log.body.meta.count).toBe(4);
    expect(
      log.body.data.map((e) => ({
        kind: e.kind,
        from: e.first_timestamp,
        to: e.timestamp,
        count: e.count,
        pdf: e.pdf_downloaded,
        entity: e.entity_name,
        target: e.target_entity_name,
      })),
    ).toEqual([
      {
        kind: 'forward',
        from: iso(65),
        to: iso(65),
        count: 1,
        pdf: false,
        entity: 'Δήμος Αθηναίων',
        target: expect.stringMatching(/ΕΦΚΑ/),
      },
      {
        kind: 'case_view',
        from: iso(63),
        to: iso(64),
        count: 2,
        pdf: true,
        entity: 'Δήμος Αθηναίων',
        target: null,
      },
      {
        kind: 'case_view',
        from: iso(0),
        to: iso(28),
        count: 15,
        pdf: false,
        entity: 'Δήμος Αθηναίων',
        target: null,
      },
      {
        kind: 'validation',
        from: iso(10),
        to: iso(10),
        count: 1,
        pdf: false,
        entity: null,
        target: null,
      },
    ]);
    // Paged by sittings.
    const second = await api<AccessLogResponse>(
      'GET',
      `/api/citizen-declarations/${document.referenceCode}/access-log?limit=2&offset=2`,
      { token: tokens.citizenA },
    );
    expect(second.body.data.map((e) => e.count)).toEqual([15, 1]);
    expect(second.body.meta).toEqual({ count: 4, limit: 2, offset: 2, total_pages: 2 });
  });
});
