import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  formatReferenceCode,
  parseReferenceCode,
  referenceCodeFromRandomBytes,
  type ApiDocument,
  type DocumentActionResponse,
  type DocumentListItem,
  type Recipient,
  DAY_MS,
} from '@dilosi/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clock } from '../../src/clock';
import { solveCaptcha, type CaptchaChallenge } from '../../src/modules/auth/captcha';
import { purgeExpiredDocuments } from '../../src/modules/issuance';
import { loginAnonymously, loginAs } from '../fixtures/citizens';
import { client, type ErrorBody } from '../fixtures/http';
import { createTestApp, type TestApp } from '../helpers';

type DocumentAnswer = { data: { document: ApiDocument } };
type InvalidFields = {
  invalid_field: string;
  error_info: { code: string; message: string; params?: Record<string, unknown> };
}[];

// One citizen issues dozens of documents here: the limits across documents have their own tests
// (otp-limits.test.ts).
const ENV = {
  RATE_LIMIT_MAX: '100000',
  CAPTCHA_MAX_NUMBER: '1000',
  OTP_SENDS_PER_HOUR: '1000',
  OTP_SENDS_PER_DAY: '1000',
  OTP_FAILURES_PER_HOUR: '1000',
};
const EFKA: Recipient = { type: 'entity', codename: 'EFKA', name: { el: 'x', en: 'x', fr: 'x' } };

/** The citizen's side of issuance, against one app. */
function issuanceDriver(t: TestApp) {
  const api = client(t.app);
  const create = async (token: string) => {
    const response = await api<DocumentAnswer>('POST', '/api/my-declarations/', {
      token,
      json: { document: { template: 'solemn-declaration', statements: {} } },
    });
    expect(response.status).toBe(201);
    return response.body.data.document;
  };
  const update = (token: string, id: string, statements: Record<string, unknown>, extra = {}) =>
    api<DocumentAnswer & ErrorBody>('POST', `/api/my-declarations/${id}`, {
      token,
      json: { document: { statements }, ...extra },
    });
  const submit = (token: string, id: string) => update(token, id, {}, { action: 'submit' });
  const confirm = (token: string, id: string, code: unknown) =>
    update(token, id, { otp_code: code });
  const action = (token: string, id: string, name: string, args?: Record<string, unknown>) =>
    api<DocumentActionResponse & ErrorBody>('POST', `/api/my-declarations/${id}/action`, {
      token,
      json: { action: name, ...(args ? { arguments: args } : {}) },
    });

  /** A solemn declaration at its preview step, addressed to `recipient`. */
  const atPreview = async (token: string, recipient: unknown = EFKA) => {
    const document = await create(token);
    const fields = await update(token, document.id, { statement: 'Όλα τα στοιχεία είναι αληθή.' });
    expect(fields.status).toBe(200);
    const preview = await update(token, document.id, { recipient });
    expect(preview.status).toBe(200);
    expect(preview.body.data.document.step_name).toBe('preview');
    return preview.body.data.document;
  };

  /** The code of the newest SMS of a document, read from the outbox like a phone would. */
  const smsCode = async (documentId: string) => {
    const row = await t.database.db
      .selectFrom('outbox')
      .select('body')
      .where('document_id', '=', documentId)
      .where('message_key', '=', 'otp_sms')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const code = /\b(\d{6})\b/.exec(row.body)?.[1];
    expect(code).toBeDefined();
    return code ?? '';
  };

  const requested = async (token: string, recipient?: unknown) => {
    const document = await atPreview(token, recipient);
    const response = await submit(token, document.id);
    expect(response.status).toBe(200);
    return response.body.data.document;
  };

  const issued = async (token: string, recipient?: unknown) => {
    const document = await requested(token, recipient);
    const response = await confirm(token, document.id, await smsCode(document.id));
    expect(response.status).toBe(200);
    return response.body.data.document;
  };

  const download = (url: string) => t.app.inject({ method: 'GET', url });

  return {
    api,
    create,
    update,
    submit,
    confirm,
    action,
    atPreview,
    smsCode,
    requested,
    issued,
    download,
  };
}

const invalidFieldsOf = (body: ErrorBody) =>
  Object.fromEntries(
    (body.error.data?.invalid_fields as InvalidFields).map((entry) => [
      entry.invalid_field,
      entry.error_info,
    ]),
  );

// Noto Sans draws Latin A, B, E, K … and Greek Α, Β, Ε, Κ … with one glyph, and the PDF's
// ToUnicode map holds one letter per glyph: text extraction may give another letter (or none)
// for those inside the Latin reference code (reported; src/pdf). They may be anything or nothing
// here, and the text is compared without white space.
const codePattern = (code: string) =>
  new RegExp(formatReferenceCode(code).replace(/[ABEHKMNPTXYZ]/g, '[^-]?'));
