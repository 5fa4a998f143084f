import crypto from 'node:crypto';
import { unzipSync } from 'fflate';
import {
  validateValues,
  type CaseDetail,
  type StepField,
  type Template,
  type TemplateRuleRef,
} from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeDigest } from '../../src/modules/documents';
import { DEMO_FIRSTNAMES, DEMO_SURNAMES, seedDemoCases } from '../../src/seed/demo-cases';
import { demoPersons } from '../../src/seed/demo-data';
import { demoStaff } from '../../src/seed/demo-staff';
import { client, type ErrorBody } from '../fixtures/http';
import { loginStaff } from '../fixtures/staff';
import { createTestApp, type TestApp } from '../helpers';

type Download = { download_url: string };

/** One PDF part, as the public "check a file" form sends it. */
function pdfPart(file: Buffer) {
  const boundary = `----dilosi${crypto.randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="case.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('the demo cases', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    t = await createTestApp();
    api = client(t.app);
    expect(await seedDemoCases(t.database)).toBe(250);
  });
  afterAll(async () => t?.close());

  it('name women with the feminine form of their surname, men with the masculine', async () => {
    const rows = await t.database.db
      .selectFrom('inbox_entries')
      .select('citizen_name')
      .where('reference_code', 'like', 'DEMO%')
      .execute();
    const female = new Set(DEMO_FIRSTNAMES.filter((f) => f.isFemale).map((f) => f.name));
    const forms = new Map(
      DEMO_SURNAMES.flatMap((s) => [
        [s.male, 'male'],
        [s.female, 'female'],
      ]),
    );
    let women = 0;
    for (const { citizen_name } of rows) {
      const [first = '', surname = ''] = (citizen_name ?? '').split(' ');
      expect(forms.has(surname), citizen_name ?? '').toBe(true);
      const isFemale = female.has(first);
      if (isFemale) women += 1;
      // ΟΙΚΟΝΟΜΟΥ and ΠΑΠΑΝΙΚΟΛΑΟΥ are both; every other surname has two forms.
      if (surname !== 'ΟΙΚΟΝΟΜΟΥ' && surname !== 'ΠΑΠΑΝΙΚΟΛΑΟΥ') {
        expect(forms.get(surname), citizen_name ?? '').toBe(isFemale ? 'female' : 'male');
      }
    }
    expect(women).toBeGreaterThan(50);
    // No demo case carries the demo persons' surname, in either form.
    expect(rows.filter((r) => /ΠΑΠΑΔΟΠΟΥΛΟ/.test(r.citizen_name ?? ''))).toEqual([]);
  });

  it('carry each an issued document of their citizen, valid for its template on the day of issue', async () => {
    const rows = await t.database.db
      .selectFrom('inbox_entries')
      .leftJoin('documents', 'documents.id', 'inbox_entries.document_id')
      .leftJoin('users', 'users.id', 'documents.owner_id')
      .select([
        'inbox_entries.id as entry_id',
        'inbox_entries.reference_code as case_code',
        'inbox_entries.case_id as case_number',
        'inbox_entries.template_refname as case_template',
        'inbox_entries.citizen_name',
        'inbox_entries.citizen_afm',
        'inbox_entries.received_at',
        'documents.id',
        'documents.state',
        'documents.reference_code',
        'documents.case_id',
        'documents.template_refname',
        'documents.template_version',
        'documents.values',
        'documents.recipient',
        'documents.step',
        'documents.digest',
        'documents.issued_at',
        'documents.retention_until',
        'users.afm',
        'users.firstname',
        'users.surname',
      ])
      .where('inbox_entries.reference_code', 'like', 'DEMO%')
      .execute();
    expect(rows).toHaveLength(250);
    const templates = new Map<string, Template>(
      t.app.templates.list().map((template) => [template.refname, template]),
    );
    const files = await t.database.db
      .selectFrom('document_files')
      .select(['document_id', 'field_key', 'size'])
      .execute();
    const loginAfms = new Set([...demoPersons, ...demoStaff].map((p) => p.afm));
    for (const row of rows) {
      expect(row.id, row.case_code).not.toBeNull();
      expect(row).toMatchObject({
        state: 'issued',
        step: 'issued',
        reference_code: row.case_code,
        case_id: row.case_number,
        template_refname: row.case_template,
        citizen_afm: row.afm,
      });
      expect(new Date(row.issued_at ?? 0).getTime()).toBe(new Date(row.received_at).getTime());
      // Kept for years: the retention job does not empty the demo.
      expect(new Date(row.retention_until ?? 0).getTime()).toBeGreaterThan(
        Date.now() + 365 * 864e5,
      );
      // Owned by a user of the case's citizen, whom the registry does not know (no login).
      expect(`${row.firstname} ${row.surname}`).toBe(row.citizen_name);
      expect(loginAfms.has(row.afm ?? ''), row.afm ?? '').toBe(false);
      const values = row.values ?? {};
      expect(values.afm).toBe(row.afm);
      expect(row.digest).toBe(computeDigest({ values, recipient: row.recipient, step: 'issued' }));
      const template = templates.get(row.template_refname ?? '');
      expect(template, row.template_refname ?? '').toBeDefined();
      if (!template) continue;
      expect(row.template_version).toBe(template.version);
      // What the server checks when each step is sent, all steps at once, on the day of issue.
      const fields: StepField[] = template.fields.map((field) => ({ ...field, editable: true }));
      const rules: TemplateRuleRef[] = template.steps_spec.steps.flatMap((step) => step.rules);
      const attachments: Record<string, { size: number }[]> = {};
      for (const file of files.filter((f) => f.document_id === row.id)) {
        (attachments[file.field_key] ??= []).push({ size: file.size });
      }
      const errors = validateValues(fields, values, rules, {
        now: new Date(row.issued_at ?? 0),
        attachments,
      });
      expect(errors, `${row.case_code} ${template.refname}`).toEqual([]);
    }
  });

  it('show their document, its PDF, attachments and history to the entity’s staff', async () => {
    const heads = {
      DIMOS_ATHINAION: '100000040',
      DIMOS_THESSALONIKIS: '100000088',
      EFKA: '100000107',
      AADE: '100000119',
    };
    const seenTemplates = new Set<string>();
    for (const [codename, afm] of Object.entries(heads)) {
      const token = await loginStaff(t, afm);
      const entity = await t.database.db
        .selectFrom('entities')
        .select('id')
        .where('codename', '=', codename)
        .executeTakeFirstOrThrow();
      const cases = await t.database.db
        .selectFrom('inbox_entries')
        .select(['id', 'document_id', 'citizen_name', 'template_refname'])
        .where('entity_id', '=', entity.id)
        .where('reference_code', 'like', 'DEMO%')
        .orderBy('case_id')
        .execute();
      expect(cases.length).toBeGreaterThan(0);
      for (const entry of cases) {
        const base = `/api/entity/${entity.id}/inbox/${entry.id}`;
        const page = await api<{ data: CaseDetail }>('GET', base, { token });
        expect(page.status).toBe(200);
        const { document } = page.body.data;
        expect(document).toMatchObject({ id: entry.document_id, state: 'issued' });
        const shown = document.statements.map((s) => s.value).join('\n');
        for (const name of (entry.citizen_name ?? '').split(' ')) expect(shown).toContain(name);
        if (seenTemplates.has(entry.template_refname)) continue;
        // One case of each template, further: its sealed PDF, the ZIP, an attachment, history.
        seenTemplates.add(entry.template_refname);
        const link = await api<Download>('POST', `${base}/pdf/token`, { token });
        expect(link.status).toBe(200);
        const pdf = await t.app.inject({ method: 'GET', url: link.body.download_url });
        expect(pdf.statusCode).toBe(200);
        expect(pdf.headers['content-type']).toBe('application/pdf');
        expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
        // Made once: the next download is the same file, byte for byte.
        const again = await api<Download>('POST', `${base}/pdf/token`, { token });
        const second = await t.app.inject({ method: 'GET', url: again.body.download_url });
        expect(second.rawPayload.equals(pdf.rawPayload)).toBe(true);
        // Sealed as an issued PDF is: the public file check knows it.
        const checked = await t.app.inject({
          method: 'POST',
          url: '/api/validation/file',
          ...pdfPart(pdf.rawPayload),
        });
        expect(checked.statusCode).toBe(200);
        expect(checked.json().data.result).toBe('authentic');
        const zipLink = await api<Download>('POST', `${base}/zip/token`, { token });
        expect(zipLink.status).toBe(200);
        const zip = await t.app.inject({ method: 'GET', url: zipLink.body.download_url });
        const names = Object.keys(unzipSync(new Uint8Array(zip.rawPayload)));
        expect(names).toContain('manifest.json');
        expect(names.some((name) => name.endsWith('.pdf') && !name.includes('/'))).toBe(true);
        for (const attachment of document.attachments) {
          const fileLink = await api<Download>(
            'POST',
            `${base}/attachments/${attachment.index}/token`,
            { token },
          );
          expect(fileLink.status).toBe(200);
          const file = await t.app.inject({ method: 'GET', url: fileLink.body.download_url });
          expect(file.statusCode).toBe(200);
          expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
        }
        const history = await api<{ data: { action: string }[] }>(
          'GET',
          `${base}/document-history`,
          { token },
        );
        expect(history.status).toBe(200);
        expect(history.body.data.map((event) => event.action)).toEqual(
          expect.arrayContaining(['create', 'issued']),
        );
      }
    }
    expect([...seenTemplates].sort()).toEqual([
      'application-attachments',
      'authorisation',
      'id-loss-declaration',
      'school-trip-consent',
      'solemn-declaration',
    ]);
  });

  it('are not found by the public validation of their code, without an error', async () => {
    const answer = await api<ErrorBody>('POST', '/api/validation/document', {
      json: { 'document-id': 'DEMO0000DIMO' },
    });
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe('document_not_found');
  });
});
