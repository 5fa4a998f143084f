import { apiErrorSchema, type ApiDocument } from '@dilosi/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../src/lib/input-hygiene';
import { seedDemoCases } from '../../src/seed/demo-cases';
import { loginAs } from '../fixtures/citizens';
import { entityId } from '../fixtures/entities';
import { multipart } from '../fixtures/http';
import { loginStaff } from '../fixtures/staff';
import { createTestApp, type TestApp } from '../helpers';

type InvalidFields = { invalid_field: string; error_info: { code: string } }[];

/**
 * Bad input the outside probe found answering 500 (issue #10), and the limits that keep it out:
 * each answer is a 4xx in the API's error shape.
 */
describe('malformed input', () => {
  let t: TestApp;
  let maria: string;

  beforeAll(async () => {
    t = await createTestApp({
      env: { RATE_LIMIT_MAX: '100000', VALIDATION_RATE_LIMIT_MAX: '100000' },
    });
    maria = await loginAs(t, '100000015');
  });
  afterAll(async () => {
    await t.close();
  });

  /** The answer, checked to be a refusal in the one error shape. */
  const refused = async (options: InjectOptions) => {
    const response = await t.app.inject(options);
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, response.body).toBeLessThan(500);
    const body = apiErrorSchema.parse(response.json());
    return { status: response.statusCode, error: body.error };
  };
  const auth = () => ({ authorization: `Bearer ${maria}` });
  const createDraft = async (): Promise<ApiDocument> => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/my-declarations/',
      headers: auth(),
      payload: { document: { template: 'solemn-declaration', statements: {} } },
    });
    expect(response.statusCode).toBe(201);
    return (response.json() as { data: { document: ApiDocument } }).data.document;
  };
  const storedValues = async (id: string) =>
    (
      await t.database.db
        .selectFrom('documents')
        .select('values')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).values;
  const fieldsOf = (error: { data?: Record<string, unknown> }) =>
    (error.data?.invalid_fields as InvalidFields).map((f) => [f.invalid_field, f.error_info.code]);

  describe('multipart bodies', () => {
    const json = JSON.stringify({ document: { template: 'solemn-declaration', statements: {} } });
    const part = (boundary: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="json"\r\n\r\n${json}\r\n`;
    const skipped = (boundary: string, header: string) =>
      `--${boundary}\r\n${header}\r\n\r\n${'{"a":'.repeat(8000)}\r\n--${boundary}--\r\n`;
    const pdfPart = (boundary: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n%PDF-1.7\n';

    const cases: Array<[string, string, string]> = [
      ['without a boundary', 'multipart/form-data', part('x')],
      ['with an empty boundary', 'multipart/form-data; boundary=', part('x')],
      [
        'with a boundary over 256 characters',
        `multipart/form-data; boundary=${'b'.repeat(300)}`,
        part('b'.repeat(300)),
      ],
      [
        'with another boundary than the header',
        'multipart/form-data; boundary=header',
        `${part('body')}--body--\r\n`,
      ],
      ['cut short', 'multipart/form-data; boundary=cut', `${part('cut')}--cut\r\nContent-Disp`],
      [
        'cut short in the headers',
        'multipart/form-data; boundary=cut',
        '--cut\r\nContent-Disposition: form-da',
      ],
      // Parts busboy skips, larger than its 16 KiB part buffer and sent in one chunk: they used
      // to leave the parser paused for ever, the request without an answer (found by the fuzz).
      [
        'with a 40 KB part without a Content-Disposition',
        'multipart/form-data; boundary=s',
        skipped('s', 'Content-Type: text/plain'),
      ],
      [
        'with a 40 KB part whose file name holds a bare line break',
        'multipart/form-data; boundary=s',
        skipped('s', 'Content-Disposition: form-data; name="json"; filename="\nap"'),
      ],
    ];

    it.each(cases)('on create, %s: 400 invalid_request', async (_name, type, payload) => {
      const { status, error } = await refused({
        method: 'POST',
        url: '/api/my-declarations/',
        headers: { ...auth(), 'content-type': type },
        payload,
      });
      expect([status, error.code]).toEqual([400, 'invalid_request']);
    });

    it.each(cases)('on update, %s: 400, the draft unchanged', async (_name, type, payload) => {
      const draft = await createDraft();
      const before = await storedValues(draft.id);
      const { status, error } = await refused({
        method: 'POST',
        url: `/api/my-declarations/${draft.id}`,
        headers: { ...auth(), 'content-type': type },
        payload,
      });
      expect([status, error.code]).toEqual([400, 'invalid_request']);
      expect(await storedValues(draft.id)).toEqual(before);
    });

    it.each([
      ['without a boundary', 'multipart/form-data', pdfPart('x')],
      ['with another boundary than the header', 'multipart/form-data; boundary=a', pdfPart('b')],
      ['cut short', 'multipart/form-data; boundary=cut', pdfPart('cut')],
      [
        'with a 40 KB skipped part',
        'multipart/form-data; boundary=s',
        skipped('s', 'Content-Type: text/plain'),
      ],
    ])('on the public file check, %s: 400 invalid_request', async (_name, type, payload) => {
      const { status, error } = await refused({
        method: 'POST',
        url: '/api/validation/file',
        headers: { 'content-type': type },
        payload,
      });
      expect([status, error.code]).toEqual([400, 'invalid_request']);
    });

    it('more parts than allowed: 413 payload_too_large', async () => {
      const boundary = 'many';
      const parts = Array.from(
        { length: 30 },
        (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`,
      ).join('');
      const { status, error } = await refused({
        method: 'POST',
        url: '/api/my-declarations/',
        headers: { ...auth(), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `${parts}--${boundary}--\r\n`,
      });
      expect([status, error.code]).toEqual([413, 'payload_too_large']);
    });
  });

  describe('text with U+0000 or a lone surrogate', () => {
    it('in a statement value: 400 text_invalid_characters, nothing saved', async () => {
      const draft = await createDraft();
      const before = await storedValues(draft.id);
      const { status, error } = await refused({
        method: 'POST',
        url: `/api/my-declarations/${draft.id}`,
        headers: auth(),
        payload: { document: { statements: { statement: 'Δηλώνω\u0000ότι' } } },
      });
      expect([status, error.code]).toEqual([400, 'text_invalid_characters']);
      expect(fieldsOf(error)).toEqual([
        ['document.statements.statement', 'text_invalid_characters'],
      ]);
      expect(await storedValues(draft.id)).toEqual(before);
    });

    it('in actor.caller_authorization_id: 400, no document created', async () => {
      const count = async () =>
        Number(
          (
            await t.database.db
              .selectFrom('documents')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const { status, error } = await refused({
        method: 'POST',
        url: '/api/my-declarations/',
        headers: auth(),
        payload: {
          document: { template: 'solemn-declaration', statements: {} },
          actor: { caller_authorization_id: 'abc\u0000' },
        },
      });
      expect([status, error.code]).toEqual([400, 'text_invalid_characters']);
      expect(fieldsOf(error)).toEqual([
        ['actor.caller_authorization_id', 'text_invalid_characters'],
      ]);
      expect(await count()).toBe(before);
    });

    it('a lone surrogate in a statement, as a JSON escape: 400, in the asked language', async () => {
      const draft = await createDraft();
      const { status, error } = await refused({
        method: 'POST',
        url: `/api/my-declarations/${draft.id}?lang=en`,
        headers: { ...auth(), 'content-type': 'application/json' },
        payload: '{"document":{"statements":{"statement":"a\\ud800b"}}}',
      });
      expect([status, error.code]).toEqual([400, 'text_invalid_characters']);
      expect(error.message).toBe('The text contains characters that are not allowed.');
    });

    it('a pair of surrogates (an emoji) is text like any other', async () => {
      const draft = await createDraft();
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/my-declarations/${draft.id}`,
        headers: { ...auth(), 'content-type': 'application/json' },
        payload: '{"document":{"statements":{"statement":"Δηλώνω \\ud83d\\ude00"}}}',
      });
      expect(response.statusCode, response.body).toBe(200);
    });

    it('in an object key of the body: 400', async () => {
      const draft = await createDraft();
      const { status, error } = await refused({
        method: 'POST',
        url: `/api/my-declarations/${draft.id}`,
        headers: auth(),
        payload: { document: { statements: { 'x\u0000': 'y' } } },
      });
      expect([status, error.code]).toEqual([400, 'text_invalid_characters']);
    });

    it('in the json part of a multipart body: 400, the draft unchanged', async () => {
      const draft = await createDraft();
      const before = await storedValues(draft.id);
      const body = multipart(null, [], {
        rawJson: '{"document":{"statements":{"statement":"a\\u0000b"}}}',
      });
      const { status, error } = await refused({
        method: 'POST',
        url: `/api/my-declarations/${draft.id}`,
        headers: { ...auth(), ...body.headers },
        payload: body.payload,
      });
      expect([status, error.code]).toEqual([400, 'text_invalid_characters']);
      expect(await storedValues(draft.id)).toEqual(before);
    });

    it('in a query string or a path parameter: 400, also on public routes', async () => {
      for (const url of [
        '/api/templates?q=ab%00cd',
        '/api/templates/solemn%00declaration',
        '/api/validation/contexts/a%00',
        '/api/recipients?q=%00%00%00',
        '/api/my-declarations/%00',
        '/api/citizen-declarations?draft=true&x=%00',
      ]) {
        const { status, error } = await refused({ method: 'GET', url, headers: auth() });
        expect([url, status, error.code]).toEqual([url, 400, 'text_invalid_characters']);
      }
    });

    it('in the public validation request: 400', async () => {
      const { status, error } = await refused({
        method: 'POST',
        url: '/api/validation/document',
        headers: { 'content-type': 'application/json' },
        payload: '{"document-id":"\\udfff"}',
      });
      expect([status, error.code]).toEqual([400, 'text_invalid_characters']);
    });

    it('a URL the router cannot decode: 400 in the error shape', async () => {
      for (const url of [
        '/api/my-declarations/%ED%A0%80',
        '/api/templates/%E0%A4%A',
        '/api/templates/%',
      ]) {
        const { status, error } = await refused({ method: 'GET', url, headers: auth() });
        expect([url, status, error.code]).toEqual([url, 400, 'invalid_request']);
      }
    });

    it('a path parameter longer than the router allows: 4xx in the error shape', async () => {
      await refused({ method: 'GET', url: `/api/templates/${'a'.repeat(5000)}` });
      await refused({
        method: 'GET',
        url: `/api/my-declarations/${'%F0%9F%98%80'.repeat(500)}`,
        headers: auth(),
      });
    });
  });

  describe('JSON depth and size', () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

    it.each([
      ['create', 'POST', '/api/my-declarations/', true],
      ['update', 'POST', '/api/my-declarations/{id}', true],
      ['action', 'POST', '/api/my-declarations/{id}/action', true],
      ['public validation', 'POST', '/api/validation/document', false],
    ] as const)(
      '5,000 levels deep on %s: 400 invalid_json',
      async (_name, method, path, withAuth) => {
        const draft = await createDraft();
        const { status, error } = await refused({
          method,
          url: path.replace('{id}', draft.id),
          headers: { ...(withAuth ? auth() : {}), 'content-type': 'application/json' },
          payload: `{"document":{"statements":{"statement":${nested(5000)}}},"arguments":${nested(5000)}}`,
        });
        expect([status, error.code]).toEqual([400, 'invalid_json']);
      },
    );

    it('a million levels: 400 invalid_json, no stack overflow', async () => {
      const { status, error } = await refused({
        method: 'POST',
        url: '/api/validation/document',
        headers: { 'content-type': 'application/json' },
        payload: nested(500_000),
      });
      expect([status, error.code]).toEqual([400, 'invalid_json']);
    });

    it(`up to ${MAX_JSON_DEPTH} levels is JSON the routes judge for themselves`, async () => {
      const draft = await createDraft();
      // The body's own two levels and the statements object, then the value.
      const value = nested(MAX_JSON_DEPTH - 3);
      const { status, error } = await refused({
        method: 'POST',
        url: `/api/my-declarations/${draft.id}`,
        headers: { ...auth(), 'content-type': 'application/json' },
        payload: `{"document":{"statements":{"statement":${value}}}}`,
      });
      expect([status, error.code]).toEqual([400, 'invalid_fields']);
    });

    it('deep nesting in the json part of a multipart body: 400 invalid_json', async () => {
      const draft = await createDraft();
      const body = multipart(null, [], {
        rawJson: `{"document":{"statements":{"statement":${nested(5000)}}}}`,
      });
      const { status, error } = await refused({
        method: 'POST',
        url: `/api/my-declarations/${draft.id}`,
        headers: { ...auth(), ...body.headers },
        payload: body.payload,
      });
      expect([status, error.code]).toEqual([400, 'invalid_json']);
    });

    const typedJsonPart = (boundary: string, jsonText: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="json"\r\n` +
      `Content-Type: application/json\r\n\r\n${jsonText}\r\n--${boundary}--\r\n`;

    it('a json part sent as application/json is read like a plain one', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/my-declarations/',
        headers: { ...auth(), 'content-type': 'multipart/form-data; boundary=typed' },
        payload: typedJsonPart(
          'typed',
          JSON.stringify({ document: { template: 'solemn-declaration', statements: {} } }),
        ),
      });
      expect(response.statusCode, response.body).toBe(201);
    });

    it('deep nesting in a json part sent as application/json: a 4xx, not a stack overflow', async () => {
      const draft = await createDraft();
      const before = await storedValues(draft.id);
      const { status } = await refused({
        method: 'POST',
        url: `/api/my-declarations/${draft.id}`,
        headers: { ...auth(), 'content-type': 'multipart/form-data; boundary=deep' },
        payload: typedJsonPart(
          'deep',
          `{"document":{"statements":{"statement":${nested(20_000)}}}}`,
        ),
      });
      expect(status).toBe(400);
      expect(await storedValues(draft.id)).toEqual(before);
    });

    it('a JSON body over 1 MiB: 413 payload_too_large', async () => {
      const { status, error } = await refused({
        method: 'POST',
        url: '/api/validation/document',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ 'document-id': 'x'.repeat(1_100_000) }),
      });
      expect([status, error.code]).toEqual([413, 'payload_too_large']);
    });
  });

  describe('dashboard queries (issue #31)', () => {
    let clerk: string;
    let athens: string;
    let caseId: string;
    const asClerk = () => ({ authorization: `Bearer ${clerk}` });

    beforeAll(async () => {
      await seedDemoCases(t.database);
      clerk = await loginStaff(t, '100000052');
      athens = await entityId(t, 'DIMOS_ATHINAION');
      ({ id: caseId } = await t.database.db
        .selectFrom('inbox_entries')
        .select('id')
        .where('entity_id', '=', athens)
        .limit(1)
        .executeTakeFirstOrThrow());
    });

    it.each(['not-a-uuid', '1', "' or 1=1 --", '00000000-0000-0000-0000-00000000000g', '%20'])(
      'active-clerk-permissions?user_id=%s: 400 invalid_request naming user_id',
      async (userId) => {
        const { status, error } = await refused({
          method: 'GET',
          url: `/api/entities/${athens}/active-clerk-permissions?user_id=${encodeURIComponent(userId)}`,
          headers: asClerk(),
        });
        expect([status, error.code]).toEqual([400, 'invalid_request']);
        expect(fieldsOf(error).map(([field]) => field)).toEqual(['user_id']);
      },
    );

    it('active-clerk-permissions with a user id in either case answers that clerk', async () => {
      const { id } = await t.database.db
        .selectFrom('users')
        .select('id')
        .where('afm', '=', '100000052')
        .executeTakeFirstOrThrow();
      for (const userId of [id, id.toUpperCase()]) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/entities/${athens}/active-clerk-permissions?user_id=${userId}`,
          headers: asClerk(),
        });
        expect(response.statusCode, response.body).toBe(200);
        const { data } = response.json() as { data: { user_id: string }[] };
        expect(data.map((p) => p.user_id)).toEqual([id]);
      }
    });

    const lists = () => [
      `/api/entity/${athens}/inbox`,
      `/api/entity/${athens}/inbox/${caseId}/neighbours`,
      `/api/entity/${athens}/inbox/export.csv`,
    ];

    it.each([
      ['date_from', '2026-13-45'],
      ['date_from', '2026-02-30'],
      ['date_to', '2026-02-30'],
      ['date_to', '2025-02-29'],
      ['date_to', '2026-04-31'],
      ['date_from', '0000-01-01'],
      ['date_to', '2026-00-10'],
    ])(
      '%s=%s on the inbox, its neighbours and its export: 400 before any row',
      async (name, day) => {
        for (const path of lists()) {
          const { status, error } = await refused({
            method: 'GET',
            url: `${path}?${name}=${day}`,
            headers: asClerk(),
          });
          expect([path, status, error.code]).toEqual([path, 400, 'invalid_request']);
          expect(fieldsOf(error).map(([field]) => field)).toEqual([name]);
        }
      },
    );

    it('real days, a leap day among them, are filters like any other', async () => {
      for (const path of lists()) {
        const response = await t.app.inject({
          method: 'GET',
          url: `${path}?date_from=2024-02-29&date_to=2026-12-31`,
          headers: asClerk(),
        });
        expect(response.statusCode, `${path} ${response.body}`).toBe(200);
      }
    });
  });

  describe('control characters in an attachment file name (issue #31)', () => {
    const pdf = (filename: string) => ({
      name: 'file__main_document',
      filename,
      contentType: 'application/pdf',
      bytes: Buffer.from('%PDF-1.7\n%%EOF\n'),
    });

    it.each([
      ['U+0000', 'a\u0000b.pdf'],
      ['U+0000 alone', '\u0000'],
      ['a bell', 'a\u0007.pdf'],
      ['an escape', '\u001b[31mred.pdf'],
      ['a DEL', 'a\u007f.pdf'],
      ['a C1 control', 'a\u0085b.pdf'],
    ])(
      '%s: 400 text_invalid_characters naming the field, nothing created',
      async (_n, filename) => {
        const count = async () =>
          Number(
            (
              await t.database.db
                .selectFrom('documents')
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          );
        const before = await count();
        const body = multipart(
          { document: { template: 'application-attachments', statements: {} } },
          [pdf(filename)],
        );
        const { status, error } = await refused({
          method: 'POST',
          url: '/api/my-declarations/',
          headers: { ...auth(), ...body.headers },
          payload: body.payload,
        });
        expect([status, error.code]).toEqual([400, 'text_invalid_characters']);
        expect(fieldsOf(error)).toEqual([['main_document', 'text_invalid_characters']]);
        expect(await count()).toBe(before);
      },
    );
  });

  it('the built-in identity provider (HTML pages, outside the fuzzed API) answers junk with 4xx', async () => {
    for (const options of [
      { method: 'GET', url: '/idp/auth?client_id=%00&redirect_uri=%ED%A0%80' },
      { method: 'GET', url: `/idp/auth?${'a=b&'.repeat(2000)}` },
      {
        method: 'POST',
        url: '/idp/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=%00&code=\u0000',
      },
      {
        method: 'POST',
        url: '/idp/token',
        headers: { 'content-type': 'multipart/form-data' },
        payload: 'x',
      },
      { method: 'GET', url: '/idp/interaction/%00' },
      { method: 'GET', url: '/idp/interaction/unknown' },
      {
        method: 'POST',
        url: '/idp/interaction/unknown/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `afm=%00&x=${'y'.repeat(20_000)}`,
      },
      {
        method: 'POST',
        url: '/idp/interaction/unknown/login',
        headers: { 'content-type': 'application/json' },
        payload: '[[[[',
      },
      { method: 'POST', url: '/idp/interaction/unknown/abort' },
      { method: 'GET', url: '/idp/me', headers: { authorization: 'Bearer \u00ff' } },
    ] as InjectOptions[]) {
      const response = await t.app.inject(options);
      expect([options.url, response.statusCode >= 400 && response.statusCode < 500]).toEqual([
        options.url,
        true,
      ]);
    }
  });

  describe('e-mail arguments of document actions', () => {
    /** A declaration at its preview step, marked issued (issuance has tests of its own). */
    const issued = async () => {
      const draft = await createDraft();
      for (const statements of [
        { statement: 'Όλα τα στοιχεία είναι αληθή.' },
        { recipient: { type: 'entity', codename: 'EFKA', name: { el: 'x', en: 'x', fr: 'x' } } },
      ]) {
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/my-declarations/${draft.id}`,
          headers: auth(),
          payload: { document: { statements } },
        });
        expect(response.statusCode, response.body).toBe(200);
      }
      await t.database.db
        .updateTable('documents')
        .set({ state: 'issued', step: 'issued', reference_code: null })
        .where('id', '=', draft.id)
        .execute();
      return draft.id;
    };
    const outboxCount = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('outbox')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    it.each([
      ['send-document-link', '   ', 'email_invalid'],
      ['send-document-link', ' \t\n ', 'email_invalid'],
      ['send-document-link', 'not an address', 'email_invalid'],
      ['send-document-link', 42, 'email_invalid'],
      ['send-document-link', 'a@', 'email_invalid'],
      ['send-document-link', ['x@example.gr'], 'email_invalid'],
    ])('%s with email %j: 400 invalid_fields, nothing sent', async (action, email, code) => {
      const id = await issued();
      const before = await outboxCount();
      const { status, error } = await refused({
        method: 'POST',
        url: `/api/my-declarations/${id}/action`,
        headers: auth(),
        payload: { action, arguments: { method: 'email', email } },
      });
      expect([status, error.code]).toEqual([400, 'invalid_fields']);
      expect(fieldsOf(error)).toEqual([['email', code]]);
      expect(await outboxCount()).toBe(before);
    });

    it("email without an address goes to the citizen's own", async () => {
      const id = await issued();
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/my-declarations/${id}/action`,
        headers: auth(),
        payload: { action: 'send-document-link', arguments: { method: 'email' } },
      });
      expect(response.statusCode, response.body).toBe(200);
      const sent = await t.database.db
        .selectFrom('outbox')
        .select('recipient')
        .where('document_id', '=', id)
        .execute();
      const maria = await t.database.db
        .selectFrom('persons')
        .select('email')
        .where('afm', '=', '100000015')
        .executeTakeFirstOrThrow();
      expect(sent.map((row) => row.recipient)).toEqual([maria.email]);
    });

    it('a valid address around spaces is sent, trimmed', async () => {
      const id = await issued();
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/my-declarations/${id}/action`,
        headers: auth(),
        payload: {
          action: 'send-document-link',
          arguments: { method: 'email', email: '  nikos@example.gr ' },
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      const sent = await t.database.db
        .selectFrom('outbox')
        .select('recipient')
        .where('document_id', '=', id)
        .execute();
      expect(sent.map((row) => row.recipient)).toEqual(['nikos@example.gr']);
    });
  });
});
