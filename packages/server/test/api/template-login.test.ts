import { templateSchema } from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../fixtures/citizens';
import { client, type ErrorBody } from '../fixtures/http';
import { LOGIN_TEMPLATES_DIR } from '../fixtures/login-templates';
import { expectMatrix, loginMatrix, MATRIX_CALLERS, RELAXED_LIMITS } from '../fixtures/matrix';
import { createTestApp, type TestApp } from '../helpers';

type DocumentAnswer = {
  data: {
    document: {
      id: string;
      step_name: string;
      step_info: {
        loginURL?: string | null;
        requireMobileConsent?: boolean;
        consent_method?: string;
      };
    };
  };
};

/** Issue #37: a template's login endpoint, a step's loginURL and requireMobileConsent. */
describe('per-template and per-step login', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let bankToken: string;
  let gsisToken: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { ...RELAXED_LIMITS, TEMPLATES_DIR: LOGIN_TEMPLATES_DIR } });
    api = client(t.app);
    // Maria logs in with her bank (certified mobile); Nikos with the tax authority, no mobile.
    bankToken = await loginAs(t, '100000015', { certifiedMobile: '6912345678' });
    gsisToken = await loginAs(t, '100000027');
  });
  afterAll(async () => t?.close());

  const start = (url: string) => t.app.inject({ method: 'GET', url });

  it('publishes the template’s login endpoint and the login start takes the citizen there', async () => {
    const template = await api<{ data: { template: { login_endpoint: string | null } } }>(
      'GET',
      '/api/templates/test-bank-login',
    );
    expect(template.status).toBe(200);
    expect(template.body.data.template.login_endpoint).toBe('/api/bank_login');

    const viaTemplate = await start('/api/login?template=test-bank-login&next=/vault');
    expect(viaTemplate.statusCode).toBe(302);
    expect(viaTemplate.headers.location).toContain('client_id=dilosi-bank');

    const viaEndpoint = await start('/api/bank_login?template=test-bank-login');
    expect(viaEndpoint.statusCode).toBe(302);
    expect(viaEndpoint.headers.location).toContain('client_id=dilosi-bank');

    // Without a template of its own, /api/login goes to the tax authority as before.
    const plain = await start('/api/login?template=test-step-login');
    expect(plain.headers.location).toContain('client_id=dilosi-gsis');
  });

  it('refuses another provider for a template with its own login, and unknown endpoints', async () => {
    const other = await start('/api/login?provider=gsis&template=test-bank-login&next=/vault');
    expect(other.statusCode).toBe(302);
    expect(other.headers.location).toBe(
      '/login?error_code=forbidden_action&next=%2Fvault&template=test-bank-login',
    );
    const unknown = await start('/api/taxis_login?template=test-bank-login');
    expect(unknown.statusCode).toBe(404);
  });

  it('the new login start joins the authorization matrix: open to everyone', async () => {
    const tokens = await loginMatrix(t);
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'GET',
      path: () => '/api/bank_login?template=test-bank-login',
      expected: [302, 302, 302, 302, 302, 302, 302],
    });
  });

  it('refuses a template naming a login endpoint that is not one of ours', () => {
    const step = { key: 'form', title: { el: 'α', en: 'a', fr: 'a' }, 'wizard-step': 1 };
    const loginOf = (endpoint: string) =>
      templateSchema.shape.login_endpoint.safeParse(endpoint).success;
    expect(loginOf('/api/bank_login')).toBe(true);
    expect(loginOf('https://evil.example/login')).toBe(false);
    expect(loginOf('/api/bank_login/../x')).toBe(false);
    const stepSchema = templateSchema.shape.steps_spec.shape.steps.element;
    expect(stepSchema.safeParse({ ...step, loginURL: '//evil.example' }).success).toBe(false);
    expect(stepSchema.safeParse({ ...step, loginURL: '/api/gsis_login' }).success).toBe(true);
  });

  async function draft(token: string, template: string) {
    const created = await api<DocumentAnswer>('POST', '/api/my-declarations/', {
      token,
      json: { document: { template } },
    });
    expect(created.status).toBe(201);
    return created.body.data.document;
  }

  const save = (token: string, id: string) =>
    api<DocumentAnswer & ErrorBody>('POST', `/api/my-declarations/${id}`, {
      token,
      json: { document: { statements: { purpose: 'δοκιμή' } } },
    });

  it('a step with a loginURL waits until the citizen logged in through it', async () => {
    const document = await draft(gsisToken, 'test-step-login');
    expect(document.step_info.loginURL).toBe('/api/bank_login');
    expect(document.step_info.requireMobileConsent).toBe(false);

    const refused = await save(gsisToken, document.id);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('action_required');
    expect(refused.body.error.data).toEqual({ action: { name: 'login', url: '/api/bank_login' } });

    const mine = await draft(bankToken, 'test-step-login');
    const saved = await save(bankToken, mine.id);
    expect(saved.status).toBe(200);
    expect(saved.body.data.document.step_name).toBe('preview');
    // The next step asks nothing.
    expect(saved.body.data.document.step_info.loginURL).toBeNull();
  });

  it('a step with requireMobileConsent waits for the consent to the certified mobile (otp)', async () => {
    const document = await draft(gsisToken, 'test-mobile-consent');
    expect(document.step_info.requireMobileConsent).toBe(true);
    expect(document.step_info.consent_method).toBe('otp');

    const refused = await save(gsisToken, document.id);
    expect(refused.status).toBe(403);
    expect(refused.body.error.data).toEqual({ action: { name: 'consent', url: '/consent' } });

    const mine = await draft(bankToken, 'test-mobile-consent');
    expect((await save(bankToken, mine.id)).status).toBe(200);
  });

  it('a citizen who said no to the use of her mobile is sent back to /consent', async () => {
    await t.database.db
      .updateTable('users')
      .set({
        consents: JSON.stringify({
          mobile_use_nnc_onboarding: { value: false, at: new Date().toISOString() },
        }),
      })
      .where('afm', '=', '100000015')
      .execute();
    const mine = await draft(bankToken, 'test-mobile-consent');
    const refused = await save(bankToken, mine.id);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('action_required');
  });
});