const compact = (text: string) => text.replace(/\s+/g, '');

function pdfText(bytes: Buffer): string {
  const file = path.join(os.tmpdir(), `dilosi-issuance-${crypto.randomUUID()}.pdf`);
  fs.writeFileSync(file, bytes);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

describe('issuance', () => {
  let t: TestApp;
  let d: ReturnType<typeof issuanceDriver>;
  let maria: string;
  let nikos: string;
  let foreign: string;
  let eleni: string;

  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    d = issuanceDriver(t);
    maria = await loginAs(t, '100000015', { certifiedMobile: '6912345678' });
    nikos = await loginAs(t, '100000027');
    foreign = await loginAs(t, '100000064', { certifiedMobile: '+447700900123' });
    eleni = await loginAs(t, '100000052', { certifiedMobile: '6955555555' });
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    clock.reset();
  });

  const eventsOf = async (id: string) =>
    (
      await t.database.db
        .selectFrom('document_events')
        .select('action')
        .where('document_id', '=', id)
        .orderBy('id')
        .execute()
    ).map((row) => row.action);
  const outboxOf = (id: string, key: string) =>
    t.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('document_id', '=', id)
      .where('message_key', '=', key)
      .execute();

  describe('request', () => {
    it('sends one SMS code and moves to the confirm step', async () => {
      const document = await d.atPreview(maria);
      const onPreview = await d.update(maria, document.id, {});
      expect(onPreview.status).toBe(409);

      const response = await d.submit(maria, document.id);
      expect(response.status).toBe(200);
      const requested = response.body.data.document;
      expect(requested).toMatchObject({
        state: 'requested',
        step_name: 'confirm',
        reference_code: null,
      });
      const info = requested.step_info;
      expect(info.layout).toBe('confirm');
      expect(info['back-step']).toBe('preview');
      expect(info.fields.otp_code).toMatchObject({
        component: 'string',
        required: true,
        editable: true,
        label: { el: 'Κωδικός επιβεβαίωσης', en: 'Confirmation code' },
        'component-params': { max_length: 6 },
      });
      expect(info.fields.otp_code?.hint?.el).toContain('69******78');
      expect(info['field-order']).toEqual(['otp_code']);
      expect(info.actions).toEqual([
        {
          key: 'submit',
          label: { el: 'Επιβεβαίωση', en: 'Confirm', fr: 'Confirmer' },
          primary: true,
        },
        {
          key: 'resend_otp',
          label: {
            el: 'Αποστολή νέου κωδικού',
            en: 'Send a new code',
            fr: 'Envoyer un nouveau code',
          },
          primary: false,
        },
      ]);
      expect(requested.otp).toMatchObject({
        masked_mobile: '69******78',
        attempts_left: 5,
        sends_left: 4,
      });
      expect(requested.actions).toEqual([
        'retrieve',
        'resend_otp',
        'resend_email_otp',
        'download-attachment',
      ]);

      const sms = await outboxOf(document.id, 'otp_sms');
      expect(sms).toHaveLength(1);
      expect(sms[0]).toMatchObject({ channel: 'sms', recipient: '+306912345678', locale: 'el' });
      expect(sms[0]?.body).toMatch(/\d{6}.*5 λεπτά/);
      const challenge = await t.database.db
        .selectFrom('otp_challenges')
        .selectAll()
        .where('document_id', '=', document.id)
        .executeTakeFirstOrThrow();
      // Only an HMAC of the code is kept.
      expect(challenge.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(challenge.code_hash).not.toContain(await d.smsCode(document.id));
      expect((await eventsOf(document.id)).at(-1)).toBe('requested');

      // GET shows the same step; backstep goes to the preview and voids the code.
      const got = await d.api<DocumentAnswer>('GET', `/api/my-declarations/${document.id}`, {
        token: maria,
      });
      expect(got.body.data.document.step_info.fields.otp_code?.hint?.el).toContain('69******78');
      const back = await d.api<DocumentAnswer>(
        'POST',
        `/api/my-declarations/${document.id}/backstep`,
        { token: maria },
      );
      expect(back.body.data.document).toMatchObject({ state: 'editing', step_name: 'preview' });
      const voided = await t.database.db
        .selectFrom('otp_challenges')
        .select(['code_hash', 'sends'])
        .where('document_id', '=', document.id)
        .executeTakeFirstOrThrow();
      // The code is void, but the count of SMS sent stays with the document.
      expect(voided).toEqual({ code_hash: '', sends: 1 });

      // Submitting again at once is a resend: too soon.
      const again = await d.submit(maria, document.id);
      expect(again.status).toBe(429);
      expect(again.body.error.code).toBe('otp_already_sent');
      expect(await outboxOf(document.id, 'otp_sms')).toHaveLength(1);
    });

    it('refuses a citizen without a certified mobile, or with a foreign one', async () => {
      const withoutMobile = await d.atPreview(nikos);
      const refused = await d.submit(nikos, withoutMobile.id);
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('no_mobile');

      const withForeign = await d.atPreview(foreign);
      const notGreek = await d.submit(foreign, withForeign.id);
      expect(notGreek.status).toBe(403);
      expect(notGreek.body.error.code).toBe('mobile_not_greek');
      for (const id of [withoutMobile.id, withForeign.id]) {
        expect(await outboxOf(id, 'otp_sms')).toHaveLength(0);
        const row = await t.database.db
          .selectFrom('documents')
          .select('state')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(row.state).toBe('editing');
      }
    });
  });

  describe('confirm', () => {
    it('counts wrong codes, says how many tries are left, and stops at the limit', async () => {
      const document = await d.requested(maria);
      const empty = await d.confirm(maria, document.id, '');
      expect(empty.status).toBe(400);
      expect(empty.body.error.code).toBe('invalid_fields');
      expect(invalidFieldsOf(empty.body).otp_code?.code).toBe('required');
      // A body without the field at all (a step's save, not a submit) gets the same answer.
      const without = await d.api<ErrorBody>('POST', `/api/my-declarations/${document.id}`, {
        token: maria,
        json: { document: { statements: { statement: 'Άλλο κείμενο.' } } },
      });
      expect(without.status).toBe(400);
      expect(invalidFieldsOf(without.body).otp_code?.code).toBe('required');
      const malformed = await d.confirm(maria, document.id, '12a45');
      expect(malformed.status).toBe(400);
      expect(invalidFieldsOf(malformed.body).otp_code?.code).toBe('otp_invalid');

      const right = await d.smsCode(document.id);
      const wrong = right === '000000' ? '000001' : '000000';
      const first = await d.confirm(maria, document.id, wrong);
      expect(first.status).toBe(400);
      expect(first.body.error).toMatchObject({
        code: 'otp_invalid',
        message: 'Λανθασμένος κωδικός επιβεβαίωσης.',
        data: { remaining_attempts: 4 },
      });
      expect(invalidFieldsOf(first.body).otp_code).toEqual({
        code: 'otp_invalid',
        message: 'Λανθασμένος κωδικός επιβεβαίωσης.',
        params: { remaining: 4 },
      });
      // The failed attempt is committed despite the error answer.
      const { attempts } = await t.database.db
        .selectFrom('otp_challenges')
        .select('attempts')
        .where('document_id', '=', document.id)
        .executeTakeFirstOrThrow();
      expect(attempts).toBe(1);

      const english = await d.api<ErrorBody>(
        'POST',
        `/api/my-declarations/${document.id}?lang=en`,
        {
          token: maria,
          json: { document: { statements: { otp_code: wrong } } },
        },
      );
      expect(english.body.error.message).toBe('Wrong confirmation code.');
      for (let i = 0; i < 3; i += 1) await d.confirm(maria, document.id, wrong);
      const exhausted = await d.confirm(maria, document.id, right);
      expect(exhausted.status).toBe(400);
      expect(exhausted.body.error.code).toBe('otp_max_attempts');
      expect(invalidFieldsOf(exhausted.body).otp_code?.code).toBe('otp_max_attempts');

      // A new code (after the resend interval) gives new attempts.
      clock.advance(61_000);
      const resent = await d.action(maria, document.id, 'resend_otp');
      expect(resent.status).toBe(200);
      expect(resent.body.data.document.otp?.attempts_left).toBe(5);
      const issued = await d.confirm(maria, document.id, await d.smsCode(document.id));
      expect(issued.status).toBe(200);
      expect(issued.body.data.document.state).toBe('issued');
    });

    it('refuses an expired code', async () => {
      const document = await d.requested(maria);
      const code = await d.smsCode(document.id);
      clock.advance(301_000);
      const expired = await d.confirm(maria, document.id, code);
      expect(expired.status).toBe(400);
      expect(expired.body.error.code).toBe('otp_expired');
      expect(invalidFieldsOf(expired.body).otp_code?.code).toBe('otp_expired');
    });

    it('resends a code only after the interval, and only the newest code counts', async () => {
      const document = await d.requested(maria);
      const firstCode = await d.smsCode(document.id);
      const tooSoon = await d.action(maria, document.id, 'resend_otp');
      expect(tooSoon.status).toBe(429);
      expect(tooSoon.body.error.code).toBe('otp_already_sent');
      expect(tooSoon.body.error.data).toMatchObject({ retry_after_seconds: 60, sends_left: 4 });

      clock.advance(61_000);
      const resent = await d.action(maria, document.id, 'resend_otp');
      expect(resent.status).toBe(200);
      expect(resent.body.message).toBe('Στάλθηκε νέος κωδικός.');
      expect(await outboxOf(document.id, 'otp_sms')).toHaveLength(2);
      const secondCode = await d.smsCode(document.id);
      if (secondCode !== firstCode) {
        const old = await d.confirm(maria, document.id, firstCode);
        expect(old.body.error.code).toBe('otp_invalid');
      }
      const issued = await d.confirm(maria, document.id, secondCode);
      expect(issued.status).toBe(200);
    });

    it('issues: reference code, PDF, events, and a case for an entity recipient', async () => {
      const requested = await d.requested(maria);
      const response = await d.confirm(maria, requested.id, await d.smsCode(requested.id));
      expect(response.status).toBe(200);
      const document = response.body.data.document;
      const code = document.reference_code ?? '';
      expect(parseReferenceCode(code)).toEqual({ ok: true, code });
      expect(document).toMatchObject({
        state: 'issued',
        step_name: 'issued',
        is_official: true,
        qrcode: `${t.app.config.publicUrl}/show/${code}`,
        actions: [
          'retrieve',
          'pdf',
          'share',
          'revoke',
          'send-document-link',
          'download-attachment',
          'dismiss',
          'set-retention',
        ],
        otp: null,
      });
      expect(document.step_info).toMatchObject({
        key: 'issued',
        layout: 'issued',
        elements: [{ type: 'document-preview' }],
        'is-final-view': true,
        actions: [],
        fields: {},
        'back-step': null,
      });
      const issuedAt = new Date(document.issued_at ?? '').getTime();
      expect(new Date(document.retention_until ?? '').getTime() - issuedAt).toBe(30 * DAY_MS);
      expect(document.pdf).toMatchObject({ filename: `${code}.pdf` });
      expect(document.pdf?.size).toBeGreaterThan(1000);
      expect(await eventsOf(document.id)).toEqual([
        'create',
        'update',
        'update',
        'requested',
        'issued',
        'pdf_created',
      ]);

      expect(document.case_id).toMatch(/^\d{4}\/\d{6}$/);
      const entry = await t.database.db
        .selectFrom('inbox_entries')
        .innerJoin('entities', 'entities.id', 'inbox_entries.entity_id')
        .select([
          'inbox_entries.id',
          'entities.codename',
          'inbox_entries.case_id',
          'inbox_entries.status',
          'inbox_entries.reference_code',
          'inbox_entries.template_refname',
          'inbox_entries.subject',
          'inbox_entries.citizen_name',
          'inbox_entries.citizen_afm',
        ])
        .where('inbox_entries.document_id', '=', document.id)
        .executeTakeFirstOrThrow();
      expect(entry).toMatchObject({
        codename: 'EFKA',
        case_id: document.case_id,
        status: 'incoming',
        reference_code: code,
        template_refname: 'solemn-declaration',
        subject: 'Υπεύθυνη δήλωση',
        citizen_name: 'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ',
        citizen_afm: '100000015',
      });
      const caseEvents = await t.database.db
        .selectFrom('case_events')
        .select('action')
        .where('inbox_entry_id', '=', entry.id)
        .execute();
      expect(caseEvents).toEqual([{ action: 'received' }]);

      // Final: no second confirm, no update, no backstep, no resend, no delete.
      const again = await d.confirm(maria, document.id, '123456');
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('action_not_allowed_on_state');
      expect((await d.update(maria, document.id, { statement: 'x' })).status).toBe(409);
      const back = await d.api<ErrorBody>('POST', `/api/my-declarations/${document.id}/backstep`, {
        token: maria,
      });
      expect(back.status).toBe(409);
      expect((await d.action(maria, document.id, 'resend_otp')).status).toBe(409);

      // The done page reads it by reference code, as typed.
      const byRef = await d.api<DocumentAnswer>(
        'GET',
        `/api/citizen-declarations/${formatReferenceCode(code).toLowerCase()}`,
        { token: maria },
      );
      expect(byRef.status).toBe(200);
      expect(byRef.body.data.document.id).toBe(document.id);
      for (const [token, ref] of [
        [eleni, code],
        [maria, 'NOT-A-CODE'],
        [maria, `${code.slice(0, 15)}${code.endsWith('0') ? '1' : '0'}`],
      ] as const) {
        const refused = await d.api<ErrorBody>('GET', `/api/citizen-declarations/${ref}`, {
          token,
        });
        expect(refused.status).toBe(404);
        expect(refused.body.error.code).toBe('document_api__declaration_not_found');
      }
    });

    it('sends the validation link to a custom recipient with an e-mail address', async () => {
      const document = await d.issued(maria, {
        type: 'custom',
        name: 'Γιώργος Παπαδάκης',
        email: 'Giorgos@Example.gr',
      });
      expect(document.case_id).toBeNull();
      const mails = await outboxOf(document.id, 'document_link_email');
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ channel: 'email', recipient: 'giorgos@example.gr' });
      expect(mails[0]?.body).toContain(`/show/${document.reference_code}`);
      expect(mails[0]?.subject).toContain('ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ');
    });
  });

  describe('the PDF', () => {
    it.each([
      ['en', 'English translation, for information only.'],
      ['fr', 'Traduction française, pour information seulement.'],
    ])(
      'issued from the %s interface, carries that text after the authentic Greek',
      async (lang, note) => {
        const document = await d.requested(maria);
        const confirmed = await d.api<DocumentAnswer>(
          'POST',
          `/api/my-declarations/${document.id}`,
          {
            token: maria,
            headers: { 'accept-language': lang },
            json: { document: { statements: { otp_code: await d.smsCode(document.id) } } },
          },
        );
        expect(confirmed.status).toBe(200);
        const url = (await d.action(maria, document.id, 'pdf')).body.meta?.download_url ?? '';
        const text = pdfText((await d.download(url)).rawPayload);
        const greek = text.indexOf('ΥΠΕΥΘΥΝΗ ΔΗΛΩΣΗ');
        expect(greek).toBeGreaterThan(-1);
        expect(text.indexOf(note)).toBeGreaterThan(greek);
        // The statement, the citizen's own words, in both parts.
        expect(text.split('Όλα τα στοιχεία είναι αληθή.').length - 1).toBe(2);
      },
    );

    it('issued from the Greek interface, has no translation', async () => {
      const document = await d.issued(maria);
      const url = (await d.action(maria, document.id, 'pdf')).body.meta?.download_url ?? '';
      const text = pdfText((await d.download(url)).rawPayload);
      expect(text).not.toContain('translation');
      expect(text.split('Όλα τα στοιχεία είναι αληθή.').length - 1).toBe(1);
    });

    it('downloads the same sealed bytes every time, with the reference code in the text', async () => {
      const document = await d.issued(maria);
      const pdf = await d.action(maria, document.id, 'pdf');
      expect(pdf.status).toBe(200);
      const url = pdf.body.meta?.download_url ?? '';
      expect(url).toMatch(/^\/api\/pdf\/[\w-]{48}$/);
      expect(pdf.body.data['document-pdf']).toEqual({ 'content-uri': url });

      const first = await d.download(url);
      const second = await d.download(url);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('application/pdf');
      expect(first.headers['content-disposition']).toBe(
        `attachment; filename="${document.reference_code}.pdf"`,
      );
      expect(first.headers['cache-control']).toBe('private, no-store');
      expect(first.headers.etag).toBe(`"${document.pdf?.sha256}"`);
      expect(first.rawPayload.equals(second.rawPayload)).toBe(true);
      const sha256 = crypto.createHash('sha256').update(first.rawPayload).digest('hex');
      expect(sha256).toBe(document.pdf?.sha256);
      expect(first.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(first.rawPayload.includes('/ETSI.CAdES.detached')).toBe(true);
      expect(compact(pdfText(first.rawPayload))).toMatch(
        codePattern(document.reference_code ?? ''),
      );

      const token = await d.api<{ data: { download_url: string; expires_at: string } }>(
        'POST',
        `/api/my-declarations/${document.id}/pdf/token`,
        { token: maria },
      );
      expect(token.status).toBe(200);
      const again = await d.download(token.body.data.download_url);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    });

    it('refuses other citizens, tampered and expired tokens', async () => {
      const document = await d.issued(maria);
      const foreignToken = await d.api<ErrorBody>(
        'POST',
        `/api/my-declarations/${document.id}/pdf/token`,
        { token: eleni },
      );
      expect(foreignToken.status).toBe(404);
      expect(foreignToken.body.error.code).toBe('document_api__declaration_not_found');
      expect((await d.action(eleni, document.id, 'pdf')).status).toBe(404);

      const url = (await d.action(maria, document.id, 'pdf')).body.meta?.download_url ?? '';
      const bytes = Buffer.from(url.replace('/api/pdf/', ''), 'base64url');
      const flip = (index: number) => {
        const copy = Buffer.from(bytes);
        copy[index] = (copy[index] ?? 0) ^ 1;
        return `/api/pdf/${copy.toString('base64url')}`;
      };
      // Another document's id, a later expiry, a forged signature, garbage.
      for (const tampered of [flip(0), flip(17), flip(30), '/api/pdf/garbage']) {
        const refused = await d.download(tampered);
        expect(refused.statusCode).toBe(404);
      }
      clock.advance(301_000);
      const expired = await d.download(url);
      expect(expired.statusCode).toBe(410);
      expect(expired.json<ErrorBody>().error.code).toBe('pdf_token_expired');
    });
  });

  describe('actions on an issued document', () => {
    let document: ApiDocument;
    beforeAll(async () => {
      document = await d.issued(maria);
    });

    it('sends it by e-mail and SMS', async () => {
      const email = await d.action(maria, document.id, 'send-document-link', { method: 'email' });
      expect(email.status).toBe(200);
      expect(email.body.message).toBe('Το έγγραφο στάλθηκε με email.');
      const mails = await outboxOf(document.id, 'document_email');
      expect(mails.map((mail) => mail.recipient)).toEqual(['maria.papadopoulou@example.gr']);
      expect(mails[0]?.body).toContain(`/show/${document.reference_code}`);
      const invalid = await d.action(maria, document.id, 'send-document-link', {
        method: 'email',
        email: 'not-an-address',
      });
      expect(invalid.status).toBe(400);
      expect(invalidFieldsOf(invalid.body).email?.code).toBe('email_invalid');

      const sms = await d.action(maria, document.id, 'send-document-link', { method: 'sms' });
      expect(sms.status).toBe(200);
      expect(sms.body.message).toBe('Το έγγραφο στάλθηκε με SMS.');
      expect(await outboxOf(document.id, 'document_sms')).toMatchObject([
        { recipient: '+306912345678' },
      ]);
      const english = await d.api<DocumentActionResponse>(
        'POST',
        `/api/my-declarations/${document.id}/action`,
        {
          token: maria,
          json: { action: 'send-document-link', arguments: { method: 'sms' } },
          headers: { 'accept-language': 'en' },
        },
      );
      expect(english.body.message).toBe('The document has been sent by SMS.');
    });

    it('sends the link to someone else, and shares with a named person', async () => {
      const missing = await d.action(maria, document.id, 'send-document-link');
      expect(missing.status).toBe(400);
      expect(invalidFieldsOf(missing.body).method?.code).toBe('required');
      const link = await d.action(maria, document.id, 'send-document-link', {
        method: 'email',
        email: 'lawyer@example.gr',
      });
      expect(link.status).toBe(200);
      expect(await outboxOf(document.id, 'document_link_email')).toMatchObject([
        { recipient: 'lawyer@example.gr' },
      ]);

      const person = (fields: Record<string, string>) => ({
        targets: [{ type: 'person', ...fields }],
      });
      const empty = await d.action(maria, document.id, 'share', person({}));
      expect(empty.status).toBe(400);
      expect(invalidFieldsOf(empty.body)).toMatchObject({
        'targets[0].firstname': { code: 'required' },
        'targets[0].surname': { code: 'required' },
        'targets[0].afm': { code: 'required' },
      });
      const badAfm = await d.action(
        maria,
        document.id,
        'share',
        person({ firstname: 'Νίκος', surname: 'Γεωργίου', afm: '123456789' }),
      );
      expect(invalidFieldsOf(badAfm.body)).toEqual({
        'targets[0].afm': { code: 'afm_invalid', message: 'Ο ΑΦΜ δεν είναι έγκυρος' },
      });
      const shared = await d.action(
        maria,
        document.id,
        'share',
        person({ firstname: 'Νίκος', surname: 'Γεωργίου', afm: '100000027' }),
      );
      expect(shared.status).toBe(200);
      expect(shared.body.message).toBe('Το έγγραφο κοινοποιήθηκε στον/στην Νίκος Γεωργίου.');
      const shares = await t.database.db
        .selectFrom('document_shares')
        .select(['firstname', 'surname', 'afm'])
        .where('document_id', '=', document.id)
        .execute();
      expect(shares).toEqual([{ firstname: 'Νίκος', surname: 'Γεωργίου', afm: '100000027' }]);
    });

    it('sets the retention between 30 days and 5 years from issue', async () => {
      for (const days of [29, 1827, 'abc', 30.5]) {
        const refused = await d.action(maria, document.id, 'set-retention', { days });
        expect(refused.status).toBe(400);
        expect(invalidFieldsOf(refused.body).days?.code).toBe('retention_days_invalid');
      }
      const set = await d.action(maria, document.id, 'set-retention', { days: 1826 });
      expect(set.status).toBe(200);
      const updated = set.body.data.document;
      const issuedAt = new Date(updated.issued_at ?? '').getTime();
      expect(new Date(updated.retention_until ?? '').getTime() - issuedAt).toBe(1826 * DAY_MS);
      expect(set.body.message).toMatch(/^Το έγγραφο θα διατηρηθεί έως \d{2}\/\d{2}\/\d{4}\.$/);
    });

    it('refuses unknown actions, other citizens and wrong states', async () => {
      const unknown = await d.action(maria, document.id, 'explode');
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.code).toBe('invalid_request');
      const foreignAction = await d.action(eleni, document.id, 'revoke');
      expect(foreignAction.status).toBe(404);
      expect(foreignAction.body.error.code).toBe('document_api__declaration_not_found');
      const draft = await d.create(maria);
      const onDraft = await d.action(maria, draft.id, 'revoke');
      expect(onDraft.status).toBe(409);
      expect(onDraft.body.error.code).toBe('action_not_allowed_on_state');
    });

    it('revokes once, irreversibly, then dismisses it from the list', async () => {
      const revoked = await d.action(maria, document.id, 'revoke');
      expect(revoked.status).toBe(200);
      expect(revoked.body.message).toBe('Το έγγραφο έχει ανακληθεί.');
      expect(revoked.body.data.document).toMatchObject({
        state: 'revoked',
        step_name: 'revoked',
        actions: ['retrieve', 'download-attachment', 'dismiss'],
      });
      expect(revoked.body.data.document.step_info).toMatchObject({
        title: { el: 'Το έγγραφο έχει ανακληθεί.' },
        'is-final-view': true,
        actions: [],
      });
      expect((await eventsOf(document.id)).at(-1)).toBe('revoked');
      const again = await d.action(maria, document.id, 'revoke');
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('action_not_allowed_on_state');
      expect((await d.action(maria, document.id, 'pdf')).status).toBe(409);

      const list = async () =>
        (
          await d.api<{ data: DocumentListItem[] }>(
            'GET',
            '/api/citizen-declarations?draft=false&limit=100',
            {
              token: maria,
            },
          )
        ).body.data.map((item) => item.id);
      expect(await list()).toContain(document.id);
      const dismissed = await d.action(maria, document.id, 'dismiss');
      expect(dismissed.status).toBe(200);
      expect(await list()).not.toContain(document.id);
      const stillThere = await d.api<DocumentAnswer>('GET', `/api/my-declarations/${document.id}`, {
        token: maria,
      });
      expect(stillThere.body.data.document.state).toBe('revoked');
    });
  });

  describe('reference codes', () => {
    it('draws the code again when a deleted document (its tombstone) already used it', async () => {
      const document = await d.requested(eleni);
      const drawn = Buffer.alloc(10, 7);
      const taken = referenceCodeFromRandomBytes(drawn);
      await t.database.db
        .insertInto('document_tombstones')
        .values({ reference_code: taken, issued_at: new Date(), deleted_at: new Date() })
        .execute();
      const randomBytes = crypto.randomBytes.bind(crypto);
      let handedOut = false;
      const spy = vi.spyOn(crypto, 'randomBytes').mockImplementation(((size: number) => {
        if (size !== 10 || handedOut) return randomBytes(size);
        handedOut = true;
        return Buffer.from(drawn);
      }) as typeof crypto.randomBytes);
      try {
        const issued = await d.confirm(eleni, document.id, await d.smsCode(document.id));
        expect(issued.status).toBe(200);
        expect(handedOut).toBe(true);
        const code = issued.body.data.document.reference_code;
        expect(code).toMatch(/^[A-Z0-9]{16}$/);
        expect(code).not.toBe(taken);
      } finally {
        spy.mockRestore();
      }
    });
  });

  describe('retention', () => {
    it('deletes expired documents and stale drafts, leaving a tombstone', async () => {
      const document = await d.issued(eleni);
      const kept = await d.issued(eleni);
      expect((await d.action(eleni, kept.id, 'set-retention', { days: 60 })).status).toBe(200);
      const draft = await d.create(eleni);
      await t.app.notifier.deliverPending();

      clock.advance(31 * DAY_MS);
      const summary = await purgeExpiredDocuments(t.database, t.app.config);
      expect(summary.documents).toBeGreaterThanOrEqual(1);
      expect(summary.drafts).toBeGreaterThanOrEqual(1);
      expect(summary.otpMessages).toBeGreaterThanOrEqual(2);

      const remaining = await t.database.db
        .selectFrom('documents')
        .select('id')
        .where('id', 'in', [document.id, kept.id, draft.id])
        .execute();
      expect(remaining).toEqual([{ id: kept.id }]);
      const pdfs = await t.database.db
        .selectFrom('document_pdfs')
        .select('document_id')
        .where('document_id', 'in', [document.id, kept.id])
        .execute();
      expect(pdfs).toEqual([{ document_id: kept.id }]);
      const tombstone = await t.database.db
        .selectFrom('document_tombstones')
        .selectAll()
        .where('reference_code', '=', document.reference_code ?? '')
        .executeTakeFirstOrThrow();
      expect(new Date(tombstone.issued_at ?? 0).toISOString()).toBe(document.issued_at);
      // The entity's case outlives the citizen's copy.
      const entry = await t.database.db
        .selectFrom('inbox_entries')
        .select(['document_id', 'reference_code'])
        .where('case_id', '=', document.case_id ?? '')
        .executeTakeFirstOrThrow();
      expect(entry).toEqual({ document_id: null, reference_code: document.reference_code });
      expect(await outboxOf(document.id, 'otp_sms')).toHaveLength(0);
      const gone = await d.api<ErrorBody>('GET', `/api/my-declarations/${document.id}`, {
        token: await loginAs(t, '100000052', { certifiedMobile: '6955555555' }),
      });
      expect(gone.status).toBe(404);
    });
  });
});

