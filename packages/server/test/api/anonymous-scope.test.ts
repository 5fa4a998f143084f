import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiDocument, Recipient } from '@dilosi/domain';
import { solveCaptcha, type CaptchaChallenge } from '../../src/modules/auth/captcha';
import { loginAnonymously, loginAs } from '../fixtures/citizens';
import { client, type ErrorBody } from '../fixtures/http';
import { createTestApp, type TestApp } from '../helpers';

type DocumentAnswer = { data: { document: ApiDocument } };
const EFKA: Recipient = { type: 'entity', codename: 'EFKA', name: { el: 'x', en: 'x', fr: 'x' } };

/** Issue #37: an anonymous session reaches its anonymous template and its own document only. */
describe('anonymous scope', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let anonymous: string;
  let maria: string;
  let documentId: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MAX: '100000', CAPTCHA_MAX_NUMBER: '1000' } });
    api = client(t.app);
    anonymous = await loginAnonymously(t, 'anonymous-scope-1');
    maria = await loginAs(t, '100000015');
  });
  afterAll(async () => {
    await t.close();
  });

  const refused = async (method: 'GET' | 'POST', url: string, json?: unknown) => {
    const response = await api<ErrorBody>(method, url, {
      token: anonymous,
      ...(json === undefined ? {} : { json }),
    });
    expect(response.status, `${method} ${url}`).toBe(403);
    expect(response.body.error.code, `${method} ${url}`).toBe('anonymous_scope');
  };

  it('answers display_name null for the session, a name for a citizen', async () => {
    const me = await api<{ display_name: string | null; anonymous_login: boolean }>(
      'GET',
      '/api/users/me',
      { token: anonymous },
    );
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ display_name: null, anonymous_login: true });
    const citizen = await api<{ display_name: string | null }>('GET', '/api/users/me', {
      token: maria,
    });
    expect(citizen.body.display_name).toEqual(expect.any(String));
  });

  it('reaches the anonymous template, not another', async () => {
    const own = await api('GET', '/api/templates/anonymous-complaint', { token: anonymous });
    expect(own.status).toBe(200);
    await refused('GET', '/api/templates/solemn-declaration');
    // A citizen is not concerned.
    const forCitizen = await api('GET', '/api/templates/solemn-declaration', { token: maria });
    expect(forCitizen.status).toBe(200);
  });

  it('creates, fills and issues its document, then only reads it and downloads its PDF', async () => {
    const challenge = (
      await t.app.inject({ method: 'GET', url: '/api/captcha' })
    ).json<CaptchaChallenge>();
    const created = await api<DocumentAnswer>('POST', '/api/my-declarations/', {
      token: anonymous,
      json: {
        document: { template: 'anonymous-complaint', statements: {} },
        captcha: await solveCaptcha(challenge),
      },
    });
    expect(created.status).toBe(201);
    documentId = created.body.data.document.id;
    const update = (statements: Record<string, unknown>, extra = {}) =>
      api<DocumentAnswer & ErrorBody>('POST', `/api/my-declarations/${documentId}`, {
        token: anonymous,
        json: { document: { statements }, ...extra },
      });
    expect(
      (
        await update({
          category: 'maladministration',
          service_name: 'Δημοτική υπηρεσία',
          description: 'Περιγραφή του περιστατικού.',
        })
      ).status,
    ).toBe(200);
    expect((await update({ recipient: EFKA })).status).toBe(200);
    const issued = await update({}, { action: 'submit' });
    expect(issued.status).toBe(200);
    expect(issued.body.data.document.state).toBe('issued');

    const read = await api('GET', `/api/my-declarations/${documentId}`, { token: anonymous });
    expect(read.status).toBe(200);
    const ref = issued.body.data.document.reference_code ?? documentId;
    const byRef = await api('GET', `/api/citizen-declarations/${ref}`, { token: anonymous });
    expect(byRef.status).toBe(200);
    const pdf = await api<{ meta?: { download_url?: string } }>(
      'POST',
      `/api/my-declarations/${documentId}/action`,
      { token: anonymous, json: { action: 'pdf' } },
    );
    expect(pdf.status).toBe(200);
    expect(pdf.body.meta?.download_url).toEqual(expect.any(String));

    // Validation says the issuer was not identified; a citizen's document says she was.
    type Validated = { data: { document: { issuer_identified?: boolean } } };
    const validated = await api<Validated>('POST', '/api/validation/document', {
      json: { 'document-id': ref },
    });
    expect(validated.status).toBe(200);
    expect(validated.body.data.document.issuer_identified).toBe(false);

    await refused('POST', `/api/my-declarations/${documentId}/action`, { action: 'share' });
    await refused('POST', `/api/my-declarations/${documentId}/action`, { action: 'dismiss' });
    await refused('POST', `/api/my-declarations/${documentId}`, { document: { statements: {} } });
  });

  it('is refused everywhere else: vault, lists, messages, profile, dashboard', async () => {
    await refused('GET', '/api/citizen-declarations');
    await refused('GET', '/api/vault/cases');
    await refused('GET', '/api/vault/exports/latest');
    await refused('GET', '/api/profile/registry-record');
    await refused('GET', '/api/entity/1/inbox');
    // The same routes answer a citizen (or refuse her for their own reasons).
    const vault = await api('GET', '/api/vault/cases', { token: maria });
    expect(vault.status).toBe(200);
  });

  it('keeps the routes open to everyone open', async () => {
    const config = await api('GET', '/api/appconfig/', { token: anonymous });
    expect(config.status).toBe(200);
    const captcha = await api('GET', '/api/captcha', { token: anonymous });
    expect(captcha.status).toBe(200);
    // The wizard's recipient search, for addressing its document.
    const recipients = await api('GET', '/api/recipients?q=Αθην', { token: anonymous });
    expect(recipients.status).not.toBe(403);
  });
});
