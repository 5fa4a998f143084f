import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiDocument, InPersonCode, KepDecision, KepLookup, Recipient } from '@dilosi/domain';
import { solveCaptcha, type CaptchaChallenge } from '../../src/modules/auth/captcha';
import { loginAnonymously } from '../fixtures/citizens';
import { entityId } from '../fixtures/entities';
import type { ErrorBody } from '../fixtures/http';
import { expectMatrix, MATRIX_CALLERS, startMatrixApp, type Caller } from '../fixtures/matrix';
import { loginStaff } from '../fixtures/staff';
import type { TestApp } from '../helpers';

type DocumentAnswer = { data: { document: ApiDocument } };
const EFKA: Recipient = { type: 'entity', codename: 'EFKA', name: { el: 'x', en: 'x', fr: 'x' } };
const OFFICER_AFM = '100000120';

/**
 * Issue #37, in-person confirmation: an anonymous person asks for confirmation at a KEP and gets
 * a short code; an officer (a clerk of an entity marked as a KEP) looks it up, checks an identity
 * document and confirms (the document is issued, her name in its history) or refuses.
 */
describe('in-person confirmation at a KEP', () => {
  let t: TestApp;
  let api: Awaited<ReturnType<typeof startMatrixApp>>['api'];
  let tokens: Record<Caller, string | undefined>;
  let officer: string;
  let kep: string;
  let athens: string;
  let sessions = 0;

  beforeAll(async () => {
    ({ t, api, tokens } = await startMatrixApp({ CAPTCHA_MAX_NUMBER: '1000' }));
    officer = await loginStaff(t, OFFICER_AFM);
    kep = await entityId(t, 'KEP_ATHINAS');
    athens = await entityId(t, 'DIMOS_ATHINAION');
  });
  afterAll(async () => {
    await t.close();
  });

  /** An anonymous session with its complaint filled in, at the preview. */
  async function anonymousDraft(): Promise<{ token: string; id: string }> {
    sessions += 1;
    const token = await loginAnonymously(t, `kep-${sessions}`);
    const challenge = (
      await t.app.inject({ method: 'GET', url: '/api/captcha' })
    ).json<CaptchaChallenge>();
    const created = await api<DocumentAnswer>('POST', '/api/my-declarations/', {
      token,
      json: {
        document: { template: 'anonymous-complaint', statements: {} },
        captcha: await solveCaptcha(challenge),
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.document.id;
    const update = (statements: Record<string, unknown>) =>
      api<DocumentAnswer>('POST', `/api/my-declarations/${id}`, {
        token,
        json: { document: { statements } },
      });
    const filled = await update({
      category: 'maladministration',
      service_name: 'Δημοτική υπηρεσία',
      description: 'Περιγραφή του περιστατικού.',
    });
    expect(filled.status).toBe(200);
    expect((await update({ recipient: EFKA })).status).toBe(200);
    return { token, id };
  }

  async function askCode(draft: { token: string; id: string }): Promise<InPersonCode> {
    const asked = await api<{ data: InPersonCode }>(
      'POST',
      `/api/my-declarations/${draft.id}/in-person`,
      { token: draft.token, json: {} },
    );
    expect(asked.status).toBe(201);
    return asked.body.data;
  }

  const lookup = (code: string, entity = kep, token = officer) =>
    api<{ data: KepLookup } & ErrorBody>('GET', `/api/entity/${entity}/kep/${code}`, { token });
  const confirm = (code: string, token = officer) =>
    api<{ data: KepDecision } & ErrorBody>('POST', `/api/entity/${kep}/kep/${code}/confirm`, {
      token,
      json: { id_type: 'id_card', id_number: 'ΑΚ123456' },
    });

  it('issues the document once an officer confirms it, with her name in its history', async () => {
    const draft = await anonymousDraft();
    // None asked yet: 200 with null, not a 404 (the preview asks on every visit).
    const none = await api<{ data: InPersonCode | null }>(
      'GET',
      `/api/my-declarations/${draft.id}/in-person`,
      { token: draft.token },
    );
    expect(none).toEqual({ status: 200, body: { data: null } });
    const code = await askCode(draft);
    expect(code.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(code.state).toBe('pending');
    expect(new Date(code.expires_at).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);

    const waiting = await api<DocumentAnswer>('GET', `/api/my-declarations/${draft.id}`, {
      token: draft.token,
    });
    expect(waiting.body.data.document.state).toBe('requested');
    const again = await api<{ data: InPersonCode }>(
      'GET',
      `/api/my-declarations/${draft.id}/in-person`,
      { token: draft.token },
    );
    expect(again.body.data.code).toBe(code.code);

    // Typed as read aloud: lower case, a dash between the groups.
    const typed = `${code.code.slice(0, 4)}-${code.code.slice(4)}`.toLowerCase();
    const found = await lookup(typed);
    expect(found.status).toBe(200);
    expect(found.body.data.template_title.en).toMatch(/Complaint/);
    const values = found.body.data.preview.rows.map((row) => row.value.el);
    expect(values).toContain('Δημοτική υπηρεσία');

    const confirmed = await confirm(typed);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.state).toBe('confirmed');
    const ref = confirmed.body.data.reference_code;
    expect(ref).toEqual(expect.any(String));

    const issued = await api<DocumentAnswer>('GET', `/api/my-declarations/${draft.id}`, {
      token: draft.token,
    });
    expect(issued.body.data.document.state).toBe('issued');
    expect(issued.body.data.document.reference_code).toBe(ref);

    const officerId = (
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('afm', '=', OFFICER_AFM)
        .executeTakeFirstOrThrow()
    ).id;
    const history = await t.database.db
      .selectFrom('document_events')
      .select(['action', 'user_id'])
      .where('document_id', '=', draft.id)
      .orderBy('id')
      .execute();
    expect(history.map((row) => row.action).slice(-4)).toEqual([
      'in_person_requested',
      'confirmed_in_person',
      'issued',
      'pdf_created',
    ]);
    expect(history.find((row) => row.action === 'confirmed_in_person')?.user_id).toBe(officerId);
    const record = await t.database.db
      .selectFrom('kep_confirmations')
      .selectAll()
      .where('document_id', '=', draft.id)
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({
      state: 'confirmed',
      officer_id: officerId,
      entity_id: kep,
      id_type: 'id_card',
      id_number: 'ΑΚ123456',
    });

    // The code is used: looking it up or confirming again is 409.
    const used = await lookup(code.code);
    expect(used.status).toBe(409);
    expect(used.body.error.code).toBe('kep_code_used');
    expect((await confirm(code.code)).body.error.code).toBe('kep_code_used');
  });

  const printLink = (code: string, entity = kep, token = officer) =>
    api<{ download_url: string } & ErrorBody>(
      'POST',
      `/api/entity/${entity}/kep/${code}/pdf/token`,
      { token },
    );

  it('lets the confirming KEP print the sealed PDF, then or later, in the owner’s access log', async () => {
    const draft = await anonymousDraft();
    const { code } = await askCode(draft);
    // Pending: nothing to print yet.
    const early = await printLink(code);
    expect(early.status).toBe(404);
    expect(early.body.error.code).toBe('kep_document_not_found');
    expect((await confirm(code)).status).toBe(200);

    const link = await printLink(`${code.slice(0, 4)}-${code.slice(4)}`.toLowerCase());
    expect(link.status).toBe(200);
    expect(link.body.download_url).toMatch(/^\/api\/kep-pdf\/[\w-]{48}$/);
    // Public: the short-lived token is the authorisation.
    const pdf = await t.app.inject({ method: 'GET', url: link.body.download_url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const sealed = await t.database.db
      .selectFrom('document_pdfs')
      .select('sha256')
      .where('document_id', '=', draft.id)
      .executeTakeFirstOrThrow();
    expect(pdf.headers.etag).toBe(`"${sealed.sha256}"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Later: the code is used for a look-up, still printable at this KEP.
    expect((await lookup(code)).body.error.code).toBe('kep_code_used');
    expect((await printLink(code)).status).toBe(200);

    // Recorded as the KEP's staff taking her PDF.
    await t.app.accessLog.flush();
    const log = await t.database.db
      .selectFrom('document_access_log')
      .select(['kind', 'entity_id', 'staff_role'])
      .where('document_id', '=', draft.id)
      .execute();
    expect(log).toEqual([
      { kind: 'pdf_download', entity_id: kep, staff_role: 'clerk' },
      { kind: 'pdf_download', entity_id: kep, staff_role: 'clerk' },
    ]);

    // The token opens this route only: a citizen's PDF token is refused here, and a KEP token
    // at the citizen's address.
    const token = link.body.download_url.split('/').pop() ?? '';
    expect((await t.app.inject({ method: 'GET', url: `/api/pdf/${token}` })).statusCode).toBe(404);
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/kep-pdf/${tampered}` })).statusCode,
    ).toBe(404);

    // Another KEP never prints what this one confirmed.
    await t.database.db
      .updateTable('entities')
      .set({ is_kep: true })
      .where('id', '=', athens)
      .execute();
    try {
      const elsewhere = await printLink(code, athens, tokens.clerkA);
      expect(elsewhere.status).toBe(404);
      expect(elsewhere.body.error.code).toBe('kep_document_not_found');
    } finally {
      await t.database.db
        .updateTable('entities')
        .set({ is_kep: false })
        .where('id', '=', athens)
        .execute();
    }

    // Revoked since: no longer printed, nor through a link made before.
    await t.database.db
      .updateTable('documents')
      .set({ state: 'revoked' })
      .where('id', '=', draft.id)
      .execute();
    expect((await printLink(code)).body.error.code).toBe('kep_document_not_found');
    expect((await t.app.inject({ method: 'GET', url: link.body.download_url })).statusCode).toBe(
      404,
    );
  });

  it('refuses an unknown, malformed or expired code with its own error', async () => {
    const unknown = await lookup('ZZZZ-ZZZZ');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('kep_code_not_found');
    const malformed = await lookup('0O1I');
    expect(malformed.status).toBe(404);
    expect(malformed.body.error.code).toBe('kep_code_not_found');

    const draft = await anonymousDraft();
    const code = await askCode(draft);
    await t.database.db
      .updateTable('kep_confirmations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('document_id', '=', draft.id)
      .execute();
    const expired = await lookup(code.code);
    expect(expired.status).toBe(410);
    expect(expired.body.error.code).toBe('kep_code_expired');
    expect((await confirm(code.code)).status).toBe(410);
  });

  it('sends a refused request back to its person, who may ask for a new code', async () => {
    const draft = await anonymousDraft();
    const first = await askCode(draft);
    const missing = await api<ErrorBody>('POST', `/api/entity/${kep}/kep/${first.code}/refuse`, {
      token: officer,
      json: {},
    });
    expect(missing.status).toBe(400);
    const refused = await api<{ data: KepDecision }>(
      'POST',
      `/api/entity/${kep}/kep/${first.code}/refuse`,
      { token: officer, json: { reason: 'Το δελτίο ταυτότητας δεν ήταν έγκυρο.' } },
    );
    expect(refused.status).toBe(200);
    expect(refused.body.data.state).toBe('refused');
    const back = await api<DocumentAnswer>('GET', `/api/my-declarations/${draft.id}`, {
      token: draft.token,
    });
    expect(back.body.data.document.state).toBe('editing');
    // She reads why, with her last code.
    const told = await api<{ data: { state: string; refusal_reason: string | null } }>(
      'GET',
      `/api/my-declarations/${draft.id}/in-person`,
      { token: draft.token },
    );
    expect(told.body.data).toMatchObject({
      state: 'refused',
      refusal_reason: 'Το δελτίο ταυτότητας δεν ήταν έγκυρο.',
    });

    const second = await askCode(draft);
    expect(second.refusal_reason).toBeNull();
    expect(second.code).not.toBe(first.code);
    expect((await lookup(second.code)).status).toBe(200);
    // A person who goes back meanwhile takes her request off the officers' look-up.
    const backstep = await api('POST', `/api/my-declarations/${draft.id}/backstep`, {
      token: draft.token,
    });
    expect(backstep.status).toBe(200);
    expect((await lookup(second.code)).body.error.code).toBe('kep_code_not_found');
  });

  it('offers the KEP only to anonymous use of a template that allows it', async () => {
    // A citizen has her SMS code: the in-person path is not hers.
    const citizen = tokens.citizenA;
    const created = await api<DocumentAnswer>('POST', '/api/my-declarations/', {
      token: citizen,
      json: { document: { template: 'anonymous-complaint', statements: {} } },
    });
    expect(created.status).toBe(201);
    const refused = await api<ErrorBody>(
      'POST',
      `/api/my-declarations/${created.body.data.document.id}/in-person`,
      { token: citizen, json: {} },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('in_person_not_allowed');

    // Not at the preview yet: the machine's refusal.
    const draft = await anonymousDraft();
    await api('POST', `/api/my-declarations/${draft.id}/backstep`, { token: draft.token });
    const early = await api<ErrorBody>('POST', `/api/my-declarations/${draft.id}/in-person`, {
      token: draft.token,
      json: {},
    });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('action_not_allowed_on_state');
  });

  it('is for the staff of a KEP only (authorization matrix)', async () => {
    const draft = await anonymousDraft();
    const { code } = await askCode(draft);
    // Another entity's clerk at her own entity: not a KEP.
    const clerkA = tokens.clerkA;
    const notKep = await lookup(code, athens, clerkA);
    expect(notKep.status).toBe(403);
    expect(notKep.body.error.code).toBe('kep_not_a_kep');
    // The anonymous session never reaches the dashboard.
    const anonymous = await lookup(code, kep, draft.token);
    expect(anonymous.status).toBe(403);
    expect(anonymous.body.error.code).toBe('anonymous_scope');

    const kepRoutes = [
      { method: 'GET', path: () => `/api/entity/${kep}/kep/${code}` },
      {
        method: 'POST',
        path: () => `/api/entity/${kep}/kep/${code}/confirm`,
        json: () => ({ id_type: 'passport', id_number: 'X1' }),
      },
      {
        method: 'POST',
        path: () => `/api/entity/${kep}/kep/${code}/refuse`,
        json: () => ({ reason: 'x' }),
      },
      { method: 'POST', path: () => `/api/entity/${kep}/kep/${code}/pdf/token` },
    ] as const;
    for (const route of kepRoutes) {
      await expectMatrix(api, tokens, MATRIX_CALLERS, {
        ...route,
        expected: [401, 403, 403, 404, 404, 404, 403],
      });
    }
    // The person's routes: her document only.
    for (const method of ['GET', 'POST'] as const) {
      await expectMatrix(api, tokens, MATRIX_CALLERS, {
        method,
        path: () => `/api/my-declarations/${draft.id}/in-person`,
        ...(method === 'POST' ? { json: () => ({}) } : {}),
        expected: [401, 404, 404, 404, 404, 404, 404],
      });
    }
    // Still pending after all that: only the KEP's officer confirms it.
    expect((await lookup(code)).status).toBe(200);
  });

  it('limits an officer’s look-ups', async () => {
    let status = 0;
    for (let i = 0; i < 40 && status !== 429; i += 1) {
      status = (await lookup('ZZZZ-ZZZZ')).status;
    }
    expect(status).toBe(429);
  });
});
