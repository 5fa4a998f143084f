import { athensToday, formatReferenceCode, type ApiDocument } from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../src/clock';
import { checkApostille } from '../../src/modules/template-services/apostille';
import { loginAs } from '../fixtures/citizens';
import { client, type ErrorBody } from '../fixtures/http';
import { issueDocument } from '../fixtures/issue-document';
import { templateSamples } from '../fixtures/template-values';
import { createTestApp, type TestApp } from '../helpers';

/**
 * Issue #40: the services templates use beyond their fields (modules/template-services): the
 * apostille's checks of the document named, the voucher programme (a bucket, a daily limit, one
 * per beneficiary), one criminal-record request in progress; and the second parent's tax number
 * against the registry. Each refusal is the spec's code with a message in the user's language,
 * and nothing already saved is lost.
 */
type DocumentAnswer = { data: { document: ApiDocument } };

const CITIZEN = '100000015';
const OTHER = '100000027';
const CHILD_AFM = '094000012';

describe('template services', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let citizen: string;
  let other: string;
  let samples: ReturnType<typeof templateSamples>;

  beforeAll(async () => {
    t = await createTestApp({
      env: { DEVEL: 'true', RATE_LIMIT_MAX: '100000', OTP_SENDS_PER_HOUR: '1000' },
    });
    api = client(t.app);
    citizen = await loginAs(t, CITIZEN, { certifiedMobile: '6912345678' });
    other = await loginAs(t, OTHER, { certifiedMobile: '6912345670' });
    samples = templateSamples(athensToday(now()), (codename) => ({
      type: 'entity',
      codename,
      name: { el: codename, en: codename, fr: codename },
    }));
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = async (token: string, template: string) => {
    const created = await api<DocumentAnswer & ErrorBody>('POST', '/api/my-declarations/', {
      token,
      json: { document: { template } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data.document.id;
  };
  const save = (token: string, id: string, statements: Record<string, unknown>, locale = 'el') =>
    api<DocumentAnswer & ErrorBody>('POST', `/api/my-declarations/${id}`, {
      token,
      json: { document: { statements } },
      headers: { 'accept-language': locale },
    });
  const firstStep = (template: string) => {
    const sample = samples[template];
    if (!sample) throw new Error(template);
    return Object.values(sample.steps)[0]?.values ?? {};
  };
  const invalidOf = (body: ErrorBody) =>
    (body.error.data?.invalid_fields ?? []) as {
      invalid_field: string;
      error_info: { code: string; message: string };
    }[];
  const referenceOf = async (id: string) =>
    (
      await t.database.db
        .selectFrom('documents')
        .select('reference_code')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).reference_code ?? '';
  const declare = (token: string) =>
    issueDocument(t, api, token, {
      template: 'solemn-declaration',
      steps: [{ statement: 'Δηλώνω ότι τα στοιχεία είναι αληθή.' }],
    });
  const stateOf = async (id: string) =>
    (
      await t.database.db
        .selectFrom('documents')
        .select(['state', 'step'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).state;

  describe('apostille', () => {
    const apostilleOf = async (code: string, locale = 'el', token = citizen) => {
      const id = await create(token, 'apostille-request');
      const saved = await save(
        token,
        id,
        { ...firstStep('apostille-request'), document_reference: code },
        locale,
      );
      return { id, saved };
    };
    const refusedWith = (saved: Awaited<ReturnType<typeof apostilleOf>>['saved'], code: string) => {
      expect(saved.status, JSON.stringify(saved.body)).toBe(400);
      expect(invalidOf(saved.body)).toEqual([
        expect.objectContaining({
          invalid_field: 'document_reference',
          error_info: expect.objectContaining({ code }),
        }),
      ]);
    };

    it('takes a declaration of her own, issued, typed as people type codes', async () => {
      const { id } = await declare(citizen);
      const code = formatReferenceCode(await referenceOf(id)).toLowerCase();
      const { saved } = await apostilleOf(code);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.data.document.step_name).toBe('recipient');
    });

    it('refuses a code no document has, in the user language', async () => {
      const { saved } = await apostilleOf('0000-0000-0000-0000', 'en');
      refusedWith(saved, 'apostille_document_not_found');
      expect(invalidOf(saved.body)[0]?.error_info.message).toBe(
        'No document with this code was found for an apostille',
      );
      const garbage = await apostilleOf('not a code');
      refusedWith(garbage.saved, 'apostille_document_not_found');
    });

    it("refuses another person's document until it is shared with her", async () => {
      const { id } = await declare(other);
      const code = await referenceOf(id);
      const refused = await apostilleOf(code);
      refusedWith(refused.saved, 'apostille_no_access');
      // The draft keeps what was saved before: still at its first step, nothing lost.
      expect(await stateOf(refused.id)).toBe('editing');
      const shared = await api<ErrorBody>('POST', `/api/my-declarations/${id}/action`, {
        token: other,
        json: {
          action: 'share',
          arguments: {
            targets: [
              { type: 'person', firstname: 'Μαρία', surname: 'Παπαδοπούλου', afm: CITIZEN },
            ],
          },
        },
      });
      expect(shared.status, JSON.stringify(shared.body)).toBe(200);
      const taken = await save(citizen, refused.id, {
        ...firstStep('apostille-request'),
        document_reference: code,
      });
      expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    });

    it('refuses a kind of document the service does not seal', async () => {
      const { id } = await declare(citizen);
      // A document of a template outside the service's list (the catalogue has no second
      // issued kind cheap to make here): the same declaration, re-labelled in the database.
      await t.database.db
        .updateTable('documents')
        .set({ template_refname: 'id-loss-declaration' })
        .where('id', '=', id)
        .execute();
      refusedWith(
        (await apostilleOf(await referenceOf(id))).saved,
        'apostille_template_not_allowed',
      );
    });

    it('refuses a revoked document, and one issued before 13/10/2023', async () => {
      const revokedDoc = await declare(citizen);
      const revoked = await api('POST', `/api/my-declarations/${revokedDoc.id}/action`, {
        token: citizen,
        json: { action: 'revoke' },
      });
      expect(revoked.status).toBe(200);
      refusedWith(
        (await apostilleOf(await referenceOf(revokedDoc.id))).saved,
        'apostille_not_issued',
      );

      const old = await declare(citizen);
      await t.database.db
        .updateTable('documents')
        .set({ issued_at: new Date('2023-10-12T20:59:59Z') })
        .where('id', '=', old.id)
        .execute();
      refusedWith(
        (await apostilleOf(await referenceOf(old.id))).saved,
        'apostille_issued_before_cutoff',
      );
      // The first moment of 13/10/2023 in Athens is accepted.
      await t.database.db
        .updateTable('documents')
        .set({ issued_at: new Date('2023-10-12T21:00:00Z') })
        .where('id', '=', old.id)
        .execute();
      expect((await apostilleOf(await referenceOf(old.id))).saved.status).toBe(200);
    });

    it('checks again at issuance: a document revoked meanwhile stops the apostille', async () => {
      const { id: sourceId } = await declare(citizen);
      const code = await referenceOf(sourceId);
      const { id, saved } = await apostilleOf(code);
      expect(saved.status).toBe(200);
      const addressed = await save(citizen, id, {
        recipient: { type: 'entity', codename: 'YPES', name: { el: 'x', en: 'x', fr: 'x' } },
      });
      expect(addressed.status, JSON.stringify(addressed.body)).toBe(200);
      const submitted = await api<DocumentAnswer>('POST', `/api/my-declarations/${id}`, {
        token: citizen,
        json: { document: { statements: {} }, action: 'submit' },
      });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
      await api('POST', `/api/my-declarations/${sourceId}/action`, {
        token: citizen,
        json: { action: 'revoke' },
      });
      const sms = await t.database.db
        .selectFrom('outbox')
        .select('body')
        .where('document_id', '=', id)
        .where('message_key', '=', 'otp_sms')
        .executeTakeFirstOrThrow();
      const otp = /\b(\d{6})\b/.exec(sms.body)?.[1];
      const confirmed = await save(citizen, id, { otp_code: otp });
      expect(confirmed.status).toBe(409);
      expect(confirmed.body.error.code).toBe('apostille_not_issued');
      expect(await stateOf(id)).toBe('requested');
    });

    it('needs a tax number (a page, not a field)', async () => {
      await expect(
        checkApostille(
          t.database.db,
          { kind: 'apostille', document_field: 'document_reference', allowed_templates: ['x'] },
          { values: { document_reference: 'x' }, user: { id: 'anonymous', afm: null } },
        ),
      ).rejects.toMatchObject({ statusCode: 403, code: 'apostille_no_afm' });
    });
  });

  describe('voucher programme', () => {
    const PROGRAMME = 'children-camps-2026';
    const voucherFor = (childAfm: string, token = citizen) =>
      issueDocument(t, api, token, {
        template: 'camp-voucher-application',
        steps: [{ ...firstStep('camp-voucher-application'), child_afm: childAfm }],
      });
    const startFor = async (childAfm: string, locale = 'el') => {
      const id = await create(citizen, 'camp-voucher-application');
      const saved = await save(
        citizen,
        id,
        { ...firstStep('camp-voucher-application'), child_afm: childAfm },
        locale,
      );
      return { id, saved };
    };

    it('gives one voucher per child, and says so in the user language', async () => {
      const { id } = await voucherFor(CHILD_AFM);
      const grant = await t.database.db
        .selectFrom('voucher_grants')
        .selectAll()
        .where('programme', '=', PROGRAMME)
        .executeTakeFirstOrThrow();
      expect(grant).toMatchObject({ beneficiary_afm: CHILD_AFM, document_id: id });
      const bucket = await t.database.db
        .selectFrom('voucher_programmes')
        .select('remaining')
        .where('programme', '=', PROGRAMME)
        .executeTakeFirstOrThrow();
      expect(bucket.remaining).toBe(4999);

      const again = await startFor(CHILD_AFM, 'en');
      expect(again.saved.status).toBe(409);
      expect(again.saved.body.error.code).toBe('beneficiary_has_voucher');
      expect(again.saved.body.error.message).toBe(
        'The beneficiary has already received a voucher from the programme.',
      );
      // Another child of hers is welcome.
      expect((await startFor(OTHER)).saved.status).toBe(200);
    });

    it('refuses once the day has given its vouchers (429 event_limit_reached)', async () => {
      const today = now();
      await t.database.db
        .insertInto('voucher_grants')
        .values(
          Array.from({ length: 199 }, (_, index) => ({
            programme: PROGRAMME,
            beneficiary_afm: `D${String(index).padStart(8, '0')}`,
            document_id: '00000000-0000-4000-8000-000000000000',
            granted_at: today,
          })),
        )
        .execute();
      try {
        const refused = await startFor('100000040');
        expect(refused.saved.status).toBe(429);
        expect(refused.saved.body.error.code).toBe('event_limit_reached');
        expect(refused.saved.body.error.message).toBe(
          'Δόθηκαν όλα τα voucher του προγράμματος για σήμερα. Δοκιμάστε ξανά αύριο.',
        );
      } finally {
        await t.database.db
          .deleteFrom('voucher_grants')
          .where('beneficiary_afm', 'like', 'D%')
          .execute();
      }
    });

    it('refuses when the bucket is empty, and the last voucher goes to one of two at once', async () => {
      // Two drafts at their SMS code, then one voucher left for both.
      const ready = async (childAfm: string) => {
        const { id, saved } = await startFor(childAfm);
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
        expect(
          (
            await save(citizen, id, {
              recipient: { type: 'entity', codename: 'YPES', name: { el: 'x', en: 'x', fr: 'x' } },
            })
          ).status,
        ).toBe(200);
        const submitted = await api('POST', `/api/my-declarations/${id}`, {
          token: citizen,
          json: { document: { statements: {} }, action: 'submit' },
        });
        expect(submitted.status).toBe(200);
        const sms = await t.database.db
          .selectFrom('outbox')
          .select('body')
          .where('document_id', '=', id)
          .where('message_key', '=', 'otp_sms')
          .executeTakeFirstOrThrow();
        return { id, otp: /\b(\d{6})\b/.exec(sms.body)?.[1] };
      };
      const first = await ready('200000006');
      const second = await ready('200000018');
      await t.database.db
        .updateTable('voucher_programmes')
        .set({ remaining: 1 })
        .where('programme', '=', PROGRAMME)
        .execute();
      const answers = await Promise.all([
        save(citizen, first.id, { otp_code: first.otp }),
        save(citizen, second.id, { otp_code: second.otp }),
      ]);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([200, 409]);
      const loser = answers.find((answer) => answer.status === 409);
      expect(loser?.body.error.code).toBe('bucket_out_of_vouchers');
      const left = await t.database.db
        .selectFrom('voucher_programmes')
        .select('remaining')
        .where('programme', '=', PROGRAMME)
        .executeTakeFirstOrThrow();
      expect(left.remaining).toBe(0);
      // Empty: the next one is told at its first step.
      const late = await startFor('200000020');
      expect(late.saved.status).toBe(409);
      expect(late.saved.body.error.code).toBe('bucket_out_of_vouchers');
    });
  });

  describe('one criminal-record request in progress', () => {
    it('refuses a second request while the first case is open, and takes it once closed', async () => {
      // Nikos was born in February 1985 (the registry's year and month of birth).
      const nikos = {
        ...firstStep('criminal-record-request'),
        birth_year: '1985',
        birth_month: '2',
      };
      const { id } = await issueDocument(t, api, other, {
        template: 'criminal-record-request',
        steps: [nikos],
      });
      const second = await create(other, 'criminal-record-request');
      const refused = await save(other, second, nikos, 'fr');
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('poiniko_ait_already_pending');
      expect(refused.body.error.message).not.toBe('');
      await t.database.db
        .updateTable('inbox_entries')
        .set({ closed_at: now() })
        .where('document_id', '=', id)
        .execute();
      const taken = await save(other, second, nikos);
      expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    });
  });

  describe('second parent against the registry', () => {
    it('refuses a surname the registry does not hold for the tax number, in any script', async () => {
      const id = await create(citizen, 'child-naming-declaration');
      const values = firstStep('child-naming-declaration');
      const wrong = await save(citizen, id, { ...values, second_parent_surname: 'Παπαδόπουλος' });
      expect(wrong.status).toBe(400);
      expect(invalidOf(wrong.body)).toEqual([
        expect.objectContaining({
          invalid_field: 'second_parent_surname',
          error_info: expect.objectContaining({ code: 'second_parent_name_mismatch' }),
        }),
      ]);
      const latin = await save(citizen, id, { ...values, second_parent_surname: 'GEORGIOU' });
      expect(latin.status, JSON.stringify(latin.body)).toBe(200);
    });
  });

  describe('student numbers against the student registry', () => {
    const status = (token: string, values: Record<string, unknown>) =>
      create(token, 'student-status-declaration').then((id) =>
        save(token, id, { purpose: 'Φοιτητική εστία', ...values }, 'en'),
      );

    it("takes a student's own number, and refuses another", async () => {
      const own = await status(other, { capacity: 'student', student_number: '4012' });
      expect(own.status, JSON.stringify(own.body)).toBe(200);
      const wrong = await status(other, { capacity: 'student', student_number: '9999' });
      expect(wrong.status).toBe(400);
      expect(invalidOf(wrong.body)).toEqual([
        expect.objectContaining({
          invalid_field: 'student_number',
          error_info: {
            code: 'student_number_mismatch',
            message: 'The student number is not yours in the student registry',
          },
        }),
      ]);
    });

    it('refuses someone the student registry does not know (its own family, a page)', async () => {
      const stranger = await status(citizen, { capacity: 'student', student_number: '4012' });
      expect(stranger.status).toBe(404);
      expect(stranger.body.error.code).toBe('student_not_found');
      // Not a student: no number, no registry.
      expect((await status(citizen, { capacity: 'not_student' })).status).toBe(200);
    });
  });

  describe('year and month of birth against the tax registry', () => {
    it('takes her own, refuses another (on the year), and an impossible one in the form', async () => {
      const values = firstStep('criminal-record-request');
      const own = await save(citizen, await create(citizen, 'criminal-record-request'), values);
      expect(own.status, JSON.stringify(own.body)).toBe(200);
      const id = await create(citizen, 'criminal-record-request');
      const wrong = await save(citizen, id, { ...values, birth_month: '2' }, 'en');
      expect(wrong.status).toBe(400);
      expect(invalidOf(wrong.body)).toEqual([
        expect.objectContaining({
          invalid_field: 'birth_year',
          error_info: {
            code: 'birth_year_month_mismatch',
            message: 'The year and month of birth do not match the tax registry',
          },
        }),
      ]);
      const impossible = await save(citizen, id, { ...values, birth_year: '1880' });
      expect(impossible.status).toBe(400);
      expect(invalidOf(impossible.body)).toEqual([
        expect.objectContaining({
          invalid_field: 'birth_year',
          error_info: expect.objectContaining({ code: 'birth_year_invalid' }),
        }),
      ]);
    });
  });

  describe('ages from the tax registry', () => {
    it('refuses a Fuel Pass to a declarant under 18 by the registry, takes an adult', async () => {
      const adult = await save(citizen, await create(citizen, 'fuel-pass'), firstStep('fuel-pass'));
      expect(adult.status, JSON.stringify(adult.body)).toBe(200);
      // Maria, made seventeen in the registry for this test.
      const seventeen = new Date(now().getTime() - 17 * 365.25 * 24 * 3600 * 1000);
      await t.database.db
        .updateTable('persons')
        .set({ birth_date: seventeen.toISOString().slice(0, 10) })
        .where('afm', '=', '100000015')
        .execute();
      try {
        const id = await create(citizen, 'fuel-pass');
        const young = await save(citizen, id, firstStep('fuel-pass'), 'en');
        expect(young.status).toBe(400);
        expect(invalidOf(young.body)).toEqual([
          expect.objectContaining({
            invalid_field: 'vehicle_plate',
            error_info: expect.objectContaining({ code: 'age_too_low' }),
          }),
        ]);
      } finally {
        await t.database.db
          .updateTable('persons')
          .set({ birth_date: '1980-01-01' })
          .where('afm', '=', '100000015')
          .execute();
      }
    });
  });
});
