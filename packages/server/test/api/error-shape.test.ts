import { apiErrorSchema } from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { entityId } from '../fixtures/entities';
import { client } from '../fixtures/http';
import { issueToAthens } from '../fixtures/issued-documents';
import { startMatrixApp, type Caller } from '../fixtures/matrix';

type ErrorAnswer = {
  error: { code: string; message: string; data?: Record<string, unknown> };
  errors: { message: string; code: string; meta: Record<string, unknown> }[];
  'user-message': { el: string; en: string };
};

/**
 * Both forms of an error (spec sections 3 and 7, issue #34): `error` with code and message, the
 * list `errors` (message, code, meta), and `user-message` in Greek and English whatever the
 * request's language. Answers the body for the test's own checks.
 */
function expectBothForms(
  response: { status: number; body: unknown },
  status: number,
  code: string,
): ErrorAnswer {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  const body = response.body as ErrorAnswer;
  expect(apiErrorSchema.safeParse(body).success).toBe(true);
  expect(body.error.code).toBe(code);
  expect(body.error.message).not.toBe('');
  expect(body.errors.length).toBeGreaterThan(0);
  for (const entry of body.errors) {
    expect(typeof entry.message).toBe('string');
    expect(entry.message).not.toBe('');
    expect(typeof entry.code).toBe('string');
    expect(entry.meta).toBeTypeOf('object');
  }
  // Greek letters in the Greek text, none in the English one.
  expect(body['user-message'].el).toMatch(/[Α-Ωα-ωά-ώ]/);
  expect(body['user-message'].en).not.toMatch(/[Α-Ωα-ωά-ώ]/);
  expect(body['user-message'].en).not.toBe('');
  return body;
}

describe('the error answer carries the spec list form and user-message', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let tokens: Record<Caller, string | undefined>;
  beforeAll(async () => {
    ({ t, api, tokens } = await startMatrixApp());
  });
  afterAll(async () => {
    await t.close();
  });

  it('400 with invalid fields: one entry per field, its field in meta.field', async () => {
    const response = await api('POST', '/api/validation/document', {
      json: { 'document-id': 5, context: ['x'] },
    });
    const body = expectBothForms(response, 400, 'invalid_request');
    const invalid = (body.error.data?.invalid_fields ?? []) as { invalid_field: string }[];
    expect(invalid.length).toBeGreaterThanOrEqual(1);
    expect(body.errors).toHaveLength(invalid.length);
    expect(body.errors.map((entry) => entry.meta.field)).toEqual(
      invalid.map((field) => field.invalid_field),
    );
    expect(body.errors.map((entry) => entry.meta.field)).toContain('document-id');
  });

  it('401 without a session', async () => {
    const body = expectBothForms(await api('GET', '/api/users/me'), 401, 'no_authentication_token');
    expect(body.errors).toEqual([
      { code: 'no_authentication_token', message: body.error.message, meta: {} },
    ]);
  });

  it('403 for a citizen at an entity inbox', async () => {
    const athens = await entityId(t, 'DIMOS_ATHINAION');
    const response = await api('GET', `/api/entity/${athens}/inbox`, { token: tokens.citizenA });
    expectBothForms(response, 403, 'permission_denied');
  });

  it('404, in English when asked, user-message still in both languages', async () => {
    const response = await api('GET', `/api/my-declarations/${crypto.randomUUID()}`, {
      token: tokens.citizenA,
      headers: { 'accept-language': 'en' },
    });
    const body = expectBothForms(response, 404, 'document_api__declaration_not_found');
    expect(body.error.message).toBe(body['user-message'].en);
    expect(body.errors[0]?.message).toBe(body['user-message'].en);
  });

  it('404 of an unknown route, Greek by default', async () => {
    const body = expectBothForms(await api('GET', '/api/no/such/route'), 404, 'route_not_found');
    expect(body.error.message).toBe(body['user-message'].el);
  });

  it('409 for a move the document machine refuses', async () => {
    const { id } = await issueToAthens(t, api, tokens.citizenA);
    const response = await api('DELETE', `/api/my-declarations/${id}`, { token: tokens.citizenA });
    expectBothForms(response, 409, 'action_not_allowed_on_state');
  });

  it('413 for a body over the limit', async () => {
    const response = await api('POST', '/api/validation/document', {
      json: { 'document-id': 'x'.repeat(2_000_000) },
    });
    expectBothForms(response, 413, 'payload_too_large');
  });

  it('400 invalid_json for malformed JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/validation/document',
      headers: { 'content-type': 'application/json' },
      payload: '{"document-id": ',
    });
    expectBothForms({ status: response.statusCode, body: response.json() }, 400, 'invalid_json');
  });
});

describe('the rate limit answers in both forms', () => {
  it('429 rate_limited, with retry_after_ms in the entry meta', async () => {
    const t = await createTestApp({ seed: false, env: { RATE_LIMIT_MAX: '2' } });
    try {
      const api = client(t.app);
      let last = await api('GET', '/api/appconfig/');
      for (let i = 0; i < 3; i += 1) last = await api('GET', '/api/appconfig/');
      const body = expectBothForms(last, 429, 'rate_limited');
      expect(body.errors[0]?.meta.retry_after_ms).toBeTypeOf('number');
    } finally {
      await t.close();
    }
  });
});
