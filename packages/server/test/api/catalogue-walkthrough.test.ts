import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  athensToday,
  isInputField,
  templateSchema,
  validateValues,
  type ApiDocument,
  type FieldError,
  type InvalidField,
  type Locale,
  type LocalizedText,
  type Recipient,
  type StepField,
  type StepInfo,
  type Template,
} from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock, now } from '../../src/clock';
import { DEFAULT_TEMPLATES_DIR } from '../../src/config';
import { compileEncoder } from '../../src/lib/compiled-serializer';
import { documentResponseSchema } from '../../src/modules/documents/schemas';
import { solveCaptcha, type CaptchaChallenge } from '../../src/modules/auth/captcha';
import { loginAnonymously, loginAs } from '../fixtures/citizens';
import { issueDocument } from '../fixtures/issue-document';
import { client, multipart, type ErrorBody } from '../fixtures/http';
import {
  templateSamples,
  type SampleUser,
  type StepSample,
  type TemplateSample,
} from '../fixtures/template-values';
import { createTestApp, type TestApp } from '../helpers';

/**
 * Issue #4: every catalogued template can be filled in to its preview, in Greek and in English,
 * with the server and the web form agreeing on every rule. For each enabled template of
 * packages/server/templates (the devel one included: DEVEL is on), a draft is created and each
 * step is filled with the realistic values of fixtures/template-values.ts: the web form's own
 * check (validateValues on the step's editable fields and the form's values) must find nothing,
 * and the server must then take the step and move to the next, until the preview shows the values
 * and the recipient. With the required fields of the first step left empty, and with values
 * that break a step's formats and rules (the sample's `invalid`), the server's invalid_fields
 * must be exactly what validateValues answers for the same input (paths, codes and params).
 * In Greek, each template's draft is then issued (issue #40: the whole catalogue issues).
 */

type DocumentAnswer = { data: { document: ApiDocument } };
const encodeAnswer = compileEncoder(documentResponseSchema);

const catalogue: Template[] = fs
  .readdirSync(DEFAULT_TEMPLATES_DIR)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) =>
    templateSchema.parse(
      JSON.parse(fs.readFileSync(path.join(DEFAULT_TEMPLATES_DIR, file), 'utf8')),
    ),
  );
// An entity's templates are walked through the entity scope by replies.test.ts.
const walkable = catalogue.filter((template) => template.enabled && template.issuer === 'citizen');
const disabled = catalogue.filter((template) => !template.enabled);
// English first: the Greek walk issues the document, and a template whose service allows one
// request at a time (a voucher per child, one criminal-record request in progress) is then taken.
const LOCALES: Locale[] = ['en', 'el'];
/** The addressable demo entities the samples send documents to. */
const RECIPIENTS = [
  'DIMOS_ATHINAION',
  'DIMOS_THESSALONIKIS',
  'EFKA',
  'AADE',
  'ELAS_ATTIKIS',
  'YPES',
];

const validPdf = fs.readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/files/valid.pdf'),
);

/** The template's editing steps in order: where a draft goes, from creation to the preview. */
function editingSteps(template: Template): string[] {
  return template.steps_spec['steps-order'].filter((key) =>
    template.steps_spec.steps.find((step) => step.key === key)?.states.includes('editing'),
  );
}

// --- The web form, as packages/web/src/features/documents/renderer does it -----------------

/** The fields the form lets the citizen edit: fieldsets in order, then the loose field-order keys. */
function editableFormFields(step: StepInfo): StepField[] {
  const inFieldsets = step['fieldset-order'].flatMap((key) => step.fieldsets[key]?.fields ?? []);
  const keys = [...new Set([...inFieldsets, ...step['field-order']])];
  return keys
    .flatMap((key) => (step.fields[key] ? [step.fields[key]] : []))
    .filter((field) => field.editable && isInputField(field));
}

function emptyValue(field: StepField): unknown {
  switch (field.component) {
    case 'checkbox':
      return false;
    case 'multiple_choice':
    case 'preference_multiple_choice':
    case 'hierarchical_select':
    case 'list_of':
      return [];
    case 'recipient':
      return null;
    default:
      return '';
  }
}

