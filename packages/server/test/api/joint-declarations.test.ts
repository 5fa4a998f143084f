import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { JointConsent } from '@dilosi/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobContext } from '../../src/job-registry';
import {
  deliverWaitingJointRequests,
  expireConsents,
  jointConsentIssueJob,
} from '../../src/modules/joint';
import { loginAs } from '../fixtures/citizens';
import { afmOf } from '../fixtures/template-values';
import type { ErrorBody } from '../fixtures/http';
import {
  expectMatrix,
  MATRIX_AFM,
  MATRIX_CALLERS,
  startMatrixApp,
  type Caller,
} from '../fixtures/matrix';
import type { TestApp } from '../helpers';

type DocumentAnswer = { data: { document: { id: string; state: string; step_name: string } } };
type ConsentAnswer = { data: { consent: JointConsent } };
type CoOwner = { afm: string; surname: string; firstname: string };

// The co-signatories: B of the matrix (Nikos) and Sofia, who has no account yet; Dimitrios is a
// stranger to them all.
const SOFIA = afmOf('12345678');
const STRANGER = '100000107';
const MOBILE_B = '6900000027';
const MOBILE_SOFIA = '6900000090';

function pdfText(bytes: Buffer): string {
  const file = path.join(os.tmpdir(), `dilosi-joint-${crypto.randomUUID()}.pdf`);
  fs.writeFileSync(file, bytes);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

describe('joint declarations', () => {
  let t: TestApp;
  let api: Awaited<ReturnType<typeof startMatrixApp>>['api'];
  let tokens: Record<Caller | 'stranger' | 'sofia' | 'signerB', string | undefined>;

  beforeAll(async () => {
    const started = await startMatrixApp();
    t = started.t;
    api = started.api;
    tokens = {
      ...started.tokens,
      stranger: await loginAs(t, STRANGER),
      // B again, now with a certified mobile to sign with.
      signerB: await loginAs(t, MATRIX_AFM.citizenB, { certifiedMobile: MOBILE_B }),
      sofia: undefined,
    };
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const author = () => tokens.citizenA;

  /** The newest SMS code sent to a mobile, read from the outbox like a phone would. */
  async function codeFor(mobile: string): Promise<string> {
    const rows = await t.database.db
      .selectFrom('outbox')
      .select(['params', 'recipient'])
      .where('message_key', '=', 'otp_sms')
      .orderBy('created_at', 'desc')
      .execute();
    const row = rows.find((entry) => entry.recipient.endsWith(mobile.slice(1)));
    return String((row?.params as { code?: string } | undefined)?.code ?? '');
  }

  /** The author fills the co-owners' declaration naming `coOwners`, submits and signs. */
  async function openJoint(
    coOwners: CoOwner[],
    template = 'co-owners-declaration',
    statements: (rows: CoOwner[]) => Record<string, unknown> = (rows) => ({
      property_address: 'Ιπποκράτους 42, Αθήνα',
      property_kaek: '050681726005',
      own_share: '50',
      co_owners: rows.map((row) => ({ ...row, share: '10' })),
    }),
  ) {
    const created = await api<DocumentAnswer>('POST', '/api/my-declarations/', {
      token: author(),
      json: { document: { template, statements: {} } },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.document.id;
    const update = (statements: Record<string, unknown>, extra = {}) =>
      api<DocumentAnswer & ErrorBody>('POST', `/api/my-declarations/${id}`, {
        token: author(),
        json: { document: { statements }, ...extra },
      });
    const property = await update(statements(coOwners));
    expect(property.status, JSON.stringify(property.body)).toBe(200);
    const addressed = await update({
      recipient: {
        type: 'entity',
        codename: 'DIMOS_ATHINAION',
        name: { el: 'x', en: 'x', fr: 'x' },
      },
    });
    expect(addressed.status, JSON.stringify(addressed.body)).toBe(200);
    expect((await update({}, { action: 'submit' })).status).toBe(200);
    const confirmed = await update({ otp_code: await codeFor('6912345678') });
    return { id, confirmed, update };
  }

  async function consentOf(documentId: string) {
    const row = await t.database.db
      .selectFrom('joint_consents')
      .select('id')
      .where('document_id', '=', documentId)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const NIKOS: CoOwner = { afm: MATRIX_AFM.citizenB, surname: 'Γεωργίου', firstname: 'Νικόλαος' };
  const SOFIA_ROW = { afm: SOFIA, surname: 'Νικολάου', firstname: 'Σοφία' };

  const get = (id: string, token: string | undefined) =>
    api<ConsentAnswer & ErrorBody>('GET', `/api/joint/consents/${id}`, { token });
  const post = (id: string, what: string, token: string | undefined, json: unknown = {}) =>
    api<ConsentAnswer & ErrorBody>('POST', `/api/joint/consents/${id}/${what}`, { token, json });

  it('opens with the author signed, asks each co-signatory, and issues once when all have signed at once', async () => {
    const { id, confirmed } = await openJoint([NIKOS, SOFIA_ROW]);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data.document.state).toBe('requested');
    const consentId = await consentOf(id);

    // Nikos has an account: the request is in his messages, with an alert.
    const nikosUser = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('afm', '=', MATRIX_AFM.citizenB)
      .executeTakeFirstOrThrow();
    const message = await t.database.db
      .selectFrom('citizen_messages')
      .select(['type', 'state_data'])
      .where('owner_id', '=', nikosUser.id)
      .where('type', '=', 'user-application')
      .executeTakeFirstOrThrow();
    expect(message.state_data).toMatchObject({ consent_id: consentId });
    // His list of messages answers it (its state data fits the messages' schema).
    const inbox = await api<{ data: { state_data: { reply_link?: string } }[] }>(
      'POST',
      '/api/gates/USER/gate/inbox-entries',
      {
        token: tokens.signerB,
        json: { types: ['user-application'], status: ['incoming', 'retrieved', 'resolved'] },
      },
    );
    expect(inbox.status, JSON.stringify(inbox.body)).toBe(200);
    expect(inbox.body.data.map((row) => row.state_data.reply_link)).toContain(
      `/my/joint/${consentId}`,
    );
    // Sofia has none yet: her first login delivers it, once.
    tokens.sofia = await loginAs(t, SOFIA, { certifiedMobile: MOBILE_SOFIA });
    const sofiaUser = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('afm', '=', SOFIA)
      .executeTakeFirstOrThrow();
    const first = { userId: sofiaUser.id, afm: SOFIA };
    expect(await deliverWaitingJointRequests(t.database.db, first)).toBe(1);
    expect(await deliverWaitingJointRequests(t.database.db, first)).toBe(0);

    // Every signatory reads the same text; the author's own signature is done.
    const read = await get(consentId, tokens.signerB);
    expect(read.status).toBe(200);
    const consent = read.body.data.consent;
    expect(consent.state).toBe('issued');
    expect(consent.signatories.map((s) => [s.afm, s.state])).toEqual([
      [MATRIX_AFM.citizenA, 'signed'],
      [MATRIX_AFM.citizenB, 'pending'],
      [SOFIA, 'pending'],
    ]);
    expect(JSON.stringify(consent.preview)).toContain('Ιπποκράτους 42');

    // Nobody outside the consent reads or changes it: anonymous, the recipient's staff, other
    // staff and a stranger citizen, on every joint route; the consent is as it was after.
    const outsiders = [
      'anonymous',
      'clerkA',
      'headA',
      'clerkB',
      'adminWithoutRole',
      'stranger',
    ] as const;
    const refused = [401, 403, 403, 403, 403, 403];
    const bodies: Record<string, unknown> = {
      code: {},
      sign: { otp_code: '123456', text_digest: consent.text_digest },
      decline: { reason: 'x' },
      cancel: {},
      remind: {},
      issue: {},
    };
    for (const [what, json] of Object.entries(bodies)) {
      await expectMatrix(api, tokens, outsiders, {
        method: 'POST',
        path: () => `/api/joint/consents/${consentId}/${what}`,
        json: () => json,
        expected: refused,
      });
    }
    // The list is each caller's own: anonymous gets none, the others' do not hold it.
    await expectMatrix(api, tokens, outsiders, {
      method: 'GET',
      path: () => '/api/joint/consents',
      expected: [401, 'ok', 'ok', 'ok', 'ok', 'ok'],
    });
    for (const who of outsiders.filter((w) => w !== 'anonymous')) {
      const theirs = await api<{ data: { consents: { id: string }[] } }>(
        'GET',
        '/api/joint/consents',
        { token: tokens[who] },
      );
      expect(
        theirs.body.data.consents.map((row) => row.id),
        who,
      ).not.toContain(consentId);
    }
    // A co-signatory may not cancel, remind or issue: those are the author's (or need all).
    for (const what of ['cancel', 'remind']) {
      expect((await post(consentId, what, tokens.signerB)).status, what).toBe(403);
    }
    const unchanged = (await get(consentId, author())).body.data.consent;
    expect(unchanged.state).toBe('issued');
    expect(unchanged.signatories.map((s) => s.state)).toEqual(['signed', 'pending', 'pending']);

    // The author's document waits: no going back, no new code, no deleting it while it is open.
    const act = (action: string) =>
      api<ErrorBody>('POST', `/api/my-declarations/${id}/action`, {
        token: author(),
        json: { action },
      });
    expect((await act('resend_otp')).body.error.code).toBe('consent_state_is_issued');
    const back = await api<ErrorBody>('POST', `/api/my-declarations/${id}/backstep`, {
      token: author(),
    });
    expect(back.body.error.code).toBe('consent_state_is_issued');
    const removed = await api<ErrorBody>('DELETE', `/api/my-declarations/${id}`, {
      token: author(),
    });
    expect(removed.body.error.code).toBe('consent_state_is_not_canceled');
    // Not fully signed: nothing to issue.
    expect((await post(consentId, 'issue', author())).body.error.code).toBe(
      'consent_state_is_not_fully_signed',
    );

    // No code asked: expired; a changed text: refused; a wrong code: refused with the count.
    const early = await post(consentId, 'sign', tokens.signerB, {
      otp_code: '123456',
      text_digest: consent.text_digest,
    });
    expect(early.body.error.code).toBe('otp_expired');
    expect((await post(consentId, 'code', tokens.signerB)).status).toBe(200);
    const changed = await post(consentId, 'sign', tokens.signerB, {
      otp_code: await codeFor(MOBILE_B),
      text_digest: '0'.repeat(64),
    });
    expect([changed.status, changed.body.error.code]).toEqual([409, 'consent_text_changed']);
    const right = await codeFor(MOBILE_B);
    const wrong = await post(consentId, 'sign', tokens.signerB, {
      otp_code: right === '000000' ? '111111' : '000000',
      text_digest: consent.text_digest,
    });
    expect(wrong.body.error.code).toBe('otp_invalid');

    // Both remaining co-signatories sign at the same moment: one consistent end.
    expect((await post(consentId, 'code', tokens.sofia)).status).toBe(200);
    const [b, s] = await Promise.all([
      post(consentId, 'sign', tokens.signerB, {
        otp_code: right,
        text_digest: consent.text_digest,
      }),
      post(consentId, 'sign', tokens.sofia, {
        otp_code: await codeFor(MOBILE_SOFIA),
        text_digest: consent.text_digest,
      }),
    ]);
    expect([b.status, s.status], JSON.stringify([b.body, s.body])).toEqual([200, 200]);
    const done = (await get(consentId, author())).body.data.consent;
    expect(done.state).toBe('fully_signed');
    expect(done.signatories.every((row) => row.state === 'signed' && row.signed_at)).toBe(true);
    expect(done.reference_code).toMatch(/\S/);
    const document = await t.database.db
      .selectFrom('documents')
      .select(['state', 'reference_code'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(document).toEqual({ state: 'issued', reference_code: done.reference_code });
    const cases = await t.database.db
      .selectFrom('inbox_entries')
      .select('id')
      .where('document_id', '=', id)
      .execute();
    expect(cases).toHaveLength(1);
    // The recipient's staff see every signatory in the case.
    const entry = await t.database.db
      .selectFrom('inbox_entries')
      .select(['id', 'entity_id'])
      .where('document_id', '=', id)
      .executeTakeFirstOrThrow();
    const seen = await api<{
      data: { document: { statements: { key: string; value: string }[] } };
    }>('GET', `/api/entity/${entry.entity_id}/inbox/${entry.id}`, { token: tokens.clerkA });
    expect(seen.status).toBe(200);
    const listedSignatories = seen.body.data.document.statements.find(
      (entry) => entry.key === 'joint_signatories',
    );
    expect(listedSignatories?.value.split('\n')).toHaveLength(3);
    const pdfs = await t.database.db
      .selectFrom('document_pdfs')
      .select('bytes')
      .where('document_id', '=', id)
      .execute();
    expect(pdfs).toHaveLength(1);
    // The sealed PDF names every signatory, when each signed, and when it became valid.
    const text = pdfText(Buffer.from(pdfs[0]?.bytes ?? [])).replace(/\s+/g, ' ');
    for (const afm of [MATRIX_AFM.citizenA, MATRIX_AFM.citizenB, SOFIA])
      expect(text).toContain(afm);
    expect(text).toContain('υπέγραψε με κωδικό SMS στις');
    expect(text).toContain('έγινε έγκυρη στις');

    // After: no cancel, no second signature; asking to issue again answers the same document.
    expect((await post(consentId, 'cancel', author())).body.error.code).toBe(
      'consent_state_is_fully_signed_in_cancel',
    );
    expect((await post(consentId, 'code', tokens.sofia)).body.error.code).toBe(
      'signatory_state_must_be_pending_to_sign',
    );
    const reissued = await post(consentId, 'issue', tokens.sofia);
    expect(reissued.body.data.consent.reference_code).toBe(done.reference_code);

    // Who may read it: its signatories only.
    await expectMatrix(api, tokens, [...MATRIX_CALLERS, 'stranger'], {
      method: 'GET',
      path: () => `/api/joint/consents/${consentId}`,
      // anonymous, author, co-signatory B, clerk and head of the recipient, others, a stranger
      expected: [401, 'ok', 'ok', 403, 403, 403, 403, 403],
    });
    // Malformed input is a 4xx, never a 500.
    expect((await get('not-a-uuid', author())).status).toBe(404);
    expect((await post(consentId, 'sign', tokens.sofia, {})).status).toBe(400);
    expect(
      (await post(consentId, 'decline', tokens.sofia, { reason: 'x'.repeat(600) })).status,
    ).toBe(400);
    const listed = await api<{ data: { consents: { id: string; my_position: number }[] } }>(
      'GET',
      '/api/joint/consents',
      { token: tokens.sofia },
    );
    expect(listed.body.data.consents.map((c) => [c.id, c.my_position])).toEqual([[consentId, 2]]);
  }, 60_000);

  it('ends on a refusal, a cancel racing a signature, or expiry, each with its code', async () => {
    // A co-signatory declines: canceled, everyone told; declining twice and signing after refused.
    const declined = await consentOf((await openJoint([NIKOS])).id);
    const refusal = await post(declined, 'decline', tokens.signerB, { reason: 'Λάθος ποσοστό' });
    expect(refusal.status).toBe(200);
    expect(refusal.body.data.consent).toMatchObject({
      state: 'canceled',
      closed_reason: 'signatory_declined',
    });
    expect(refusal.body.data.consent.signatories[1]).toMatchObject({
      state: 'dismissed',
      dismissed_reason: 'Λάθος ποσοστό',
    });
    expect((await post(declined, 'decline', tokens.signerB)).body.error.code).toBe(
      'signatory_already_dismissed',
    );
    expect((await post(declined, 'code', tokens.signerB)).body.error.code).toBe(
      'signatory_already_dismissed',
    );
    expect((await post(declined, 'remind', author())).body.error.code).toBe(
      'consent_state_is_canceled',
    );
    const told = await t.database.db
      .selectFrom('outbox')
      .select('body')
      .where('message_key', '=', 'joint_closed_sms')
      .execute();
    expect(told.length).toBeGreaterThan(0);

    // The author cancels while Nikos signs: one of them is first, the end is consistent.
    const raced = await consentOf((await openJoint([NIKOS, SOFIA_ROW])).id);
    const digest = (await get(raced, tokens.signerB)).body.data.consent.text_digest;
    // Reminders: to the co-signatories, at most once a day; only by the author.
    expect((await post(raced, 'remind', tokens.signerB)).status).toBe(403);
    expect((await post(raced, 'remind', author())).status).toBe(200);
    expect((await post(raced, 'remind', author())).body.error.code).toBe('consent_reminded_today');
    expect((await post(raced, 'code', tokens.signerB)).status).toBe(200);
    expect((await post(raced, 'cancel', tokens.signerB)).status).toBe(403);
    const [cancel, signed] = await Promise.all([
      post(raced, 'cancel', author()),
      post(raced, 'sign', tokens.signerB, {
        otp_code: await codeFor(MOBILE_B),
        text_digest: digest,
      }),
    ]);
    expect(cancel.status).toBe(200);
    const after = (await get(raced, author())).body.data.consent;
    expect(after.state).toBe('canceled');
    expect(after.signatories[1]?.state).toBe(signed.status === 200 ? 'signed' : 'pending');
    if (signed.status !== 200) expect(signed.body.error.code).toBe('consent_state_is_canceled');
    expect((await post(raced, 'cancel', author())).body.error.code).toBe(
      'consent_state_is_canceled',
    );

    // A consent marked fully signed with a signatory still pending (never by the API): not issued.
    const forced = await consentOf((await openJoint([NIKOS])).id);
    await t.database.db
      .updateTable('joint_consents')
      .set({ state: 'fully_signed' })
      .where('id', '=', forced)
      .execute();
    expect((await post(forced, 'issue', author())).body.error.code).toBe(
      'signatory_state_must_be_signed_to_issue',
    );

    // Past its days: expired by the job, everyone told; no signature after.
    const late = await consentOf((await openJoint([SOFIA_ROW])).id);
    await t.database.db
      .updateTable('joint_consents')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', late)
      .execute();
    expect(await expireConsents(t.app)).toBeGreaterThanOrEqual(1);
    expect((await get(late, author())).body.data.consent).toMatchObject({
      state: 'expired',
      closed_reason: 'expired',
    });
    expect((await post(late, 'code', tokens.sofia)).body.error.code).toBe(
      'consent_state_is_canceled',
    );
  }, 60_000);

  it('refuses at the wizard the author herself, anyone twice, or a surname the registry does not know for the tax number', async () => {
    const created = await api<DocumentAnswer>('POST', '/api/my-declarations/', {
      token: author(),
      json: { document: { template: 'co-owners-declaration', statements: {} } },
    });
    const attempt = (coOwners: CoOwner[]) =>
      api<ErrorBody>('POST', `/api/my-declarations/${created.body.data.document.id}`, {
        token: author(),
        json: {
          document: {
            statements: {
              property_address: 'Ιπποκράτους 42, Αθήνα',
              own_share: '50',
              co_owners: coOwners.map((row) => ({ ...row, share: '10' })),
            },
          },
        },
      });
    const codes = async (coOwners: CoOwner[]) =>
      (
        (await attempt(coOwners)).body.error?.data?.invalid_fields as
          { error_info: { code: string } }[] | undefined
      )?.map((entry) => entry.error_info.code);
    const self = { afm: MATRIX_AFM.citizenA, surname: 'Παπαδοπούλου', firstname: 'Μαρία' };
    expect(await codes([self])).toEqual(['list_value_is_self']);
    expect(await codes([NIKOS, NIKOS])).toContain('list_duplicate');
    // The registry knows Nikos: another surname for his tax number is refused (ELOT 743 aside).
    expect(await codes([{ ...NIKOS, surname: 'Παπαδάκης' }])).toEqual([
      'co_signatory_name_mismatch',
    ]);
    expect(await codes([{ ...NIKOS, surname: 'GEORGIOU' }])).toBeUndefined();
  }, 60_000);

  it('makes both parents sign their joint declaration about a child', async () => {
    const { id, confirmed } = await openJoint([NIKOS], 'parents-joint-declaration', (rows) => ({
      child_name: 'Αλέξανδρος Γεωργίου',
      child_birth_date: '01/02/2015',
      statement: 'Συναινούμε στο ταξίδι του στο εξωτερικό με το σχολείο.',
      other_parent: rows,
    }));
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const consentId = await consentOf(id);
    const shown = (await get(consentId, tokens.signerB)).body.data.consent;
    expect(shown.signatories.map((row) => row.role.en)).toEqual([
      'Parent, author of the declaration',
      'Parent',
    ]);
    expect(JSON.stringify(shown.preview)).toContain('ΑΛΕΞΑΝΔΡΟΣ ΓΕΩΡΓΙΟΥ');
    expect((await post(consentId, 'code', tokens.signerB)).status).toBe(200);
    const signed = await post(consentId, 'sign', tokens.signerB, {
      otp_code: await codeFor(MOBILE_B),
      text_digest: shown.text_digest,
    });
    expect(signed.body.data.consent.state).toBe('fully_signed');
    expect(signed.body.data.consent.reference_code).toMatch(/\S/);

    // Anyone validating it by code sees both parents, the author first, with their times.
    type Validated = {
      data: {
        document: {
          state: string;
          issuer_identified?: boolean;
          signatories?: { firstname: string; surname: string; signed_at: string }[];
        };
      };
    };
    const validated = await api<Validated>('POST', '/api/validation/document', {
      json: { 'document-id': signed.body.data.consent.reference_code },
    });
    expect(validated.status).toBe(200);
    // Issued by citizens who logged in: the issuer is identified (issue #37).
    expect(validated.body.data.document.issuer_identified).toBe(true);
    const signatories = validated.body.data.document.signatories ?? [];
    expect(signatories.map((row) => `${row.firstname} ${row.surname}`)).toEqual([
      'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ',
      'ΝΙΚΟΛΑΟΣ ΓΕΩΡΓΙΟΥ',
    ]);
    for (const row of signatories) expect(Date.parse(row.signed_at)).not.toBeNaN();
    expect(JSON.stringify(validated.body)).not.toContain(MATRIX_AFM.citizenB);
    // The same through the spec's action scope.
    const retrieved = await api<Validated>('POST', '/api/validation/document/action', {
      json: { action: 'retrieve', object_id: signed.body.data.consent.reference_code },
    });
    expect(retrieved.status, JSON.stringify(retrieved.body)).toBe(200);
    expect(retrieved.body.data.document.signatories).toEqual(signatories);
  }, 60_000);
  it("shows a document's joint declaration to its signatories only, for the author's panel", async () => {
    type PanelAnswer = { data: { consent: JointConsent | null } } & ErrorBody;
    const panel = (documentId: string, token: string | undefined) =>
      api<PanelAnswer>('GET', `/api/joint/documents/${documentId}/consent`, { token });
    const { id } = await openJoint([NIKOS]);
    const consentId = await consentOf(id);
    const waiting = await panel(id, author());
    expect(waiting.status).toBe(200);
    expect(waiting.body.data.consent).toMatchObject({ id: consentId, state: 'issued' });
    expect(waiting.body.data.consent?.signatories.map((row) => row.state)).toEqual([
      'signed',
      'pending',
    ]);
    // Who may read it: its signatories only.
    await expectMatrix(api, tokens, [...MATRIX_CALLERS, 'stranger'], {
      method: 'GET',
      path: () => `/api/joint/documents/${id}/consent`,
      // anonymous, author, co-signatory B, clerk and head of the recipient, others, a stranger
      expected: [401, 'ok', 'ok', 403, 403, 403, 403, 403],
    });
    // Nikos declines: the author reads who declined and why.
    await post(consentId, 'decline', tokens.signerB, { reason: 'Δεν συμφωνώ' });
    const declined = (await panel(id, author())).body.data.consent;
    expect(declined?.state).toBe('canceled');
    expect(declined?.signatories[1]).toMatchObject({
      state: 'dismissed',
      dismissed_reason: 'Δεν συμφωνώ',
    });
    // A document with no consent, or an address that is no document: none, never a 500.
    const plain = await api<DocumentAnswer>('POST', '/api/my-declarations/', {
      token: author(),
      json: { document: { template: 'co-owners-declaration', statements: {} } },
    });
    const none = await panel(plain.body.data.document.id, author());
    expect([none.status, none.body.data.consent]).toEqual([200, null]);
    expect((await panel('not-a-uuid', author())).body.data.consent).toBeNull();
  }, 60_000);
  it('retries a failed issuance after the last signature with its job, and issues exactly once', async () => {
    const { id } = await openJoint([NIKOS]);
    const consentId = await consentOf(id);
    const digest = (await get(consentId, tokens.signerB)).body.data.consent.text_digest;
    expect((await post(consentId, 'code', tokens.signerB)).status).toBe(200);
    // The queue, recorded: what the last signature sends in its own transaction.
    const sent: { name: string; payload: unknown; options: unknown }[] = [];
    const queue = t.app.jobs;
    t.app.jobs = {
      send: async (name: string, payload: unknown, options: unknown) => {
        sent.push({ name, payload, options });
        return 'job-1';
      },
    } as unknown as typeof t.app.jobs;
    // Issuance fails: storing the issued document is refused (as a PDF worker that throws).
    await sql`create function joint_test_refuse_issue() returns trigger language plpgsql as $$
      begin raise exception 'issuance is down'; end $$`.execute(t.database.db);
    await sql`create trigger joint_test_refuse_issue before update on documents for each row
      when (new.reference_code is not null and old.reference_code is null)
      execute function joint_test_refuse_issue()`.execute(t.database.db);
    const payload = { consent_id: consentId, locale: 'el' as const };
    const runJob = () => jointConsentIssueJob.handle(payload, jobContext(t.app));
    try {
      // The signature stands: fully signed, no code yet.
      const signed = await post(consentId, 'sign', tokens.signerB, {
        otp_code: await codeFor(MOBILE_B),
        text_digest: digest,
      });
      expect(signed.status, JSON.stringify(signed.body)).toBe(200);
      expect(signed.body.data.consent).toMatchObject({
        state: 'fully_signed',
        reference_code: null,
      });
      // While issuance fails, the job fails too: the queue retries it with its backoff.
      await expect(runJob()).rejects.toThrow(/issuance is down/);
    } finally {
      await sql`drop trigger joint_test_refuse_issue on documents`.execute(t.database.db);
      await sql`drop function joint_test_refuse_issue()`.execute(t.database.db);
      t.app.jobs = queue;
    }
    expect(sent).toEqual([
      {
        name: 'joint-consent-issue',
        payload,
        options: expect.objectContaining({ startAfter: 60, retryLimit: 8, retryBackoff: true }),
      },
    ]);
    const waiting = await t.database.db
      .selectFrom('documents')
      .select(['state', 'reference_code'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(waiting).toEqual({ state: 'requested', reference_code: null });

    // The retry issues it; a second run (a retry after success) changes nothing.
    await runJob();
    await runJob();
    const issued = await t.database.db
      .selectFrom('documents')
      .select(['state', 'reference_code'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(issued.state).toBe('issued');
    expect(issued.reference_code).toMatch(/\S/);
    const count = async (table: 'document_pdfs' | 'inbox_entries' | 'document_shares') =>
      (
        await t.database.db
          .selectFrom(table)
          .select('document_id')
          .where('document_id', '=', id)
          .execute()
      ).length;
    expect([await count('document_pdfs'), await count('inbox_entries')]).toEqual([1, 1]);
    expect(await count('document_shares')).toBe(1);
    // Issued, but the sharing lost (it failed after issuance committed): the retry shares it
    // again, once, with its message; a further run adds nothing.
    await t.database.db.deleteFrom('document_shares').where('document_id', '=', id).execute();
    const sharedMessages = async () =>
      (
        await t.database.db
          .selectFrom('citizen_messages')
          .select('id')
          .where('document_id', '=', id)
          .where('type', '=', 'shared-document')
          .execute()
      ).length;
    const messagesBefore = await sharedMessages();
    await runJob();
    await runJob();
    expect(await count('document_shares')).toBe(1);
    expect(await sharedMessages()).toBe(messagesBefore + 1);
    expect((await get(consentId, author())).body.data.consent.reference_code).toBe(
      issued.reference_code,
    );

    // A consent not (or no longer) to issue: the job ends quietly, nothing to retry.
    const open = await consentOf((await openJoint([NIKOS])).id);
    await expect(
      jointConsentIssueJob.handle({ consent_id: open, locale: 'el' }, jobContext(t.app)),
    ).resolves.toBeUndefined();
  }, 60_000);
});
