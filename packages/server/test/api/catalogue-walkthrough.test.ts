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
  type Recipient,
  type StepField,
  type StepInfo,
  type Template,
} from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock, now } from '../../src/clock';
import { DEFAULT_TEMPLATES_DIR } from '../../src/config';
import { solveCaptcha } from '../../src/modules/auth/captcha';
import { loginAnonymously, loginAs } from '../fixtures/citizens';
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
 * and the recipient. With the required fields of the first step left empty, the server's
 * invalid_fields must be exactly what validateValues answers for the same input.
 */

type DocumentAnswer = { data: { document: ApiDocument } };

const catalogue: Template[] = fs
  .readdirSync(DEFAULT_TEMPLATES_DIR)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) =>
    templateSchema.parse(JSON.parse(fs.readFileSync(path.join(DEFAULT_TEMPLATES_DIR, file), 'utf8'))),
  );
const walkable = catalogue.filter((template) => template.enabled);
const disabled = catalogue.filter((template) => !template.enabled);
const LOCALES: Locale[] = ['el', 'en'];
/** The addressable demo entities the samples send documents to. */
const RECIPIENTS = ['DIMOS_ATHINAION', 'DIMOS_THESSALONIKIS', 'EFKA', 'AADE', 'ELAS_ATTIKIS', 'YPES'];

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
      env: { DEVEL: 'true', RATE_LIMIT_MAX: '100000', CAPTCHA_DIFFICULTY_BITS: '4' },
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
      const search = await api<{ data: { codename: string; name: Recipient['name'] }[] }>(
        'GET',
        `/api/recipients?q=${codename}`,
        { token: tokens.citizen },
      );
      const entity = search.body.data.find((candidate) => candidate.codename === codename);
      if (entity) entities.set(codename, { type: 'entity', ...entity });
    }
    samples = templateSamples(athensToday(now()), (codename) => {
      const entity = entities.get(codename);
      if (!entity) throw new Error(`no addressable entity ${codename}`);
      return entity;
    });
  });
  afterAll(async () => {
    await t?.close();
    clock.reset();
  });

  const headers = (locale: Locale) => ({ 'accept-language': locale });

  async function create(template: Template, sample: TemplateSample, locale: Locale) {
    const body: Record<string, unknown> = { document: { template: template.refname } };
    if (sample.user === 'anonymous') {
      const challenge = await api<{ challenge: string; salt: string; difficulty: number }>(
        'GET',
        '/api/captcha',
      );
      body.captcha = {
        challenge: challenge.body.challenge,
        nonce: solveCaptcha(challenge.body.salt, challenge.body.difficulty),
      };
    }
    const response = await api<DocumentAnswer & ErrorBody>('POST', '/api/my-declarations/', {
      token: tokens[sample.user],
      json: body,
      headers: headers(locale),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data.document;
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

  describe.each(walkable.map((template) => [template.refname, template] as const))(
    '%s',
    (refname, template) => {
      const steps = editingSteps(template);

      it.each(LOCALES)('is filled to its preview (%s)', async (locale) => {
        const sample = samples[refname];
        if (!sample) throw new Error(`no sample values for ${refname}`);
        let document = await create(template, sample, locale);
        expect(document.step).toBe(steps[0]);
        const filled: string[] = [];

        while (document.step_info.layout !== 'preview') {
          const at = document.step;
          const step: StepSample | undefined = sample.steps[at];
          if (!step) throw new Error(`${refname}: no sample values for step "${at}"`);
          expect(filled, `${refname}: step "${at}" comes back`).not.toContain(at);
          filled.push(at);

          // The web form's check, on what the citizen has typed over the step's values.
          const fields = editableFormFields(document.step_info);
          const values = { ...initialValues(document.step_info), ...step.values };
          const clientErrors = validateValues(fields, values, document.step_info.rules, {
            now: now(),
            attachments: attachmentsOf(document, fields, step.files),
          });
          expect(clientErrors, `${refname}/${at}: the web form refuses the sample`).toEqual([]);

          const response = await send(
            document,
            sample,
            locale,
            submission(fields, values),
            step.files,
          );
          expect(
            response.status,
            `${refname}/${at}: ${JSON.stringify(response.body.error?.data ?? response.body.error)}`,
          ).toBe(200);
          document = response.body.data.document;
          expect(document.step).toBe(steps[steps.indexOf(at) + 1]);
          expect(document.state).toBe('editing');
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
          ...(preview?.rows.map((row) => row.value) ?? []),
          ...(preview?.table?.rows.flat() ?? []),
        ].join('\n');
        for (const text of sample.preview) expect(shown).toContain(text);
        const recipient = { type: 'entity', codename: sample.recipient };
        expect(preview?.recipient).toMatchObject(recipient);
        expect(document.recipient).toMatchObject(recipient);
        for (const [field, count] of Object.entries(
          Object.assign({}, ...Object.values(sample.steps).map((entry) => entry.files ?? {})) as Record<
            string,
            number
          >,
        )) {
          expect(document.attachments[field], `${refname}: files of ${field}`).toHaveLength(count);
        }
      });

      it('answers an empty first step with the same errors as the web form', async () => {
        const sample = samples[refname];
        if (!sample) throw new Error(`no sample values for ${refname}`);
        const document = await create(template, sample, 'el');
        const info = document.step_info;
        const step = sample.steps[document.step] ?? { values: {} };
        const fields = editableFormFields(info);
        const required = fields.filter((field) => field.required);
        expect(required.length, `${refname}: the first step asks for nothing`).toBeGreaterThan(0);

        // The sample's optional values, every required field as the form starts it empty.
        const values: Record<string, unknown> = { ...initialValues(info), ...step.values };
        for (const field of required) {
          values[field.key] = field.component === 'list_of' ? blankRows(field) : emptyValue(field);
        }
        const optionalFiles = Object.fromEntries(
          Object.entries(step.files ?? {}).filter(
            ([key]) => !required.some((field) => field.key === key),
          ),
        );
        const clientErrors = fromClient(
          validateValues(fields, values, info.rules, {
            now: now(),
            attachments: attachmentsOf(document, fields, optionalFiles),
          }),
        );
        // Every required field is named (a required list by its blank row's cells).
        for (const field of required) {
          expect(
            clientErrors.some(
              (error) => error.field === field.key || error.field.startsWith(`${field.key}.`),
            ),
            `${refname}: ${field.key} left empty`,
          ).toBe(true);
        }

        const response = await send(
          document,
          sample,
          'el',
          submission(fields, values),
          optionalFiles,
        );
        expect(response.status).toBe(400);
        expect(response.body.error.code).toBe('invalid_fields');
        const invalid = response.body.error.data?.invalid_fields as InvalidField[];
        expect(fromServer(invalid)).toEqual(clientErrors);
        for (const entry of invalid) expect(entry.error_info.message).not.toBe('');

        // Nothing was saved: the draft is still at its first step.
        const reread = await api<DocumentAnswer>('GET', `/api/my-declarations/${document.id}`, {
          token: tokens[sample.user],
        });
        expect(reread.body.data.document.step).toBe(document.step);
        expect(reread.body.data.document['digest-sha256']).toBe(document['digest-sha256']);
      });
    },
  );
});