/** A list's starting rows: a required list starts with one blank row. */
function blankRows(field: StepField): Record<string, unknown>[] {
  const row = Object.fromEntries(
    (field['list-of']?.fields ?? []).map((sub) => [sub.key, sub.value ?? emptyValue(sub)]),
  );
  return field.required || field['list-of']?.solo ? [row] : [];
}

/** The form's starting values: each field's current value, or its component's empty value. */
function initialValues(step: StepInfo): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(step.fields)
      .filter(([, field]) => field.component !== 'attachment')
      .map(([key, field]) => [
        key,
        field.component === 'list_of'
          ? Array.isArray(field.value)
            ? field.value
            : blankRows(field)
          : (field.value ?? emptyValue(field)),
      ]),
  );
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** What the form sends: editable values; a blank one only as '' when the field had a value. */
function submission(fields: readonly StepField[], values: Record<string, unknown>) {
  const statements: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.key];
    if (field.component === 'attachment') continue;
    if (field.component === 'list_of') {
      const subs = (field['list-of']?.fields ?? []).filter((sub) => sub.editable);
      statements[field.key] = ((value ?? []) as Record<string, unknown>[]).map((row) =>
        Object.fromEntries(
          subs.filter((sub) => !isBlank(row[sub.key])).map((sub) => [sub.key, row[sub.key]]),
        ),
      );
    } else if (!isBlank(value)) {
      statements[field.key] = value;
    } else if (!isBlank(field.value)) {
      statements[field.key] = '';
    }
  }
  return statements;
}

type Agreed = { field: string; code: string; params?: unknown };
const fromClient = (errors: FieldError[]): Agreed[] =>
  errors.map(({ field, error }) => ({
    field,
    code: error.code,
    ...(error.params ? { params: error.params } : {}),
  }));
const fromServer = (invalid: InvalidField[]): Agreed[] =>
  invalid.map((entry) => ({
    field: entry.invalid_field,
    code: entry.error_info.code,
    ...(entry.error_info.params ? { params: entry.error_info.params } : {}),
  }));

