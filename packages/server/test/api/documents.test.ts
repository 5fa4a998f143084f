import type { ApiDocument, DocumentListItem, PageMeta } from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_TEMPLATES_DIR } from '../fixtures/test-rules';
import { loginAs } from '../fixtures/citizens';
import { client, type ErrorBody } from '../fixtures/http';
import { createTestApp, type TestApp } from '../helpers';

type DocumentAnswer = { data: { document: ApiDocument } };
type InvalidFields = { invalid_field: string; error_info: { code: string; message: string } }[];

describe('the document wizard API', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let maria: string;
  let nikos: string;

  beforeAll(async () => {
    t = await createTestApp({
      env: { TEMPLATES_DIR: FIXTURE_TEMPLATES_DIR, RATE_LIMIT_MAX: '100000' },
    });
    api = client(t.app);
    maria = await loginAs(t, '100000015');
    nikos = await loginAs(t, '100000027');
  });
  afterAll(async () => {
    await t.close();
  });

  const create = async (token: string, template = 'test-declaration', statements = {}) => {
    const response = await api<DocumentAnswer>('POST', '/api/my-declarations/', {
      token,
      json: { document: { template, statements } },
    });
    expect(response.status).toBe(201);
    return response.body.data.document;
  };
  const update = (token: string, id: string, statements: Record<string, unknown>, extra = {}) =>
    api<DocumentAnswer & ErrorBody>('POST', `/api/my-declarations/${id}`, {
      token,
      json: { document: { statements, ...extra } },
    });
  const invalidFieldsOf = (body: ErrorBody) =>
    Object.fromEntries(
      (body.error.data?.invalid_fields as InvalidFields).map((entry) => [
        entry.invalid_field,
        entry.error_info,
      ]),
    );
  const eventsOf = (id: string) =>
    t.database.db
      .selectFrom('document_events')
      .select(['action', 'from_state', 'to_state', 'step'])
      .where('document_id', '=', id)
      .orderBy('id')
      .execute();

  /** A draft of test-declaration at its `details` step. */
  const atDetails = async (token = maria) => {
    const document = await create(token);
    const response = await update(token, document.id, { father_name: 'Γεώργιος' });
    expect(response.status).toBe(200);
    return response.body.data.document;
  };
  const validDetails = {
    other_afm: '100000027',
    amka: '01018000016',
    iban: 'GR1601101250000000012300695',
    mobile: '6912345678',
    postal_code: '10671',
    email: 'maria@example.gr',
    start_date: '01/02/2020',
    category: 'a',
    children: [{ child_name: 'Νίκος', child_afm: '100000039' }],
    purpose: 'Όλα τα στοιχεία είναι αληθή',
  };

  describe('create', () => {
    it('starts a draft at the first step with the registry values and the defaults', async () => {
      const document = await create(maria);
      expect(document).toMatchObject({
        state: 'editing',
        step_name: 'personal',
        type: 'solemn_declaration',
        reference_code: null,
        case_id: null,
        is_official: true,
        recipient: null,
        scope: 'my-declarations',
        template: { refname: 'test-declaration', version: 1, code: 'TSTD1' },
        attachments: {},
      });
      expect(document['declaration-id']).toBe(document.id);
      expect(document['digest-sha256']).toMatch(/^[0-9a-f]{64}$/);
      expect(document.statements).toEqual({
        firstname: 'ΜΑΡΙΑ',
        surname: 'ΠΑΠΑΔΟΠΟΥΛΟΥ',
        father_name: 'ΓΕΩΡΓΙΟΣ',
        birth_date: '01/01/1980',
        afm: '100000015',
        address_street: 'Πανεπιστημίου',
        purpose: 'ΓΙΑ ΚΑΘΕ ΝΟΜΙΜΗ ΧΡΗΣΗ',
      });
      const info = document.step_info;
      expect(info['field-order']).toEqual([
        'firstname',
        'surname',
        'father_name',
        'birth_date',
        'afm',
        'address_street',
        'landline',
      ]);
      // Registry values of external_immutable fields are read-only; an empty one is not.
      expect(info.fields.firstname).toMatchObject({ editable: false, value: 'ΜΑΡΙΑ' });
      expect(info.fields.father_name).toMatchObject({ editable: true, value: 'ΓΕΩΡΓΙΟΣ' });
      expect(info.fields.landline?.editable).toBe(true);
      expect(info.fields.landline?.value).toBeUndefined();
      expect(info.fieldsets).toEqual({
        person: {
          title: { el: 'Στοιχεία', en: 'Details', fr: 'Details' },
          fields: expect.any(Array),
        },
      });
      expect(info['fieldset-order']).toEqual(['person']);
      expect(info['wizard-steps'].map((label) => label.el)).toEqual([
        'Συμπλήρωση',
        'Παραλήπτης',
        'Προεπισκόπηση',
        'Επιβεβαίωση',
      ]);
      expect(info.actions).toEqual([
        { key: 'next', label: { el: 'Συνέχεια', en: 'Continue', fr: 'Continuer' }, primary: true },
      ]);
      expect(info['back-step']).toBeNull();
      expect(info['is-final-view']).toBe(false);
      expect(info.preview).toBeNull();
      expect(await eventsOf(document.id)).toEqual([
        { action: 'create', from_state: 'new', to_state: 'editing', step: 'personal' },
      ]);
    });

    it('keeps statements of editable fields only, never over registry values', async () => {
      const document = await create(maria, 'test-declaration', {
        firstname: 'ΑΛΛΟ',
        amka: '01018000016',
        not_a_field: 'x',
      });
      expect(document.statements.firstname).toBe('ΜΑΡΙΑ');
      expect(document.statements.amka).toBe('01018000016');
      expect(document.statements).not.toHaveProperty('not_a_field');
    });

    it('needs a template and a login', async () => {
      const missing = await api<ErrorBody>('POST', '/api/my-declarations/', {
        token: maria,
        json: { document: {} },
      });
      expect(missing.status).toBe(400);
      expect(missing.body.error.code).toBe('invalid_request');
      const anonymous = await api<ErrorBody>('POST', '/api/my-declarations/', {
        json: { document: { template: 'test-declaration' } },
      });
      expect(anonymous.status).toBe(401);
    });
  });

  describe('update', () => {
    it('saves the step, normalises, and moves on past a step with nothing to change', async () => {
      const document = await create(maria);
      const saved = await update(maria, document.id, {
        father_name: ' Γεώργιος ',
        firstname: 'ΑΛΛΟ',
        landline: '2101234567',
      });
      expect(saved.status).toBe(200);
      const next = saved.body.data.document;
      expect(next.step_name).toBe('details');
      expect(next.statements.father_name).toBe('ΓΕΩΡΓΙΟΣ');
      expect(next.statements.firstname).toBe('ΜΑΡΙΑ');
      expect(next.statements.landline).toBe('2101234567');
      expect(next['digest-sha256']).not.toBe(document['digest-sha256']);
      expect(next.step_info['back-step']).toBe('personal');
      expect(next.step_info.fieldsets.family).toEqual({ fields: ['children'] });
      expect(next.step_info.fields.info?.editable).toBe(false);
      expect(next.step_info.fields.children?.['list-of']?.fields[0]?.key).toBe('child_name');

      const after = await update(maria, next.id, validDetails);
      expect(after.status).toBe(200);
      // 'registry' only shows birth_date, a registry value: skipped.
      expect(after.body.data.document.step_name).toBe('recipient_step');
      expect(after.body.data.document.step_info['back-step']).toBe('details');
      expect(after.body.data.document.statements.children).toEqual([
        { child_name: 'Νίκος', child_afm: '100000039' },
      ]);
      expect((await eventsOf(document.id)).map((event) => event.action)).toEqual([
        'create',
        'update',
        'update',
      ]);
    });

    it('answers every failed field with its code and a Greek message, and saves nothing', async () => {
      const document = await atDetails();
      const response = await update(maria, document.id, {
        other_afm: '123456789',
        amka: '00000000000',
        iban: 'GR1601101250000000012300696',
        mobile: '2101234567',
        postal_code: '00000',
        email: 'citizen@',
        start_date: '01/01/2999',
        category: 'z',
        children: [
          { child_name: 'Α', child_afm: '100000039' },
          { child_name: '', child_afm: '100000039' },
        ],
        purpose: '   ',
      });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('invalid_fields');
      expect(response.body.error.message).toBe(
        'Ορισμένα πεδία δεν είναι σωστά συμπληρωμένα. Διορθώστε τα και δοκιμάστε ξανά.',
      );
      const fields = invalidFieldsOf(response.body);
      expect(fields).toEqual({
        other_afm: { code: 'afm_invalid', message: 'Ο ΑΦΜ δεν είναι έγκυρος' },
        amka: { code: 'amka_invalid', message: 'Ο ΑΜΚΑ δεν είναι έγκυρος' },
        iban: { code: 'iban_invalid', message: 'Το IBAN δεν είναι έγκυρο' },
        mobile: {
          code: 'mobile_invalid',
          message: 'Ο αριθμός κινητού τηλεφώνου δεν είναι έγκυρος',
        },
        postal_code: {
          code: 'postal_code_invalid',
          message: 'Ο ταχυδρομικός κώδικας δεν είναι έγκυρος',
        },
        email: {
          code: 'email_invalid',
          message: 'Η διεύθυνση ηλεκτρονικού ταχυδρομείου δεν είναι έγκυρη',
        },
        start_date: expect.objectContaining({ code: 'date_later' }),
        category: { code: 'choice_invalid', message: 'Η επιλογή δεν είναι έγκυρη' },
        'children.1.child_name': { code: 'required', message: 'Το πεδίο είναι υποχρεωτικό' },
        'children.1.child_afm': {
          code: 'list_duplicate',
          message: 'Η τιμή έχει ήδη δοθεί σε άλλη εγγραφή',
        },
        purpose: { code: 'required', message: 'Το πεδίο είναι υποχρεωτικό' },
      });
      expect(fields.start_date?.message).toMatch(
        /^Η ημερομηνία δεν μπορεί να είναι μετά τις \d\d\/\d\d\/\d{4}$/,
      );

      const reread = await api<DocumentAnswer>('GET', `/api/my-declarations/${document.id}`, {
        token: maria,
      });
      expect(reread.body.data.document.step_name).toBe('details');
      expect(reread.body.data.document.statements).toEqual(document.statements);
      expect(reread.body.data.document['digest-sha256']).toBe(document['digest-sha256']);
    });

    it('translates the messages with Accept-Language', async () => {
      const document = await atDetails();
      const response = await update(maria, document.id, {
        ...validDetails,
        other_afm: '123456789',
        start_date: '01/01/1999',
      });
      const english = await api<ErrorBody>('POST', `/api/my-declarations/${document.id}`, {
        token: maria,
        json: { document: { statements: { ...validDetails, other_afm: '123456789' } } },
        headers: { 'accept-language': 'en' },
      });
      expect(invalidFieldsOf(response.body).start_date).toEqual({
        code: 'date_earlier',
        message: 'Η ημερομηνία δεν μπορεί να είναι πριν από τις 01/01/2000',
        params: { min: '01/01/2000' },
      });
      expect(english.status).toBe(400);
      expect(english.body.error.message).toBe(
        'Some fields are not filled in correctly. Correct them and try again.',
      );
      expect(invalidFieldsOf(english.body)).toEqual({
        other_afm: { code: 'afm_invalid', message: 'The tax number (AFM) is not valid' },
      });
    });

    it('refuses too many rows of a list', async () => {
      const document = await atDetails();
      const response = await update(maria, document.id, {
        ...validDetails,
        children: [{ child_name: 'Α' }, { child_name: 'Β' }, { child_name: 'Γ' }],
      });
      expect(invalidFieldsOf(response.body)).toEqual({
        children: {
          code: 'list_too_many',
          message: 'Μπορείτε να προσθέσετε έως 2 εγγραφές',
          params: { max: 2 },
        },
      });
    });

    it('gives a code the catalog does not know the field-label message, or the template text', async () => {
      const document = await atDetails();
      const unknown = await update(maria, document.id, { ...validDetails, purpose: 'FORBIDDEN' });
      expect(invalidFieldsOf(unknown.body)).toEqual({
        purpose: {
          code: 'purpose_forbidden',
          message: 'Η τιμή του πεδίου «Δηλώνω ότι» δεν είναι έγκυρη.',
        },
      });
      const english = await api<ErrorBody>('POST', `/api/my-declarations/${document.id}`, {
        token: maria,
        json: { document: { statements: { ...validDetails, purpose: 'FORBIDDEN' } } },
        headers: { 'accept-language': 'en' },
      });
      expect(invalidFieldsOf(english.body).purpose?.message).toBe(
        'The value of the field "I declare that" is not valid.',
      );
      const templateText = await update(maria, document.id, { ...validDetails, purpose: 'BANNED' });
      expect(invalidFieldsOf(templateText.body).purpose).toEqual({
        code: 'purpose_banned',
        message: 'Η τιμή αυτή απαγορεύεται από το πρότυπο.',
      });
    });

    it('checks the recipient: required, an enabled addressable entity, named from the registry', async () => {
      const details = await atDetails();
      const atRecipient = (await update(maria, details.id, validDetails)).body.data.document;
      expect(atRecipient.step_name).toBe('recipient_step');
      expect(atRecipient.step_info.fields.recipient?.component).toBe('recipient');

      const none = await update(maria, details.id, {});
      expect(invalidFieldsOf(none.body)).toEqual({
        recipient: { code: 'recipient_required', message: 'Επιλέξτε παραλήπτη' },
      });
      const unknown = await update(maria, details.id, {
        recipient: {
          type: 'entity',
          codename: 'NO_SUCH_BODY',
          name: { el: 'Χ', en: 'X', fr: 'X' },
        },
      });
      expect(invalidFieldsOf(unknown.body)).toEqual({
        recipient: { code: 'recipient_invalid', message: 'Ο παραλήπτης δεν είναι έγκυρος' },
      });
      await t.database.db
        .updateTable('entities')
        .set({ is_addressable: false })
        .where('codename', '=', 'YPES')
        .execute();
      const notAddressable = await update(maria, details.id, {
        recipient: { type: 'entity', codename: 'YPES' },
      });
      expect(invalidFieldsOf(notAddressable.body).recipient?.code).toBe('recipient_invalid');

      const chosen = await update(maria, details.id, {
        recipient: {
          type: 'entity',
          codename: 'EFKA',
          name: { el: 'Ψεύτικο', en: 'Fake', fr: 'Faux' },
        },
      });
      expect(chosen.status).toBe(200);
      const preview = chosen.body.data.document;
      expect(preview.step_name).toBe('preview');
      expect(preview.recipient).toEqual({
        type: 'entity',
        codename: 'EFKA',
        name: {
          el: 'e-ΕΦΚΑ — Ηλεκτρονικός Εθνικός Φορέας Κοινωνικής Ασφάλισης',
          en: 'e-EFKA — National Social Security Fund',
          fr: "e-EFKA — Caisse nationale d'assurance sociale",
        },
      });
      expect(preview.step_info.actions.map((action) => action.key)).toEqual(['submit']);
      expect(preview.step_info.actions[0]?.label.el).toBe('Υποβολή');
      expect(preview.step_info['back-step']).toBe('recipient_step');
      expect(preview.step_info.fields.firstname?.editable).toBe(false);
      expect(preview.step_info.preview).toMatchObject({
        heading: { el: 'ΥΠΕΥΘΥΝΗ ΔΗΛΩΣΗ' },
        // Each value in every language (a text as typed in all three).
        rows: [
          { label: { el: 'Όνομα' }, value: { el: 'ΜΑΡΙΑ', en: 'ΜΑΡΙΑ', fr: 'ΜΑΡΙΑ' } },
          {
            label: { el: 'Επώνυμο' },
            value: { el: 'ΠΑΠΑΔΟΠΟΥΛΟΥ', en: 'ΠΑΠΑΔΟΠΟΥΛΟΥ', fr: 'ΠΑΠΑΔΟΠΟΥΛΟΥ' },
          },
          { label: { el: 'ΑΦΜ' }, value: { el: '100000015', en: '100000015', fr: '100000015' } },
        ],
        body: [{ el: 'Δηλώνω ότι Όλα τα στοιχεία είναι αληθή' }],
        table: { rows: [[{ el: 'Νίκος', en: 'Νίκος' }, { el: '100000039' }]] },
        recipient: { codename: 'EFKA' },
      });

      // The preview goes on by issuance (next issue), not by update.
      const onPreview = await update(maria, details.id, {});
      expect(onPreview.status).toBe(409);
      expect(onPreview.body.error.code).toBe('action_not_allowed_on_state');
    });

    it('refuses an update made against an older digest', async () => {
      const document = await create(maria);
      const stale = await update(
        maria,
        document.id,
        { father_name: 'ΠΕΤΡΟΣ' },
        { 'digest-sha256': '0'.repeat(64) },
      );
      expect(stale.status).toBe(409);
      expect(stale.body.error.code).toBe('document_modified');
      const current = await update(
        maria,
        document.id,
        { father_name: 'ΠΕΤΡΟΣ' },
        { 'digest-sha256': document['digest-sha256'] },
      );
      expect(current.status).toBe(200);
      expect(current.body.data.document.statements.father_name).toBe('ΠΕΤΡΟΣ');
    });

    it('refuses documents that are not in editing', async () => {
      const document = await create(maria);
      await t.database.db
        .updateTable('documents')
        .set({ state: 'issued' })
        .where('id', '=', document.id)
        .execute();
      const response = await update(maria, document.id, { father_name: 'Χ' });
      expect(response.status).toBe(409);
      expect(response.body.error.code).toBe('action_not_allowed_on_state');
      const deleted = await api<ErrorBody>('DELETE', `/api/my-declarations/${document.id}`, {
        token: maria,
      });
      expect(deleted.status).toBe(409);
      expect(deleted.body.error.code).toBe('action_not_allowed_on_state');
    });
  });

  describe('backstep', () => {
    const backstep = (token: string, id: string) =>
      api<DocumentAnswer & ErrorBody>('POST', `/api/my-declarations/${id}/backstep`, { token });

    it('goes back one step, skipping steps with nothing to change, and not before the first', async () => {
      const details = await atDetails();
      const atRecipient = (await update(maria, details.id, validDetails)).body.data.document;
      expect(atRecipient.step_name).toBe('recipient_step');
      const back = await backstep(maria, details.id);
      expect(back.status).toBe(200);
      expect(back.body.data.document.step_name).toBe('details');
      expect(back.body.data.document.statements.purpose).toBe(validDetails.purpose);
      const first = await backstep(maria, details.id);
      expect(first.body.data.document.step_name).toBe('personal');
      const refused = await backstep(maria, details.id);
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('action_not_allowed_on_state');
      expect((await eventsOf(details.id)).slice(-2)).toEqual([
        { action: 'backstep', from_state: 'editing', to_state: 'editing', step: 'details' },
        { action: 'backstep', from_state: 'editing', to_state: 'editing', step: 'personal' },
      ]);
    });

    it('takes a document awaiting its SMS code back to editing at the preview', async () => {
      const document = await create(maria);
      await t.database.db
        .updateTable('documents')
        .set({ state: 'requested', step: 'confirm' })
        .where('id', '=', document.id)
        .execute();
      const back = await backstep(maria, document.id);
      expect(back.status).toBe(200);
      expect(back.body.data.document).toMatchObject({ state: 'editing', step_name: 'preview' });
      expect((await eventsOf(document.id)).at(-1)).toEqual({
        action: 'backstep',
        from_state: 'requested',
        to_state: 'editing',
        step: 'preview',
      });
    });
  });

  describe('ownership', () => {
    it("hides a citizen's draft from everyone else behind 404", async () => {
      const document = await create(maria);
      const notFound = {
        code: 'document_api__declaration_not_found',
        message: 'Το έγγραφο δεν βρέθηκε.',
      };
      const attempts = [
        api<ErrorBody>('GET', `/api/my-declarations/${document.id}`, { token: nikos }),
        api<ErrorBody>('POST', `/api/my-declarations/${document.id}`, {
          token: nikos,
          json: { document: { statements: { father_name: 'Χ' } } },
        }),
        api<ErrorBody>('POST', `/api/my-declarations/${document.id}/backstep`, { token: nikos }),
        api<ErrorBody>('DELETE', `/api/my-declarations/${document.id}`, { token: nikos }),
        api<ErrorBody>('GET', '/api/my-declarations/not-a-uuid', { token: maria }),
        api<ErrorBody>('GET', '/api/my-declarations/00000000-0000-4000-8000-000000000000', {
          token: maria,
        }),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.status).toBe(404);
        expect(response.body.error).toEqual(notFound);
      }
      const list = await api<{ data: DocumentListItem[] }>(
        'GET',
        '/api/citizen-declarations?draft=true&limit=1000',
        { token: nikos },
      );
      expect(list.body.data.map((item) => item.id)).not.toContain(document.id);
      const mine = await api<DocumentAnswer>('GET', `/api/my-declarations/${document.id}`, {
        token: maria,
      });
      expect(mine.status).toBe(200);
      expect(mine.body.data.document.statements.father_name).toBe('ΓΕΩΡΓΙΟΣ');
    });
  });

  it('keeps rendering a document with the template version it was created with', async () => {
    const document = await create(maria);
    const current = await t.database.db
      .selectFrom('templates')
      .select('definition')
      .where('refname', '=', 'test-declaration')
      .where('version', '=', 1)
      .executeTakeFirstOrThrow();
    const older = {
      ...(current.definition as Record<string, unknown>),
      version: 7,
      title: { el: 'Παλιός τίτλος', en: 'Old title', fr: 'Ancien titre' },
    };
    await t.database.db
      .insertInto('templates')
      .values({
        refname: 'test-declaration',
        version: 7,
        code: 'TSTD1',
        type: 'solemn_declaration',
        definition: JSON.stringify(older),
        loaded_at: new Date(),
      })
      .execute();
    await t.database.db
      .updateTable('documents')
      .set({ template_version: 7 })
      .where('id', '=', document.id)
      .execute();
    const reread = await api<DocumentAnswer>('GET', `/api/my-declarations/${document.id}`, {
      token: maria,
    });
    expect(reread.body.data.document.template).toMatchObject({
      version: 7,
      title: { el: 'Παλιός τίτλος' },
    });
    const saved = await update(maria, document.id, { father_name: 'ΠΕΤΡΟΣ' });
    expect(saved.body.data.document.template.version).toBe(7);
  });

  describe('the lists and deleting drafts', () => {
    it('pages the drafts, newest first, and keeps issued documents apart', async () => {
      const eleni = await loginAs(t, '100000052');
      const first = await create(eleni);
      const second = await create(eleni, 'test-authorisation');
      // The template's own texts for the issued page travel with the document.
      expect(second.texts).toEqual({
        'success-message': {
          el: 'Η εξουσιοδότηση εκδόθηκε',
          en: 'The authorisation has been issued',
          fr: "L'autorisation a été émise",
        },
        'success-code-message': {
          el: 'Κωδικός: {{code}}',
          en: 'Code: {{code}}',
          fr: 'Code : {{code}}',
        },
      });
      expect(first.texts).toEqual({});
      const third = await create(eleni);
      await t.database.db
        .updateTable('documents')
        .set({ state: 'issued', reference_code: 'TEST-REF-1' })
        .where('id', '=', first.id)
        .execute();
      type ListAnswer = { data: DocumentListItem[]; meta: PageMeta };
      const page1 = await api<ListAnswer>('GET', '/api/citizen-declarations?draft=true&limit=1', {
        token: eleni,
      });
      expect(page1.status).toBe(200);
      expect(page1.body.meta).toEqual({ count: 2, limit: 1, offset: 0, total_pages: 2 });
      expect(page1.body.data.map((item) => item.id)).toEqual([third.id]);
      expect(page1.body.data[0]).toMatchObject({
        state: 'editing',
        step_name: 'personal',
        reference_code: null,
        recipient: null,
        template: { refname: 'test-declaration', code: 'TSTD1' },
      });
      const page2 = await api<ListAnswer>(
        'GET',
        '/api/citizen-declarations?draft=true&limit=1&offset=1',
        { token: eleni },
      );
      expect(page2.body.data.map((item) => item.id)).toEqual([second.id]);
      const issued = await api<ListAnswer>('GET', '/api/citizen-declarations?draft=false', {
        token: eleni,
      });
      expect(issued.body.meta).toEqual({ count: 1, limit: 10, offset: 0, total_pages: 1 });
      expect(issued.body.data[0]).toMatchObject({ id: first.id, reference_code: 'TEST-REF-1' });
      const tooMany = await api<ErrorBody>('GET', '/api/citizen-declarations?limit=1001', {
        token: eleni,
      });
      expect(tooMany.status).toBe(400);
    });

    it('deletes a draft with its history', async () => {
      const document = await create(maria);
      const deleted = await api<{ data: { deleted: boolean } }>(
        'DELETE',
        `/api/my-declarations/${document.id}`,
        { token: maria },
      );
      expect(deleted).toEqual({ status: 200, body: { data: { deleted: true } } });
      const gone = await api<ErrorBody>('GET', `/api/my-declarations/${document.id}`, {
        token: maria,
      });
      expect(gone.status).toBe(404);
      expect(await eventsOf(document.id)).toEqual([]);
    });
  });
});
