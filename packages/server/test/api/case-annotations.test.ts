import { readFileSync } from 'node:fs';
import type { AnnotationField, CaseAnnotations } from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityId } from '../fixtures/entities';
import { openCaseAtAthens } from '../fixtures/issued-documents';
import { multipart, type client, type ErrorBody } from '../fixtures/http';
import { expectMatrix, MATRIX_CALLERS, startMatrixApp, type Caller } from '../fixtures/matrix';
import type { TestApp } from '../helpers';

/**
 * Issue #41: typed private annotations. A head defines fields (yes/no, date, choice, number,
 * text, attachment; for the entity or one template); clerks fill them on a case; each change is in the case
 * history; the list filters by a value; the CSV export has a column per field.
 */
type FieldAnswer = { data: AnnotationField } & ErrorBody;
const PDF = readFileSync(new URL('../fixtures/files/valid.pdf', import.meta.url));
type AnnotationsAnswer = { data: CaseAnnotations } & ErrorBody;
type Inbox = { data: { id: string; annotations?: Record<string, string> }[]; total: number };

describe('typed annotations of cases', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let tokens: Record<Caller, string | undefined>;
  let athens: string;
  let caseId: string;
  let otherCaseId: string;

  const define = (json: Record<string, unknown>, token = tokens.headA) =>
    api<FieldAnswer>('POST', `/api/entity/${athens}/annotation-fields`, {
      token,
      json,
      headers: { 'accept-language': 'en' },
    });
  const annotate = (fieldId: string, value: string | null, token = tokens.clerkA, id = caseId) =>
    api<AnnotationsAnswer>('PUT', `/api/entity/${athens}/inbox/${id}/annotations/${fieldId}`, {
      token,
      json: { value },
      headers: { 'accept-language': 'en' },
    });
  const inbox = (query: string) =>
    api<Inbox>('GET', `/api/entity/${athens}/inbox?limit=100&${query}`, { token: tokens.clerkA });

  beforeAll(async () => {
    ({ t, api, tokens } = await startMatrixApp());
    athens = await entityId(t, 'DIMOS_ATHINAION');
    ({ caseId } = await openCaseAtAthens(t, api, tokens.citizenA, 'Δηλώνω ότι μένω στην Αθήνα.'));
    ({ caseId: otherCaseId } = await openCaseAtAthens(t, api, tokens.citizenA, 'Δεύτερη.'));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('a head defines fields of each kind; a clerk reads them and may not define one', async () => {
    const checked = await define({ label: 'Ελέγχθηκε  από  το τμήμα', kind: 'yes_no' });
    expect(checked.status, JSON.stringify(checked.body)).toBe(201);
    expect(checked.body.data).toMatchObject({
      label: 'Ελέγχθηκε από το τμήμα',
      kind: 'yes_no',
      choices: [],
      template: null,
    });
    const priority = await define({
      label: 'Προτεραιότητα',
      kind: 'choice',
      choices: ['Υψηλή', ' Χαμηλή '],
    });
    expect(priority.body.data.choices).toEqual(['Υψηλή', 'Χαμηλή']);
    expect((await define({ label: 'Ποσό', kind: 'number' })).status).toBe(201);
    expect(
      (await define({ label: 'Αυτοψία', kind: 'date', template: 'solemn-declaration' })).status,
    ).toBe(201);
    const byClerk = await define({ label: 'Του υπαλλήλου', kind: 'text' }, tokens.clerkA);
    expect(byClerk.status).toBe(403);
    const listed = await api<{ data: AnnotationField[] }>(
      'GET',
      `/api/entity/${athens}/annotation-fields`,
      { token: tokens.clerkA },
    );
    expect(listed.body.data.map((field) => field.label)).toEqual([
      'Ελέγχθηκε από το τμήμα',
      'Προτεραιότητα',
      'Ποσό',
      'Αυτοψία',
    ]);
  });

  it('refuses a blank label, a twin label, a choice without choices, an unknown template', async () => {
    expect((await define({ label: '  ', kind: 'text' })).status).toBe(400);
    const twin = await define({ label: 'ποσό', kind: 'text' });
    expect([twin.status, twin.body.error.code]).toEqual([409, 'annotation_field_exists']);
    const noChoices = await define({ label: 'Κατηγορία', kind: 'choice', choices: [' '] });
    expect(noChoices.status).toBe(400);
    expect(noChoices.body.error.data?.invalid_fields).toEqual([
      { invalid_field: 'choices', error_info: { code: 'choices_required' } },
    ]);
    const repeated = await define({ label: 'Κατηγορία', kind: 'choice', choices: ['Α', 'α'] });
    expect(repeated.status).toBe(400);
    expect((await define({ label: 'Άλλο', kind: 'text', template: 'no-such' })).status).toBe(400);
    expect((await define({ label: 'Άλλο', kind: 'colour' })).status).toBe(400);
  });

  it('a clerk fills, changes and clears values of their kind; each change is in the history', async () => {
    const fields = (
      await api<AnnotationsAnswer>('GET', `/api/entity/${athens}/inbox/${caseId}/annotations`, {
        token: tokens.clerkA,
      })
    ).body.data.fields;
    const byLabel = Object.fromEntries(fields.map((field) => [field.label, field.id]));
    expect(Object.keys(byLabel)).toHaveLength(4);
    const set = await annotate(byLabel['Προτεραιότητα']!, 'Υψηλή');
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.values.find((v) => v.field_id === byLabel['Προτεραιότητα'])).toMatchObject(
      {
        value: 'Υψηλή',
        updated_by_display_name: expect.any(String),
      },
    );
    expect(
      (await annotate(byLabel['Ποσό']!, '12,50')).body.data.values.find(
        (v) => v.field_id === byLabel['Ποσό'],
      )?.value,
    ).toBe('12.50');
    const badChoice = await annotate(byLabel['Προτεραιότητα']!, 'Μέτρια');
    expect(badChoice.status).toBe(400);
    expect(badChoice.body.error.data?.invalid_fields).toEqual([
      { invalid_field: 'value', error_info: { code: 'annotation_value_invalid' } },
    ]);
    expect((await annotate(byLabel['Αυτοψία']!, '2026-02-30')).status).toBe(400);
    expect((await annotate(byLabel['Ελέγχθηκε από το τμήμα']!, 'yes')).status).toBe(200);
    // The same value again is no change; clearing is.
    expect((await annotate(byLabel['Ελέγχθηκε από το τμήμα']!, 'yes')).status).toBe(200);
    const cleared = await annotate(byLabel['Ποσό']!, null);
    expect(cleared.body.data.values.find((v) => v.field_id === byLabel['Ποσό'])?.value).toBeNull();
    const events = await t.database.db
      .selectFrom('case_events')
      .select(['details'])
      .where('inbox_entry_id', '=', caseId)
      .where('action', '=', 'annotate')
      .orderBy('at')
      .execute();
    expect(
      events.map(
        (event) =>
          (typeof event.details === 'string' ? JSON.parse(event.details) : event.details) as {
            field: string;
            from: string | null;
            to: string | null;
          },
      ),
    ).toEqual([
      { field: 'Προτεραιότητα', kind: 'choice', before: null, after: 'Υψηλή' },
      { field: 'Ποσό', kind: 'number', before: null, after: '12.50' },
      { field: 'Ελέγχθηκε από το τμήμα', kind: 'yes_no', before: null, after: 'yes' },
      { field: 'Ποσό', kind: 'number', before: '12.50', after: null },
    ]);
    // An unknown field, or another entity's clerk: not found.
    expect((await annotate('0b7c8a9e-1f2d-4c3b-9a8e-7d6c5b4a3f21', 'yes')).status).toBe(404);
    expect((await annotate(byLabel['Ποσό']!, '1', tokens.clerkB)).status).toBe(404);
  });

  it('the list filters by an annotation value; the CSV export has a column per field', async () => {
    const fields = (
      await api<{ data: AnnotationField[] }>('GET', `/api/entity/${athens}/annotation-fields`, {
        token: tokens.clerkA,
      })
    ).body.data;
    const priority = fields.find((field) => field.label === 'Προτεραιότητα')!;
    const high = await inbox(`annotation=${priority.id}:${encodeURIComponent('Υψηλή')}`);
    expect(high.status).toBe(200);
    expect(high.body.data.map((row) => row.id)).toEqual([caseId]);
    // Each row carries its annotations, for the columns a clerk chooses; none: an empty map.
    expect(high.body.data[0]?.annotations?.[priority.id]).toBe('Υψηλή');
    const others = (await inbox('')).body.data.filter((row) => row.id === otherCaseId);
    expect(others[0]?.annotations).toEqual({});
    expect(
      (await inbox(`annotation=${priority.id}:${encodeURIComponent('Χαμηλή')}`)).body.total,
    ).toBe(0);
    // A malformed filter matches nothing, never everything.
    expect((await inbox('annotation=nonsense')).body.total).toBe(0);
    expect((await inbox('')).body.data.map((row) => row.id)).toContain(otherCaseId);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/entity/${athens}/inbox/export.csv?annotation=${priority.id}:${encodeURIComponent('Υψηλή')}`,
      headers: { authorization: `Bearer ${tokens.clerkA}`, 'accept-language': 'en' },
    });
    expect(csv.statusCode).toBe(200);
    const [header, row] = csv.body.replace('\uFEFF', '').split('\r\n');
    expect(header).toContain('"Ελέγχθηκε από το τμήμα","Προτεραιότητα","Ποσό","Αυτοψία"');
    expect(row).toMatch(/"Yes","Υψηλή","",""$/);
  });

  it('filters the list by a form field of the chosen template, offered by the pick-list', async () => {
    const templates = await api<{
      data: { refname: string; fields: { key: string; label: { el: string } }[] }[];
    }>('GET', `/api/entity/${athens}/inbox-templates`, { token: tokens.clerkA });
    const solemn = templates.body.data.find((row) => row.refname === 'solemn-declaration');
    expect(solemn?.fields.map((field) => field.key)).toContain('statement');
    const matching = await inbox(
      `template=solemn-declaration&field=${encodeURIComponent('statement:στην Αθήνα')}`,
    );
    expect(matching.status).toBe(200);
    expect(matching.body.data.map((row) => row.id)).toContain(caseId);
    expect(matching.body.data.map((row) => row.id)).not.toContain(otherCaseId);
    // A percent sign is a character, not a wildcard.
    expect(
      (await inbox(`template=solemn-declaration&field=${encodeURIComponent('statement:%')}`)).body
        .total,
    ).toBe(0);
    // Without its template, or with a key the template does not have: nothing.
    expect((await inbox(`field=${encodeURIComponent('statement:Αθήνα')}`)).body.total).toBe(0);
    expect(
      (await inbox(`template=solemn-declaration&field=${encodeURIComponent('password:x')}`)).body
        .total,
    ).toBe(0);
  });

  it('an attachment field keeps one PDF per case: uploaded, replaced, downloaded, filtered, removed', async () => {
    const field = (await define({ label: 'Γνωμάτευση', kind: 'attachment' })).body.data;
    expect(field.kind).toBe('attachment');
    const upload = (
      fieldId: string,
      files: Parameters<typeof multipart>[1],
      token = tokens.clerkA,
    ) => {
      const body = multipart({}, files);
      return api<AnnotationsAnswer>(
        'PUT',
        `/api/entity/${athens}/inbox/${caseId}/annotations/${fieldId}/file`,
        { token, payload: body.payload, headers: { ...body.headers, 'accept-language': 'en' } },
      );
    };
    const pdf = (filename: string) => ({
      name: 'file__attachment',
      filename,
      contentType: 'application/pdf',
      bytes: PDF,
    });
    // No text for an attachment: its PDF comes by upload.
    const typed = await annotate(field.id, 'gnomi.pdf');
    expect([typed.status, typed.body.error.data?.invalid_fields]).toEqual([
      400,
      [{ invalid_field: 'value', error_info: { code: 'annotation_value_invalid' } }],
    ]);
    const none = await upload(field.id, []);
    expect(none.status).toBe(400);
    const notPdf = await upload(field.id, [
      {
        name: 'file__attachment',
        filename: 'a.pdf',
        contentType: 'application/pdf',
        bytes: Buffer.from('not a pdf'),
      },
    ]);
    expect(notPdf.status).toBe(400);

    const first = await upload(field.id, [pdf('gnomateusi.pdf')]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const value = first.body.data.values.find((v) => v.field_id === field.id);
    expect(value).toMatchObject({ value: 'gnomateusi.pdf', file_size: PDF.length });
    expect(value?.updated_by_display_name).toBeTruthy();
    const replaced = await upload(field.id, [pdf('nea-gnomateusi.pdf')]);
    expect(replaced.body.data.values.find((v) => v.field_id === field.id)?.value).toBe(
      'nea-gnomateusi.pdf',
    );
    // Another kind takes no file.
    const text = (await define({ label: 'Σχόλιο αρχείου', kind: 'text' })).body.data;
    const wrongKind = await upload(text.id, [pdf('x.pdf')]);
    expect([wrongKind.status, wrongKind.body.error.data?.invalid_fields]).toEqual([
      400,
      [{ invalid_field: 'value', error_info: { code: 'annotation_value_invalid' } }],
    ]);

    const token = await api<{ download_url: string }>(
      'POST',
      `/api/entity/${athens}/inbox/${caseId}/annotations/${field.id}/file/token`,
      { token: tokens.clerkA },
    );
    expect(token.status).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: token.body.download_url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(String(file.headers['content-disposition'])).toContain('nea-gnomateusi.pdf');
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/annotation-files/${'A'.repeat(48)}`,
    });
    expect(forged.statusCode).toBe(404);

    // The list's filter "has an attachment": this case, not the other.
    const withFile = await inbox(`annotation=${field.id}:*`);
    expect(withFile.body.data.map((row) => row.id)).toEqual([caseId]);
    const events = await t.database.db
      .selectFrom('case_events')
      .select('details')
      .where('inbox_entry_id', '=', caseId)
      .where('action', '=', 'annotate')
      .execute();
    expect(events.map((e) => e.details)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'Γνωμάτευση', before: null, after: 'gnomateusi.pdf' }),
        expect.objectContaining({ before: 'gnomateusi.pdf', after: 'nea-gnomateusi.pdf' }),
      ]),
    );

    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'POST',
      path: () => `/api/entity/${athens}/inbox/${caseId}/annotations/${field.id}/file/token`,
      expected: [401, 403, 403, 'ok', 'ok', 404, 403],
    });
    // JSON carries no file: the staff of Athens get as far as the file check.
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'PUT',
      path: () => `/api/entity/${athens}/inbox/${caseId}/annotations/${field.id}/file`,
      json: () => ({}),
      expected: [401, 403, 403, 400, 400, 404, 403],
    });

    // Removed (the PUT of null, as every kind): the file is gone, its download address too.
    const removed = await annotate(field.id, null);
    expect(removed.body.data.values.find((v) => v.field_id === field.id)?.value).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: token.body.download_url })).statusCode).toBe(
      404,
    );
    const again = await api(
      'POST',
      `/api/entity/${athens}/inbox/${caseId}/annotations/${field.id}/file/token`,
      { token: tokens.clerkA },
    );
    expect(again.status).toBe(404);
    expect((await inbox(`annotation=${field.id}:*`)).body.data).toEqual([]);
  });

  it('deleting a field deletes its values; the matrix', async () => {
    const field = (await define({ label: 'Προσωρινό', kind: 'text' })).body.data;
    expect((await annotate(field.id, 'σημείωση')).status).toBe(200);
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'GET',
      path: () => `/api/entity/${athens}/annotation-fields`,
      expected: [401, 403, 403, 'ok', 'ok', 404, 403],
    });
    let index = 0;
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'POST',
      path: () => `/api/entity/${athens}/annotation-fields`,
      json: () => ({ label: `Πεδίο ${index++}`, kind: 'text' }),
      expected: [401, 403, 403, 403, 'ok', 404, 403],
    });
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'GET',
      path: () => `/api/entity/${athens}/inbox/${caseId}/annotations`,
      expected: [401, 403, 403, 'ok', 'ok', 404, 403],
    });
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'PUT',
      path: () => `/api/entity/${athens}/inbox/${caseId}/annotations/${field.id}`,
      json: (who) => ({ value: `από ${who}` }),
      expected: [401, 403, 403, 'ok', 'ok', 404, 403],
    });
    await expectMatrix(
      api,
      tokens,
      MATRIX_CALLERS,
      {
        method: 'DELETE',
        path: () => `/api/entity/${athens}/annotation-fields/${field.id}`,
        expected: [401, 403, 403, 403, 'ok', 404, 403],
      },
      { last: 'headA' },
    );
    const left = await t.database.db
      .selectFrom('case_annotations')
      .select('value')
      .where('field_id', '=', field.id)
      .execute();
    expect(left).toEqual([]);
    const gone = await api<ErrorBody>(
      'DELETE',
      `/api/entity/${athens}/annotation-fields/${field.id}`,
      {
        token: tokens.headA,
      },
    );
    expect([gone.status, gone.body.error.code]).toEqual([404, 'annotation_field_not_found']);
  });
});