describe('issuance with REFCODE_ENABLED=false, and anonymous templates', () => {
  let t: TestApp;
  let d: ReturnType<typeof issuanceDriver>;

  beforeAll(async () => {
    t = await createTestApp({ env: { ...ENV, REFCODE_ENABLED: 'false' } });
    d = issuanceDriver(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the code in the database but out of the answer and the PDF', async () => {
    const maria = await loginAs(t, '100000015', { certifiedMobile: '6912345678' });
    const document = await d.issued(maria);
    expect(document).toMatchObject({ state: 'issued', reference_code: null, qrcode: null });
    expect(document.pdf?.filename).toBe(`${document.id}.pdf`);
    const row = await t.database.db
      .selectFrom('documents')
      .select('reference_code')
      .where('id', '=', document.id)
      .executeTakeFirstOrThrow();
    expect(parseReferenceCode(row.reference_code ?? '').ok).toBe(true);
    const url = (await d.action(maria, document.id, 'pdf')).body.meta?.download_url ?? '';
    const text = pdfText((await d.download(url)).rawPayload);
    expect(text).toContain('ΥΠΕΥΘΥΝΗ ΔΗΛΩΣΗ');
    expect(compact(text)).not.toMatch(codePattern(row.reference_code ?? ''));
    expect(text).not.toContain('Κωδικός επαλήθευσης');
    expect(text).not.toContain('/show/');
  });

  it('issues an anonymous template used anonymously at submit, not official', async () => {
    const anonymous = await loginAnonymously(t, 'anonymous-subject-1');
    const challenge = (
      await t.app.inject({ method: 'GET', url: '/api/captcha' })
    ).json<CaptchaChallenge>();
    const created = await d.api<DocumentAnswer>('POST', '/api/my-declarations/', {
      token: anonymous,
      json: {
        document: { template: 'anonymous-complaint', statements: {} },
        captcha: await solveCaptcha(challenge),
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.document.id;
    const complaint = await d.update(anonymous, id, {
      category: 'maladministration',
      service_name: 'Δημοτική υπηρεσία',
      description: 'Περιγραφή του περιστατικού.',
    });
    expect(complaint.status).toBe(200);
    const preview = await d.update(anonymous, id, { recipient: EFKA });
    expect(preview.body.data.document.step_name).toBe('preview');
    const issued = await d.submit(anonymous, id);
    expect(issued.status).toBe(200);
    expect(issued.body.data.document).toMatchObject({ state: 'issued', is_official: false });
    const row = await t.database.db
      .selectFrom('documents')
      .select(['state', 'is_official', 'case_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'issued', is_official: false });
    expect(row.case_id).toMatch(/^\d{4}\/\d{6}$/);
    // Issue #37: the PDF says the issuer was not identified.
    const url = (await d.action(anonymous, id, 'pdf')).body.meta?.download_url ?? '';
    expect(compact(pdfText((await d.download(url)).rawPayload))).toContain(
      compact('Εκδότης: Μη ταυτοποιημένος (ανώνυμη χρήση)'),
    );
    // The validation's issuer_identified: anonymous-scope.test.ts (reference codes on).
    expect(
      await t.database.db.selectFrom('outbox').select('id').where('document_id', '=', id).execute(),
    ).toEqual([]);
  });
});
