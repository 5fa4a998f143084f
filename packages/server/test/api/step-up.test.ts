import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../src/clock';
import { loginAs } from '../fixtures/citizens';
import { client, type ErrorBody } from '../fixtures/http';
import {
  expectMatrix,
  loginMatrix,
  MATRIX_CALLERS,
  MOBILE_A,
  RELAXED_LIMITS,
} from '../fixtures/matrix';
import { createTestApp, type TestApp } from '../helpers';
import { LOGIN_TEMPLATES_DIR } from '../fixtures/login-templates';

type DocumentAnswer = {
  data: { document: { id: string; step_name: string; step_info: { step_up?: unknown } } };
};

/** Issue #37: a template marked step_up waits for a fresh SMS code of the session. */
describe('step-up (2FA)', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { ...RELAXED_LIMITS, TEMPLATES_DIR: LOGIN_TEMPLATES_DIR } });
    api = client(t.app);
    token = await loginAs(t, '100000015', { certifiedMobile: MOBILE_A });
  });
  afterAll(async () => t?.close());
  afterEach(() => clock.reset());

  async function lastCode(): Promise<string> {
    const sms = await t.database.db
      .selectFrom('outbox')
      .select('body')
      .where('message_key', '=', 'otp_sms')
      .where('document_id', 'is', null)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const code = /\b(\d{6})\b/.exec(sms.body)?.[1];
    if (!code) throw new Error('no code in the SMS');
    return code;
  }

  const send = (as = token) =>
    api<ErrorBody & { data: { mobile: string } }>('POST', '/api/step-up', { token: as });
  const confirm = (code: string, as = token) =>
    api<ErrorBody & { data: { confirmed_at: string } }>('POST', '/api/step-up/confirm', {
      token: as,
      json: { code },
    });
  const saveStep = (id: string) =>
    api<DocumentAnswer & ErrorBody>('POST', `/api/my-declarations/${id}`, {
      token,
      json: { document: { statements: { purpose: 'δοκιμή' } } },
    });

  it('refuses the step until a fresh code is confirmed, then lets it go on', async () => {
    const created = await api<DocumentAnswer>('POST', '/api/my-declarations/', {
      token,
      json: { document: { template: 'test-step-up' } },
    });
    expect(created.status).toBe(201);
    const { id, step_info } = created.body.data.document;
    expect(step_info.step_up).toEqual({ max_age_minutes: 5 });

    const refused = await saveStep(id);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('action_required');
    expect(refused.body.error.data).toEqual({ action: { name: 'step_up', url: '/api/step-up' } });

    const sent = await send();
    expect(sent.status).toBe(200);
    expect(sent.body.data.mobile).toBe('69******78');
    const confirmed = await confirm(await lastCode());
    expect(confirmed.status).toBe(200);

    const saved = await saveStep(id);
    expect(saved.status).toBe(200);
    expect(saved.body.data.document.step_name).toBe('preview');

    // Five minutes later the second factor is no longer fresh.
    clock.advance(5 * 60_000 + 1_000);
    const back = await api('POST', `/api/my-declarations/${id}/backstep`, { token });
    expect(back.status).toBe(200);
    const stale = await saveStep(id);
    expect(stale.status).toBe(403);
    expect(stale.body.error.code).toBe('action_required');
  });

  it('a wrong code is refused with the attempts left', async () => {
    token = await loginAs(t, '100000015', { certifiedMobile: MOBILE_A });
    expect((await send()).status).toBe(200);
    const right = await lastCode();
    const wrong = right === '000000' ? '111111' : '000000';
    const refused = await confirm(wrong);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('otp_invalid');
    expect(refused.body.error.data?.remaining_attempts).toBe(4);
    expect((await confirm('12a')).body.error.code).toBe('invalid_fields');
  });

  it('a used code does not work twice', async () => {
    token = await loginAs(t, '100000015', { certifiedMobile: MOBILE_A });
    expect((await send()).status).toBe(200);
    const code = await lastCode();
    expect((await confirm(code)).status).toBe(200);
    const reused = await confirm(code);
    expect(reused.status).toBe(400);
    expect(reused.body.error.code).toBe('otp_expired');
  });

  it('an expired code is refused', async () => {
    token = await loginAs(t, '100000015', { certifiedMobile: MOBILE_A });
    expect((await send()).status).toBe(200);
    const code = await lastCode();
    clock.advance(301_000);
    const expired = await confirm(code);
    expect(expired.status).toBe(400);
    expect(expired.body.error.code).toBe('otp_expired');
  });

  it('a code of one session does not confirm another', async () => {
    token = await loginAs(t, '100000015', { certifiedMobile: MOBILE_A });
    const other = await loginAs(t, '100000015', { certifiedMobile: MOBILE_A });
    expect((await send()).status).toBe(200);
    const refused = await confirm(await lastCode(), other);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('otp_expired');
  });

  it('asks again only after the resend interval (otp_already_sent)', async () => {
    token = await loginAs(t, '100000015', { certifiedMobile: MOBILE_A });
    expect((await send()).status).toBe(200);
    const again = await send();
    expect(again.status).toBe(429);
    expect(again.body.error.code).toBe('otp_already_sent');
  });

  it('joins the authorization matrix: a person with a certified mobile only', async () => {
    const tokens = await loginMatrix(t, { certifiedMobile: MOBILE_A });
    clock.advance(120_000);
    // Citizen B and the staff have no certified mobile (403 no_mobile); nobody logged in: 401.
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'POST',
      path: () => '/api/step-up',
      expected: [401, 'ok', 403, 403, 403, 403, 403],
    });
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'POST',
      path: () => '/api/step-up/confirm',
      json: () => ({ code: '000000' }),
      // Citizen A has a code waiting (a wrong one here); the others have none.
      expected: [401, 400, 400, 400, 400, 400, 400],
    });
  });
});
