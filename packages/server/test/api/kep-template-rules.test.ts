import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiDocument, InPersonCode } from '@dilosi/domain';
import { solveCaptcha, type CaptchaChallenge } from '../../src/modules/auth/captcha';
import { loginAnonymously } from '../fixtures/citizens';
import { client, type ErrorBody } from '../fixtures/http';
import { LOGIN_TEMPLATES_DIR } from '../fixtures/login-templates';
import { RELAXED_LIMITS } from '../fixtures/matrix';
import { createTestApp, type TestApp } from '../helpers';

type DocumentAnswer = { data: { document: ApiDocument } };
type TemplateAnswer = {
  data: { template: { captcha_required: boolean; anonymous_confirmation: string[] } };
};

/**
 * Issue #37, the two sides of a template's `anonymous_confirmation`: a template confirmed only
 * at a KEP needs no captcha and refuses the captcha's issuance (`in_person_required`); one
 * confirmed only by the captcha refuses the KEP (`in_person_not_allowed`).
 */
describe('a template’s anonymous confirmation: KEP only, captcha only', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let sessions = 0;

  beforeAll(async () => {
    t = await createTestApp({
      env: { ...RELAXED_LIMITS, TEMPLATES_DIR: LOGIN_TEMPLATES_DIR, CAPTCHA_MAX_NUMBER: '1000' },
    });
    api = client(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** An anonymous session's document of `template`, filled in and at its preview. */
  async function atPreview(template: string, captcha: boolean) {
    sessions += 1;
    const token = await loginAnonymously(t, `kep-rules-${sessions}`);
    const solved = captcha
      ? await solveCaptcha(
          (await t.app.inject({ method: 'GET', url: '/api/captcha' })).json<CaptchaChallenge>(),
        )
      : undefined;
    const created = await api<DocumentAnswer & ErrorBody>('POST', '/api/my-declarations/', {
      token,
      json: { document: { template, statements: {} }, ...(solved ? { captcha: solved } : {}) },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.document.id;
    const filled = await api<DocumentAnswer>('POST', `/api/my-declarations/${id}`, {
      token,
      json: { document: { statements: { purpose: 'δεν έχω άλλη δήλωση' } } },
    });
    expect(filled.status).toBe(200);
    expect(filled.body.data.document.step_name).toBe('preview');
    return { token, id };
  }

  const submit = (draft: { token: string; id: string }) =>
    api<DocumentAnswer & ErrorBody>('POST', `/api/my-declarations/${draft.id}`, {
      token: draft.token,
      json: { document: { statements: {} }, action: 'submit' },
    });
  const askKep = (draft: { token: string; id: string }) =>
    api<{ data: InPersonCode } & ErrorBody>('POST', `/api/my-declarations/${draft.id}/in-person`, {
      token: draft.token,
      json: {},
    });
  const stateOf = async (draft: { token: string; id: string }) =>
    (
      await api<DocumentAnswer>('GET', `/api/my-declarations/${draft.id}`, {
        token: draft.token,
      })
    ).body.data.document.state;

  it('publishes each template’s confirmations, and a captcha only where it is one', async () => {
    const kepOnly = await api<TemplateAnswer>('GET', '/api/templates/test-in-person-only');
    expect(kepOnly.body.data.template).toMatchObject({
      captcha_required: false,
      anonymous_confirmation: ['in_person'],
    });
    const captchaOnly = await api<TemplateAnswer>('GET', '/api/templates/test-captcha-only');
    expect(captchaOnly.body.data.template).toMatchObject({
      captcha_required: true,
      anonymous_confirmation: ['captcha'],
    });
  });

  it('confirms a KEP-only template only at a KEP: the captcha’s issuance is in_person_required', async () => {
    const draft = await atPreview('test-in-person-only', false);
    const refused = await submit(draft);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('in_person_required');
    expect(await stateOf(draft)).toBe('editing');

    const asked = await askKep(draft);
    expect(asked.status).toBe(201);
    expect(asked.body.data.state).toBe('pending');
    expect(await stateOf(draft)).toBe('requested');
  });

  it('refuses the KEP on a captcha-only template (in_person_not_allowed), which the captcha issues', async () => {
    const needsCaptcha = await api<ErrorBody>('POST', '/api/my-declarations/', {
      token: await loginAnonymously(t, 'kep-rules-no-captcha'),
      json: { document: { template: 'test-captcha-only', statements: {} } },
    });
    expect(needsCaptcha.status).toBe(400);
    expect(needsCaptcha.body.error.code).toBe('captcha_required');

    const draft = await atPreview('test-captcha-only', true);
    const refused = await askKep(draft);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('in_person_not_allowed');
    expect(await stateOf(draft)).toBe('editing');
    const none = await api<{ data: InPersonCode | null }>(
      'GET',
      `/api/my-declarations/${draft.id}/in-person`,
      { token: draft.token },
    );
    expect(none).toEqual({ status: 200, body: { data: null } });

    const issued = await submit(draft);
    expect(issued.status).toBe(200);
    expect(issued.body.data.document.state).toBe('issued');
  });

  it('an anonymous session started for one template reaches only that one', async () => {
    const token = await loginAnonymously(t, 'kep-rules-own-template', 'test-captcha-only');
    const own = await api('GET', '/api/templates/test-captcha-only', { token });
    expect(own.status).toBe(200);
    const other = await api<ErrorBody>('GET', '/api/templates/test-in-person-only', { token });
    expect(other.status).toBe(403);
    expect(other.body.error.code).toBe('anonymous_scope');
    const created = await api<ErrorBody>('POST', '/api/my-declarations/', {
      token,
      json: { document: { template: 'test-in-person-only', statements: {} } },
    });
    expect(created.status).toBe(403);
    expect(created.body.error.code).toBe('anonymous_scope');
    // Started without a template, a session may begin any anonymous one.
    const free = await loginAnonymously(t, 'kep-rules-any-template');
    expect((await api('GET', '/api/templates/test-in-person-only', { token: free })).status).toBe(
      200,
    );
  });
});