describe('walking every catalogued template to its preview', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let tokens: Record<SampleUser, string>;
  let samples: Record<string, TemplateSample>;

  beforeAll(async () => {
    // One day for the whole file: the sample dates and the server's date rules agree on "today".
    clock.freeze(now());
    t = await createTestApp({
      env: {
        DEVEL: 'true',
        RATE_LIMIT_MAX: '100000',
        CAPTCHA_MAX_NUMBER: '1000',
        // One SMS code per template issued by the same citizen.
        OTP_SENDS_PER_HOUR: '1000',
        OTP_SENDS_PER_DAY: '1000',
      },
    });
    api = client(t.app);
    tokens = {
      citizen: await loginAs(t, '100000015', { certifiedMobile: '6912345678' }),
      civil_servant: await loginAs(t, '100000040', { certifiedMobile: '6944444444' }),
      anonymous: await loginAnonymously(t, 'catalogue-walkthrough'),
    };
    // Recipients as the web form holds them once chosen from the search (codename and names).
    const entities = new Map<string, Recipient>();
    for (const codename of RECIPIENTS) {
      const search = await api<{ data: { codename: string; name: LocalizedText }[] }>(
        'GET',
        `/api/recipients?q=${codename}`,
        { token: tokens.citizen },
      );
      const entity = search.body.data.find((candidate) => candidate.codename === codename);
      if (entity) entities.set(codename, { type: 'entity', ...entity });
    }
    // The apostille request names a document the citizen issued (issue #40: its service checks it).
    const declaration = await issueDocument(t, api, tokens.citizen, {
      template: 'solemn-declaration',
      steps: [{ statement: 'Δηλώνω ότι τα στοιχεία του εγγράφου είναι αληθή.' }],
    });
    const { reference_code: issuedCode } = await t.database.db
      .selectFrom('documents')
      .select('reference_code')
      .where('id', '=', declaration.id)
      .executeTakeFirstOrThrow();
    samples = templateSamples(
      athensToday(now()),
      (codename) => {
        const entity = entities.get(codename);
        if (!entity) throw new Error(`no addressable entity ${codename}`);
        return entity;
      },
      issuedCode ?? undefined,
    );
  });
  afterAll(async () => {
    await t?.close();
    clock.reset();
  });

  const headers = (locale: Locale) => ({ 'accept-language': locale });

  async function create(template: Template, sample: TemplateSample, locale: Locale) {
    const body: Record<string, unknown> = { document: { template: template.refname } };
    if (sample.user === 'anonymous') {
      const challenge = await api<CaptchaChallenge>('GET', '/api/captcha');
      body.captcha = await solveCaptcha(challenge.body);
    }
    const response = await api<DocumentAnswer & ErrorBody>('POST', '/api/my-declarations/', {
      token: tokens[sample.user],
      json: body,
      headers: headers(locale),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data.document;
  }

  /**
   * Submits a draft at its preview and confirms it with the SMS code the outbox holds. A joint
   * template's code opens its consent instead (issue #35): the document waits for the others'
   * signatures, requested, with the consent open (issued).
   */
  async function issue(template: Template, document: ApiDocument, sample: TemplateSample) {
    const update = (json: Record<string, unknown>) =>
      api<DocumentAnswer & ErrorBody>('POST', `/api/my-declarations/${document.id}`, {
        token: tokens[sample.user],
        json,
      });
    const submitted = await update({ document: { statements: {} }, action: 'submit' });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    let state = submitted.body.data.document.state;
    if (state === 'requested') {
      const sms = await t.database.db
        .selectFrom('outbox')
        .select('body')
        .where('document_id', '=', document.id)
        .where('message_key', '=', 'otp_sms')
        .executeTakeFirstOrThrow();
      const code = /\b(\d{6})\b/.exec(sms.body)?.[1];
      const issued = await update({ document: { statements: { otp_code: code } } });
      expect(issued.status, JSON.stringify(issued.body)).toBe(200);
      state = issued.body.data.document.state;
    }
    if (template.joint) {
      expect(state).toBe('requested');
      const consent = await t.database.db
        .selectFrom('joint_consents')
        .select('state')
        .where('document_id', '=', document.id)
        .executeTakeFirstOrThrow();
      expect(consent.state).toBe('issued');
      return;
    }
    expect(state).toBe('issued');
  }

  /** Sends a step as the web app does: JSON, or multipart with a part per new PDF. */
  function send(
    document: ApiDocument,
    sample: TemplateSample,
    locale: Locale,
    statements: Record<string, unknown>,
    files: Record<string, number> = {},
  ) {
    const body = {
      document: {
        'declaration-id': document['declaration-id'],
        'digest-sha256': document['digest-sha256'],
        statements,
        attachments: {},
      },
    };
    const url = `/api/my-declarations/${document.id}`;
    const parts = Object.entries(files).flatMap(([field, count]) =>
      Array.from({ length: count }, (_, index) => ({
        name: count === 1 ? `file__${field}` : `file__${field}#${index}`,
        filename: `${field}-${index + 1}.pdf`,
        contentType: 'application/pdf',
        bytes: validPdf,
      })),
    );
    const token = tokens[sample.user];
    if (parts.length === 0) {
      return api<DocumentAnswer & ErrorBody>('POST', url, {
        token,
        json: body,
        headers: headers(locale),
      });
    }
    const form = multipart(body, parts);
    return api<DocumentAnswer & ErrorBody>('POST', url, {
      token,
      payload: form.payload,
      headers: { ...form.headers, ...headers(locale) },
    });
  }

  /** The files validateValues counts: those already attached and the new ones. */
  function attachmentsOf(
    document: ApiDocument,
    fields: readonly StepField[],
    files: Record<string, number> = {},
  ) {
    return Object.fromEntries(
      fields
        .filter((field) => field.component === 'attachment')
        .map((field) => [
          field.key,
          [
            ...(document.attachments[field.key] ?? []),
            ...Array.from({ length: files[field.key] ?? 0 }, () => ({ size: validPdf.length })),
          ],
        ]),
    );
  }

  it('has sample values for every enabled template, and for nothing else', () => {
    expect(catalogue.length).toBeGreaterThan(0);
    expect(Object.keys(samples).sort()).toEqual(walkable.map((template) => template.refname));
  });

  it.each(disabled.map((template) => [template.refname, template] as const))(
    'refuses to start the disabled %s (410 template_disabled)',
    async (_refname, template) => {
      const response = await api<ErrorBody>('POST', '/api/my-declarations/', {
        token: tokens.citizen,
        json: { document: { template: template.refname } },
      });
      expect(response.status).toBe(410);
      expect(response.body.error.code).toBe('template_disabled');
    },
  );

  /** The web form's check of a step, on what the citizen has typed over the step's values. */
  function formCheck(document: ApiDocument, typed: Record<string, unknown>, files = {}) {
    const info = document.step_info;
    const fields = editableFormFields(info);
    const values = { ...initialValues(info), ...typed };
    const errors = validateValues(fields, values, info.rules, {
      now: now(),
      attachments: attachmentsOf(document, fields, files),
    });
    return { fields, values, errors };
  }

  /** Fills the current step with its sample values: the form finds nothing, the server moves on. */
  async function fillStep(document: ApiDocument, sample: TemplateSample, locale: Locale) {
    const at = document.step_name;
    const step: StepSample | undefined = sample.steps[at];
    if (!step) throw new Error(`no sample values for step "${at}"`);
    const { fields, values, errors } = formCheck(document, step.values, step.files);
    expect(errors, `${at}: the web form refuses the sample`).toEqual([]);
    const response = await send(document, sample, locale, submission(fields, values), step.files);
    expect(response.status, `${at}: ${JSON.stringify(response.body.error)}`).toBe(200);
    // Every step's answer is taken by the compiled serializer (it throws where it would hand the
    // whole answer back to zod), to the same text (issue #16).
    expect(JSON.stringify(encodeAnswer(response.body))).toBe(JSON.stringify(response.body));
    return response.body.data.document;
  }

  /** Sends values the form refuses and expects the server to refuse them the same way. */
  async function expectSameRefusal(
    document: ApiDocument,
    sample: TemplateSample,
    typed: Record<string, unknown>,
    files: Record<string, number> = {},
  ): Promise<Agreed[]> {
    const { fields, values, errors } = formCheck(document, typed, files);
    const clientErrors = fromClient(errors);
    const response = await send(document, sample, 'el', submission(fields, values), files);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('invalid_fields');
    const invalid = response.body.error.data?.invalid_fields as InvalidField[];
    expect(fromServer(invalid)).toEqual(clientErrors);
    for (const entry of invalid) expect(entry.error_info.message).not.toBe('');
    // Nothing was saved: the draft is still at the same step, with the same values.
    const reread = await api<DocumentAnswer>('GET', `/api/my-declarations/${document.id}`, {
      token: tokens[sample.user],
    });
    expect(reread.body.data.document.step_name).toBe(document.step_name);
    expect(reread.body.data.document['digest-sha256']).toBe(document['digest-sha256']);
    return clientErrors;
  }

  describe.each(walkable.map((template) => [template.refname, template] as const))(
    '%s',
    (refname, template) => {
      const steps = editingSteps(template);
      const sampleOf = () => {
        const sample = samples[refname];
        if (!sample) throw new Error(`no sample values for ${refname}`);
        return sample;
      };

      it.each(LOCALES)('is filled to its preview (%s)', async (locale) => {
        const sample = sampleOf();
        let document = await create(template, sample, locale);
        expect(document.step_name).toBe(steps[0]);
        const filled: string[] = [];
        while (document.step_info.layout !== 'preview') {
          const at = document.step_name;
          expect(filled, `step "${at}" comes back`).not.toContain(at);
          filled.push(at);
          document = await fillStep(document, sample, locale);
          expect(document.state).toBe('editing');
          expect(document.step_name).toBe(steps[steps.indexOf(at) + 1]);
        }

        // Every sample step was used: the samples follow the template.
        expect(filled).toEqual(Object.keys(sample.steps));
        const info = document.step_info;
        expect(info.layout).toBe('preview');
        expect(info.actions.map((action) => action.key)).toEqual(['submit']);
        const preview = info.preview;
        expect(preview).not.toBeNull();
        const shown = [
          ...(preview?.body.map((paragraph) => paragraph[locale]) ?? []),
          // The values in Greek, as issued (they read in every language).
          ...(preview?.rows.map((row) => row.value.el) ?? []),
          ...(preview?.table?.rows.flat().map((cell) => cell.el) ?? []),
        ].join('\n');
        for (const text of sample.preview) expect(shown).toContain(text);
        const recipient = { type: 'entity', codename: sample.recipient };
        expect(preview?.recipient).toMatchObject(recipient);
        expect(document.recipient).toMatchObject(recipient);
        for (const step of Object.values(sample.steps)) {
          for (const [field, count] of Object.entries(step.files ?? {})) {
            expect(document.attachments[field], `files of ${field}`).toHaveLength(count);
          }
        }
        // Issue #40: once per template (in Greek), issued through the SMS code, or at once when anonymous.
        if (locale === 'el') await issue(template, document, sample);
      });

      it('refuses an empty first step with the same errors as the web form', async () => {
        const sample = sampleOf();
        const document = await create(template, sample, 'el');
        const step = sample.steps[document.step_name] ?? { values: {} };
        const required = editableFormFields(document.step_info).filter((field) => field.required);
        expect(required.length, 'the first step asks for nothing').toBeGreaterThan(0);

        // The sample's optional values; every required field as the form starts it, empty.
        const typed: Record<string, unknown> = { ...step.values };
        for (const field of required) {
          typed[field.key] = field.component === 'list_of' ? blankRows(field) : emptyValue(field);
        }
        const optionalFiles = Object.fromEntries(
          Object.entries(step.files ?? {}).filter(
            ([key]) => !required.some((field) => field.key === key),
          ),
        );
        const errors = await expectSameRefusal(document, sample, typed, optionalFiles);
        // Every required field is named (a required list by the cells of its blank row).
        for (const field of required) {
          expect(
            errors.some(
              (error) => error.field === field.key || error.field.startsWith(`${field.key}.`),
            ),
            `${field.key} left empty`,
          ).toBe(true);
        }
      });

      it('refuses values that break its formats and rules as the web form does', async () => {
        const sample = sampleOf();
        const { invalid } = sample;
        let document = await create(template, sample, 'el');
        while (document.step_name !== invalid.step) {
          expect(document.step_info.layout, `never reaches "${invalid.step}"`).not.toBe('preview');
          document = await fillStep(document, sample, 'el');
        }
        const step = sample.steps[invalid.step] ?? { values: {} };
        const errors = await expectSameRefusal(
          document,
          sample,
          { ...step.values, ...invalid.values },
          step.files,
        );
        expect([...new Set(errors.map((error) => error.field))].sort()).toEqual(
          [...invalid.fields].sort(),
        );
      });
    },
  );

  it('does not ask for registry values that are missing: they are shown, not typed', async () => {
    // The registry has no father's or mother's name and no ID number for this person.
    const gaps = await loginAs(t, '094000012', { certifiedMobile: '6912345679' });
    const created = await api<DocumentAnswer>('POST', '/api/my-declarations/', {
      token: gaps,
      json: { document: { template: 'solemn-declaration' } },
    });
    expect(created.status).toBe(201);
    const document = created.body.data.document;
    const info = document.step_info;
    expect(info.fields.father_name?.editable).toBe(false);
    expect(info['field-order']).toEqual(['statement']);
    const statements = { statement: 'Δηλώνω ότι όλα είναι αληθή.' };
    const editable = Object.values(info.fields).filter((field) => field.editable);
    expect(validateValues(editable, statements, info.rules, { now: now() })).toEqual([]);
    const saved = await api<DocumentAnswer>('POST', `/api/my-declarations/${document.id}`, {
      token: gaps,
      json: {
        document: {
          'declaration-id': document['declaration-id'],
          'digest-sha256': document['digest-sha256'],
          statements,
        },
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.document.step_name).toBe('recipient');
  });
});
