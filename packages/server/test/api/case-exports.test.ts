import * as XLSX from '@e965/xlsx';
import type { CaseExport } from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobContext } from '../../src/job-registry';
import { caseExportExpiryJob, caseExportJob } from '../../src/modules/cases';
import { entityId } from '../fixtures/entities';
import { openCaseAtAthens } from '../fixtures/issued-documents';
import type { client, ErrorBody } from '../fixtures/http';
import { expectMatrix, MATRIX_CALLERS, startMatrixApp, type Caller } from '../fixtures/matrix';
import type { TestApp } from '../helpers';

/**
 * Issue #41: the list as filtered, as XLSX or ODS, built by the case-export job with its
 * progress, every annotation and form field a column; a clerk's own history; 7 days, then gone.
 */
type ExportAnswer = { data: CaseExport } & ErrorBody;

describe('spreadsheet exports of cases', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let tokens: Record<Caller, string | undefined>;
  let athens: string;
  let caseNumber: string;

  const ask = (json: Record<string, unknown>, token = tokens.clerkA) =>
    api<ExportAnswer>('POST', `/api/entity/${athens}/exports`, {
      token,
      json,
      headers: { 'accept-language': 'en' },
    });
  const history = (token = tokens.clerkA) =>
    api<{ data: CaseExport[] }>('GET', `/api/entity/${athens}/exports`, { token });
  const run = (id: string) => caseExportJob.handle({ export_id: id }, jobContext(t.app));
  const file = (id: string, token = tokens.clerkA) =>
    t.app.inject({
      method: 'GET',
      url: `/api/entity/${athens}/exports/${id}/file`,
      headers: { authorization: `Bearer ${token}` },
    });

  beforeAll(async () => {
    ({ t, api, tokens } = await startMatrixApp());
    athens = await entityId(t, 'DIMOS_ATHINAION');
    ({ caseNumber } = await openCaseAtAthens(
      t,
      api,
      tokens.citizenA,
      'Δηλώνω ότι μένω στην Αθήνα.',
    ));
    const field = await api<{ data: { id: string } }>(
      'POST',
      `/api/entity/${athens}/annotation-fields`,
      { token: tokens.headA, json: { label: 'Ελέγχθηκε', kind: 'yes_no' } },
    );
    const entry = await t.database.db
      .selectFrom('inbox_entries')
      .select('id')
      .where('case_id', '=', caseNumber)
      .executeTakeFirstOrThrow();
    await api('PUT', `/api/entity/${athens}/inbox/${entry.id}/annotations/${field.body.data.id}`, {
      token: tokens.clerkA,
      json: { value: 'yes' },
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it.each(['xlsx', 'ods'] as const)(
    '%s: queued, built by the job with its progress, every field a column, then downloaded',
    async (format) => {
      const asked = await ask({
        format,
        tab: 'all',
        query: `template=solemn-declaration&case=${encodeURIComponent(caseNumber)}`,
      });
      expect(asked.status, JSON.stringify(asked.body)).toBe(202);
      expect(asked.body.data).toMatchObject({
        format,
        state: 'queued',
        done: 0,
        download_url: null,
      });
      // One at a time.
      const twice = await ask({ format, tab: 'all', query: '' });
      expect([twice.status, twice.body.error.code]).toEqual([409, 'case_export_running']);
      await run(asked.body.data.id);
      const [done] = (await history()).body.data;
      expect(done).toMatchObject({ id: asked.body.data.id, state: 'ready', done: 1, total: 1 });
      expect(done?.download_url).toBe(`/api/entity/${athens}/exports/${done?.id}/file`);
      const download = await file(asked.body.data.id);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-disposition']).toMatch(new RegExp(`\\.${format}"$`));
      const book = XLSX.read(download.rawPayload, { type: 'buffer' });
      const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, {
        header: 1,
        defval: '',
        raw: false,
      });
      expect(rows).toHaveLength(2);
      const header = rows[0]!;
      const row = rows[1]!;
      const cell = (name: string) => row[header.indexOf(name)];
      expect(cell('Case')).toBe(caseNumber);
      // The annotation, in the asker's language, and the form's own field.
      expect(cell('Ελέγχθηκε')).toBe('Yes');
      expect(cell('Text of the declaration')).toBe('Δηλώνω ότι μένω στην Αθήνα.');
      expect(cell('First name')).toBe('ΜΑΡΙΑ');
    },
  );

  it("refuses a query that is not the list's; another person's export is not found", async () => {
    const bad = await ask({ format: 'xlsx', tab: 'all', query: 'limit=5&nonsense=1' });
    expect(bad.status).toBe(400);
    expect((await ask({ format: 'pdf', tab: 'all', query: '' })).status).toBe(400);
    const mine = (await history()).body.data[0]!;
    expect((await file(mine.id, tokens.headA)).statusCode).toBe(404);
    expect((await history(tokens.headA)).body.data).toEqual([]);
  });

  it('after 7 days the file goes (410), the history keeps the row', async () => {
    const mine = (await history()).body.data.find((row) => row.state === 'ready')!;
    await t.database.db
      .updateTable('case_exports')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', mine.id)
      .execute();
    await caseExportExpiryJob.handle({}, jobContext(t.app));
    const gone = await file(mine.id);
    expect(gone.statusCode).toBe(410);
    expect(JSON.parse(gone.body).error.code).toBe('case_export_expired');
    expect((await history()).body.data[0]).toMatchObject({
      id: mine.id,
      state: 'expired',
      download_url: null,
    });
    const stored = await t.database.db
      .selectFrom('case_exports')
      .select('file')
      .where('id', '=', mine.id)
      .executeTakeFirstOrThrow();
    expect(stored.file).toBeNull();
  });

  it('authorization matrix', async () => {
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'GET',
      path: () => `/api/entity/${athens}/exports`,
      expected: [401, 403, 403, 'ok', 'ok', 404, 403],
    });
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'POST',
      path: () => `/api/entity/${athens}/exports`,
      json: () => ({ format: 'ods', tab: 'incoming', query: '' }),
      expected: [401, 403, 403, 'ok', 'ok', 404, 403],
    });
    const any = (await history()).body.data[0]!;
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'GET',
      path: () => `/api/entity/${athens}/exports/${any.id}/file`,
      // The clerk's own export is queued (409), anyone else's is not found.
      expected: [401, 403, 403, 409, 404, 404, 403],
    });
  });
});
