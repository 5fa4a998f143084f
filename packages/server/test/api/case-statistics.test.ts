import type {
  BinList,
  BulkCaseResult,
  CaseDetail,
  CaseStatistics,
  InboxList,
} from '@dilosi/domain';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../src/clock';
import { purgeBin } from '../../src/modules/cases';
import { entityId } from '../fixtures/entities';
import { openCaseAtAthens } from '../fixtures/issued-documents';
import type { ErrorBody } from '../fixtures/http';
import { MATRIX_AFM, MATRIX_CALLERS, expectMatrix, startMatrixApp } from '../fixtures/matrix';
import type { TestApp } from '../helpers';

// Wednesday 25 November 2026, noon in Athens.
const NOW = new Date('2026-11-25T10:00:00Z');
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);

describe('an entity head reads the statistics; clerks keep a bin (issue #41)', () => {
  let t: TestApp;
  let api: Awaited<ReturnType<typeof startMatrixApp>>['api'];
  let tokens: Awaited<ReturnType<typeof startMatrixApp>>['tokens'];
  let athens: string;
  let clerkId: string;
  const ids: Record<string, string> = {};

  const stats = async (query: string) =>
    api<{ data: CaseStatistics }>('GET', `/api/entity/${athens}/statistics?${query}`, {
      token: tokens.headA,
    });
  const act = async (id: string, path: string, json: unknown) => {
    const res = await api('POST', `/api/entity/${athens}/inbox/${ids[id]}/${path}`, {
      token: tokens.clerkA,
      json,
    });
    expect(res.status, `${path} ${id}`).toBe(200);
  };

  beforeAll(async () => {
    ({ t, api, tokens } = await startMatrixApp());
    athens = await entityId(t, 'DIMOS_ATHINAION');
    const clerk = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('afm', '=', MATRIX_AFM.clerkA)
      .executeTakeFirstOrThrow();
    clerkId = clerk.id;
    clock.freeze(NOW);
    // Five cases of Athens: two templates, received over November (one long ago, outside).
    const cases = [
      ['fresh', 'solemn-declaration', 1],
      ['late', 'solemn-declaration', 23],
      ['nine', 'solemn-declaration', 9],
      ['five', 'solemn-declaration', 5],
      ['other', 'authorization', 2],
      ['old', 'solemn-declaration', 200],
    ] as const;
    for (const [key, refname, age] of cases) {
      const row = await t.database.db
        .insertInto('inbox_entries')
        .values({
          entity_id: athens,
          document_id: null,
          case_id: `2026/STAT-${key}`,
          reference_code: `STAT${key}`,
          template_refname: refname,
          subject: refname,
          citizen_name: 'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ',
          received_at: daysAgo(age),
          updated_at: daysAgo(age),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[key] = row.id;
    }
    // Through the case's state-change primitive, at the frozen time: it writes closed_at.
    await act('late', 'assign', { user_id: clerkId });
    await act('nine', 'assign', { user_id: clerkId });
    await act('nine', 'change_state', { state: 'finished' });
    await act('five', 'change_state', { state: 'finished' });
    await act('other', 'change_state', { state: 'canceled', reason: 'Λείπει υπογραφή.' });
  });

  afterAll(async () => {
    clock.reset();
    await t.close();
  });

  it('counts per week, time to finish, open cases by age, load and statuses', async () => {
    const res = await stats('date_from=2026-11-01&date_to=2026-11-30');
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.range).toEqual({ date_from: '2026-11-01', date_to: '2026-11-30' });
    // 1 November 2026 is a Sunday: its week starts on Monday 26 October.
    expect(data.weeks.map((w) => w.week)).toEqual([
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
      '2026-11-30',
    ]);
    const week = (w: string) => data.weeks.find((x) => x.week === w);
    expect(week('2026-11-02')).toEqual({ week: '2026-11-02', received: 1, finished: 0 }); // late
    expect(week('2026-11-16')).toEqual({ week: '2026-11-16', received: 2, finished: 0 }); // nine, five
    expect(week('2026-11-23')).toEqual({ week: '2026-11-23', received: 2, finished: 2 });
    expect(data.time_to_finish).toEqual({ count: 2, median_days: 7, p90_days: 8.6 });
    // Open now, whatever the range: fresh, late and the one that came 200 days ago.
    expect(data.open.total).toBe(3);
    expect(data.open.overdue).toBe(2);
    expect(data.open.buckets.find((b) => b.bucket === '0-2')).toEqual({
      bucket: '0-2',
      count: 1,
      overdue: 0,
    });
    expect(data.open.buckets.find((b) => b.bucket === '15-30')).toEqual({
      bucket: '15-30',
      count: 1,
      overdue: 1,
    });
    expect(data.open.buckets.find((b) => b.bucket === '31+')).toEqual({
      bucket: '31+',
      count: 1,
      overdue: 1,
    });
    const clerk = data.load.find((l) => l.assignee_id === clerkId);
    expect(clerk).toMatchObject({ open: 1, finished: 1 });
    expect(clerk?.name).toMatch(/\S/);
    expect(data.load.at(-1)).toEqual({ assignee_id: null, name: '', open: 2, finished: 1 });
    expect(Object.fromEntries(data.statuses.map((s) => [s.status, s.count]))).toEqual({
      incoming: 1,
      pending: 1,
      finished: 2,
      canceled: 1,
    });
    expect(data.templates.map((x) => [x.refname, x.count])).toEqual([
      ['solemn-declaration', 4],
      ['authorization', 1],
    ]);
    expect(data.templates[0]?.title.el).toMatch(/\S/);
  });

  it('narrows to one template, keeping every template as a choice', async () => {
    const { body } = await stats('date_from=2026-11-01&date_to=2026-11-30&template=authorization');
    expect(body.data.template).toBe('authorization');
    expect(body.data.statuses.find((s) => s.status === 'canceled')?.count).toBe(1);
    expect(body.data.weeks.reduce((n, w) => n + w.received, 0)).toBe(1);
    expect(body.data.time_to_finish.count).toBe(0);
    expect(body.data.time_to_finish.median_days).toBeNull();
    expect(body.data.open.total).toBe(0); // the canceled one only
    expect(body.data.templates).toHaveLength(2);
  });

  it('covers the last 12 weeks by default, and forgets a closing when the case opens again', async () => {
    const before = await stats('');
    expect(before.body.data.range).toEqual({ date_from: '2026-09-03', date_to: '2026-11-25' });
    expect(before.body.data.time_to_finish.count).toBe(2);
    await act('five', 'change_state', { state: 'pending' });
    const after = await stats('');
    expect(after.body.data.time_to_finish).toEqual({ count: 1, median_days: 9, p90_days: 9 });
    expect(after.body.data.open.total).toBe(4);
    const row = await t.database.db
      .selectFrom('inbox_entries')
      .select('closed_at')
      .where('id', '=', ids.five!)
      .executeTakeFirstOrThrow();
    expect(row.closed_at).toBeNull();
  });

  it('refuses a reversed range, a range over two years and an odd template, in the user language', async () => {
    for (const query of [
      'date_from=2026-11-30&date_to=2026-11-01',
      'date_from=2023-01-01&date_to=2026-01-01',
      'date_from=2026-02-30',
      'template=..%2Fetc',
    ]) {
      const res = await api<ErrorBody>('GET', `/api/entity/${athens}/statistics?${query}`, {
        token: tokens.headA,
        headers: { 'accept-language': 'el' },
      });
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
    }
  });

  it('authorization matrix: the entity head only', async () => {
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'GET',
      path: () => `/api/entity/${athens}/statistics`,
      // anonymous, citizen A, citizen B, clerk A, head A, clerk B, admin without a role
      expected: [401, 403, 403, 403, 'ok', 404, 403],
    });
  });
  it('moves closed cases to the bin in bulk, restores them with their status, purges after 30 days', async () => {
    const bulk = (json: unknown) =>
      api<{ data: BulkCaseResult }>('POST', `/api/entity/${athens}/inbox/bulk`, {
        token: tokens.clerkA,
        json,
      });
    const bin = async () =>
      (await api<BinList>('GET', `/api/entity/${athens}/bin`, { token: tokens.clerkA })).body;
    const listed = async () =>
      (
        await api<InboxList>('GET', `/api/entity/${athens}/inbox?limit=100`, {
          token: tokens.clerkA,
        })
      ).body.data.map((item) => item.id);
    // Only closed cases go to the bin: the open one is refused, the others move.
    const moved = await bulk({ action: 'dismiss', ids: [ids.nine, ids.other, ids.fresh] });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ changed: 2, failed: 1 });
    expect(moved.body.data.results.find((r) => r.id === ids.fresh)).toMatchObject({
      ok: false,
      code: 'action_not_allowed_on_state',
    });
    const inBin = await bin();
    expect(inBin.meta.count).toBe(2);
    expect(inBin.data.map((item) => item.id).sort()).toEqual([ids.nine, ids.other].sort());
    expect(inBin.data[0]?.purge_at).toBe(new Date(NOW.getTime() + 30 * DAY).toISOString());
    expect(await listed()).not.toContain(ids.nine);
    // One back by its own call, its status unchanged and the history saying so.
    const restored = await api<{ data: CaseDetail }>(
      'POST',
      `/api/entity/${athens}/inbox/${ids.nine}/restore`,
      { token: tokens.clerkA },
    );
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({ inbox_status: 'finished', dismissed: false });
    expect(await listed()).toContain(ids.nine);
    const again = await api<ErrorBody>('POST', `/api/entity/${athens}/inbox/${ids.nine}/restore`, {
      token: tokens.clerkA,
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('action_not_allowed_on_state');
    const history = await api<{ data: { action: string; action_display: string }[] }>(
      'GET',
      `/api/entity/${athens}/inbox/${ids.nine}/history`,
      { token: tokens.clerkA, headers: { 'accept-language': 'el' } },
    );
    expect(history.body.data.map((h) => h.action)).toContain('restore');
    expect(history.body.data.find((h) => h.action === 'restore')?.action_display).toBe(
      'Επαναφορά από τον κάδο',
    );
    // A case stays 30 days, then the retention job deletes it (and only it).
    await bulk({ action: 'dismiss', ids: [ids.nine] });
    const binnedAt = async (key: string, daysBefore: number) =>
      t.database.db
        .updateTable('inbox_entries')
        .set({ dismissed_at: daysAgo(daysBefore) })
        .where('id', '=', ids[key]!)
        .execute();
    await binnedAt('nine', 29);
    await binnedAt('other', 31);
    expect(await purgeBin(t.database, 1)).toBe(1);
    expect((await bin()).data.map((item) => item.id)).toEqual([ids.nine]);
    const gone = await api('GET', `/api/entity/${athens}/inbox/${ids.other}`, {
      token: tokens.clerkA,
    });
    expect(gone.status).toBe(404);
    expect((await bulk({ action: 'restore', ids: [ids.nine] })).body.data.changed).toBe(1);
    expect((await bin()).meta.count).toBe(0);
    expect(await listed()).toContain(ids.nine);
  });

  it("authorization matrix of the bin: the entity's clerks and heads", async () => {
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'GET',
      path: () => `/api/entity/${athens}/bin`,
      expected: [401, 403, 403, 'ok', 'ok', 404, 403],
    });
    await expectMatrix(
      api,
      tokens,
      MATRIX_CALLERS,
      {
        method: 'POST',
        path: () => `/api/entity/${athens}/inbox/${ids.nine}/restore`,
        expected: [401, 403, 403, 'ok', 'ok', 404, 403],
      },
      {
        // Each caller meets the case in the bin.
        before: async () => {
          await api('POST', `/api/entity/${athens}/inbox/bulk`, {
            token: tokens.clerkA,
            json: { action: 'dismiss', ids: [ids.nine] },
          });
        },
      },
    );
  });
  it("follows a case: the case says so, the list's followed=me holds it, for that person only", async () => {
    const follow = (method: 'PUT' | 'DELETE', token = tokens.clerkA) =>
      api<{ data: { followed: boolean } }>(
        method,
        `/api/entity/${athens}/inbox/${ids.late}/follow`,
        {
          token,
        },
      );
    const followedBy = async (token: string | undefined) =>
      (await api<InboxList>('GET', `/api/entity/${athens}/inbox?followed=me&limit=100`, { token }))
        .body;
    expect((await follow('PUT')).body.data.followed).toBe(true);
    expect((await follow('PUT')).status).toBe(200); // twice is once
    const detail = await api<{ data: CaseDetail }>(
      'GET',
      `/api/entity/${athens}/inbox/${ids.late}`,
      {
        token: tokens.clerkA,
      },
    );
    expect(detail.body.data.followed).toBe(true);
    const mine = await followedBy(tokens.clerkA);
    expect(mine.data.map((item) => item.id)).toEqual([ids.late]);
    expect(mine.total).toBe(1);
    expect((await followedBy(tokens.headA)).total).toBe(0);
    expect((await follow('DELETE')).body.data.followed).toBe(false);
    expect((await followedBy(tokens.clerkA)).total).toBe(0);
    const bogus = await api<ErrorBody>('GET', `/api/entity/${athens}/inbox?followed=you`, {
      token: tokens.clerkA,
    });
    expect(bogus.status).toBe(400);
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'PUT',
      path: () => `/api/entity/${athens}/inbox/${ids.late}/follow`,
      expected: [401, 403, 403, 'ok', 'ok', 404, 403],
    });
  });
  it('hands over a whole case as one ZIP: the sealed PDF and a manifest, by a short-lived token', async () => {
    const { caseId, caseNumber } = await openCaseAtAthens(t, api, tokens.citizenA);
    const token = await api<{ download_url: string }>(
      'POST',
      `/api/entity/${athens}/inbox/${caseId}/zip/token`,
      { token: tokens.clerkA },
    );
    expect(token.status).toBe(200);
    expect(token.body.download_url).toMatch(/^\/api\/case-zips\/[\w-]{40,}$/);
    const zip = await t.app.inject({ method: 'GET', url: token.body.download_url });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toContain('.zip');
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as {
      case_id: string;
      files: { name: string; size: number }[];
    };
    expect(manifest.case_id).toBe(caseNumber);
    expect(manifest.files).toHaveLength(1);
    const pdf = files[manifest.files[0]!.name]!;
    expect(strFromU8(pdf.subarray(0, 5))).toBe('%PDF-');
    expect(pdf.length).toBe(manifest.files[0]!.size);
    // A forged token is nobody's case.
    const forged = await t.app.inject({ method: 'GET', url: '/api/case-zips/AAAA' });
    expect(forged.statusCode).toBe(404);
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'POST',
      path: () => `/api/entity/${athens}/inbox/${caseId}/zip/token`,
      expected: [401, 403, 403, 'ok', 'ok', 404, 403],
    });
  });
});
