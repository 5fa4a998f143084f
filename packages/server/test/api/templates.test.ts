import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PageMeta, PublicTemplate } from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { DEFAULT_TEMPLATES_DIR } from '../../src/config';
import { solveCaptcha, type CaptchaChallenge } from '../../src/modules/auth/captcha';
import { CatalogError, checkCatalog, loadCatalog } from '../../src/modules/templates';
import { loginAnonymously, loginAs } from '../fixtures/citizens';
import { client, type ErrorBody } from '../fixtures/http';
import { FIXTURE_TEMPLATES_DIR } from '../fixtures/test-rules';
import type { Database } from '../../src/db/database';
import { createTestApp, EXTERNAL_LOGINS, testConfig, type TestApp } from '../helpers';

type TemplateAnswer = { data: { template: PublicTemplate } };
type ListAnswer = {
  data: { code: string; refname: string; type: string }[];
  meta: PageMeta & { type_counts: Record<string, number> };
};

describe('the template catalogue loader', () => {
  let dir: string;
  let fixture: Record<string, unknown>;
  beforeAll(async () => {
    fixture = JSON.parse(
      await fs.readFile(path.join(FIXTURE_TEMPLATES_DIR, 'test-authorisation.json'), 'utf8'),
    ) as Record<string, unknown>;
  });
  const catalogOf = async (files: Record<string, unknown>) => {
    dir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'dilosi-catalog-')), 'templates');
    await fs.mkdir(dir);
    for (const [name, content] of Object.entries(files)) {
      const text = typeof content === 'string' ? content : JSON.stringify(content);
      await fs.writeFile(path.join(dir, name), text);
    }
    return dir;
  };
  const withSteps = (change: (steps: Record<string, unknown>[]) => void): unknown => {
    const copy = structuredClone(fixture) as { steps_spec: { steps: Record<string, unknown>[] } };
    change(copy.steps_spec.steps);
    return copy;
  };
  afterAll(async () => {
    if (dir) await fs.rm(path.dirname(dir), { recursive: true, force: true });
  });

  it('loads the fixture catalogue', async () => {
    const templates = await loadCatalog(FIXTURE_TEMPLATES_DIR);
    expect(templates.map((template) => template.refname)).toContain('test-declaration');
  });

  it('loads the real catalogue of packages/server/templates', async () => {
    const templates = await loadCatalog(DEFAULT_TEMPLATES_DIR, { allowMissing: true });
    expect(new Set(templates.map((template) => template.code)).size).toBe(templates.length);
  });

  const withStepsLater =
    (change: (steps: Record<string, unknown>[]) => void): (() => unknown) =>
    () =>
      withSteps(change);
  const brokenCases: [string, () => unknown, string | RegExp][] = [
    [
      'an unknown field in a fieldset',
      withStepsLater((steps) => {
        (steps[0]!.fieldsets as { fields: string[] }[])[0]!.fields.push('x');
      }),
      'templates/broken.json: steps_spec.steps.0.fieldsets.0.fields.3: unknown field "x"',
    ],
    [
      'an unknown rule',
      withStepsLater((steps) => {
        steps[0]!.rules = [{ rule: 'no_such_rule', params: {} }];
      }),
      'templates/broken.json: steps_spec.steps.0.rules.0.rule: unknown rule "no_such_rule"',
    ],
    [
      'a rule reading a field that does not exist',
      withStepsLater((steps) => {
        steps[0]!.rules = [{ rule: 'test_reject_value', params: { field: 'nope' } }];
      }),
      'templates/broken.json: steps_spec.steps.0.rules.0.params.field: unknown field "nope"',
    ],
    [
      'a value list of an unknown field',
      withStepsLater((steps) => {
        steps[1]!.elements = [{ type: 'value-list', fields: ['ghost'] }];
      }),
      /templates\/broken\.json: steps_spec\.steps\.1\.elements(\.0)?: unknown field "ghost"/,
    ],
    ['a wrong type', () => ({ ...fixture, version: 'one' }), 'templates/broken.json: version: '],
    [
      'an unknown case status of a reply',
      () => ({ ...fixture, issuer: 'entity', entity_use: ['reply'], reply_case_status: 'closed' }),
      'templates/broken.json: reply_case_status: ',
    ],
    [
      'a case status declared by a template that is no reply',
      () => ({ ...fixture, reply_case_status: 'finished' }),
      'templates/broken.json: reply_case_status: only a reply template',
    ],
    ['bad JSON', () => '{ "refname": ', 'templates/broken.json: invalid JSON: '],
    ...['//evil.example', '/\\evil.example', 'javascript:alert(1)'].map(
      (serviceURL): [string, () => unknown, string] => [
        `a disabled template sending citizens to ${serviceURL}`,
        () => ({
          ...fixture,
          enabled: false,
          serviceName: { el: 'Νέα', en: 'New', fr: 'Nouveau' },
          serviceURL,
        }),
        'templates/broken.json: serviceURL: must be an http(s) URL or a path starting with a single "/"',
      ],
    ),
  ];
  it.each(brokenCases)(
    'stops at %s, naming the file and the path',
    async (_name, make, message) => {
      const broken = await catalogOf({ 'broken.json': make() });
      const loading = loadCatalog(broken);
      await expect(loading).rejects.toThrow(CatalogError);
      await expect(loadCatalog(broken)).rejects.toThrow(message);
    },
  );

  it('templates:check lists every problem of every file, naming the field by its key', async () => {
    const fields = (fixture.fields as Record<string, unknown>[]).map((field, index) =>
      index === 0 ? { ...field, label: { el: 'Όνομα' } } : field,
    );
    const broken = await catalogOf({
      'a.json': { ...fixture, fields },
      'b.json': { ...fixture, code: 'OTHER1', refname: 'other-one', version: 'one' },
      'c.json': withSteps((steps) => {
        steps[0]!.rules = [{ rule: 'one_category', params: { fields: ['nope'] } }];
      }),
    });
    const { templates, problems } = await checkCatalog(broken);
    const key = String((fixture.fields as { key: string }[])[0]?.key);
    expect(templates).toEqual([]);
    expect(problems).toEqual([
      expect.stringContaining(`templates/a.json: fields.0 (${key}).label.en: `),
      expect.stringContaining(`templates/a.json: fields.0 (${key}).label.fr: `),
      expect.stringContaining('templates/b.json: version: '),
      'templates/c.json: steps_spec.steps.0.rules.0.params.fields: unknown field "nope"',
    ]);
  });

  it('refuses an unknown dataset, a broken dataset file and one named unlike its file', async () => {
    const fields = [
      ...(fixture.fields as Record<string, unknown>[]),
      {
        key: 'unit',
        component: 'hierarchical_select',
        label: { el: 'Ενότητα', en: 'Unit', fr: 'Unité' },
        'component-params': { dataset: 'missing' },
      },
    ];
    const dir = await catalogOf({ 'a.json': { ...fixture, fields } });
    await fs.mkdir(path.join(dir, 'datasets'));
    const label = { el: 'x', en: 'x', fr: 'x' };
    const dataset = {
      name: 'other',
      title: label,
      source: 's',
      licence: 'l',
      levels: [label],
      value_label: label,
      tree: [{ value: 'a', label }],
    };
    await fs.writeFile(path.join(dir, 'datasets', 'named.json'), JSON.stringify(dataset));
    await fs.writeFile(path.join(dir, 'datasets', 'broken.json'), '{');
    const { templates, problems } = await checkCatalog(dir);
    expect(templates).toEqual([]);
    expect(problems).toEqual([
      expect.stringMatching(/^templates\/datasets\/broken\.json: invalid JSON/),
      'templates/datasets/named.json: name: "other" is not the file\'s name',
      `templates/a.json: fields.${fields.length - 1} (unit).component-params.dataset: unknown dataset "missing"`,
    ]);
  });

  it('refuses a refname or a code used twice', async () => {
    const sameRefname = await catalogOf({
      'a.json': fixture,
      'b.json': { ...fixture, code: 'OTHER1' },
    });
    await expect(loadCatalog(sameRefname)).rejects.toThrow(
      'templates/b.json: refname: "test-authorisation" is already used by templates/a.json',
    );
    const sameCode = await catalogOf({
      'a.json': fixture,
      'b.json': { ...fixture, refname: 'other-one' },
    });
    await expect(loadCatalog(sameCode)).rejects.toThrow(
      'templates/b.json: code: "TSTA1" is already used by templates/a.json',
    );
  });

  it('refuses a configured folder that does not exist, and stops the app start', async () => {
    await expect(loadCatalog('/nonexistent/templates')).rejects.toThrow(CatalogError);
    const broken = await catalogOf({
      'broken.json': withSteps((steps) => {
        steps[0]!.rules = [{ rule: 'no_such_rule', params: {} }];
      }),
    });
    // The catalogue is read before anything touches the database.
    const database = {} as Database;
    await expect(
      buildApp({ config: testConfig({ TEMPLATES_DIR: broken }), database, logger: false }),
    ).rejects.toThrow('templates/broken.json: steps_spec.steps.0.rules.0.rule: unknown rule');
  });
});

describe('the templates API', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let maria: string;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        TEMPLATES_DIR: FIXTURE_TEMPLATES_DIR,
        RATE_LIMIT_MAX: '100000',
        CAPTCHA_MAX_NUMBER: '1000',
      },
    });
    api = client(t.app);
    maria = await loginAs(t, '100000015');
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores each loaded template version', async () => {
    const rows = await t.database.db
      .selectFrom('templates')
      .select(['refname', 'version', 'code'])
      .where('refname', '=', 'test-declaration')
      .execute();
    expect(rows).toEqual([{ refname: 'test-declaration', version: 1, code: 'TSTD1' }]);
  });

  describe('GET /api/templates', () => {
    it('lists the enabled templates with paging', async () => {
      const response = await api<ListAnswer>('GET', '/api/templates?limit=3');
      expect(response.status).toBe(200);
      expect(response.body.meta).toEqual({
        count: 9,
        limit: 3,
        offset: 0,
        total_pages: 3,
        type_counts: expect.any(Object),
      });
      const all = await api<ListAnswer>('GET', '/api/templates');
      const codes = all.body.data.map((item) => item.code);
      expect(codes).not.toContain('TSTOFF');
      expect(codes).toContain('TSTDEV');
      expect(all.body.data[0]).toEqual({
        refname: expect.any(String),
        version: 1,
        code: expect.any(String),
        type: expect.any(String),
        shortname: expect.any(Object),
        title: expect.any(Object),
        description: expect.any(Object),
        anonymous: expect.any(Boolean),
      });
    });

    it('finds by code exactly, or by words without accents or case', async () => {
      const search = async (query: string) =>
        (
          await api<ListAnswer>('GET', `/api/templates?q=${encodeURIComponent(query)}`)
        ).body.data.map((item) => item.code);
      expect(await search('tstd1')).toEqual(['TSTD1']);
      expect(await search('ΔΟΚΙΜΩΝ')).toEqual(['TSTD1']);
      expect(await search('πιστοποιητικο')).toEqual(['TSTD1']);
      expect(await search('test solemn')).toEqual(['TSTD1']);
      expect(await search('no such thing')).toEqual([]);
      const authorisations = await api<ListAnswer>('GET', '/api/templates?type=authorisation');
      expect(authorisations.body.data.map((item) => item.code)).toEqual(['TSTA1']);
      const badType = await api<ErrorBody>('GET', '/api/templates?type=nonsense');
      expect(badType.status).toBe(400);
    });

    it('counts the matching templates of each type, whatever type is asked (the type screen)', async () => {
      const all = await api<ListAnswer>('GET', '/api/templates?limit=100');
      const counted = (type: string) => all.body.data.filter((item) => item.type === type).length;
      const expected = {
        solemn_declaration: counted('solemn_declaration'),
        authorisation: counted('authorisation'),
        application: counted('application'),
      };
      expect(all.body.meta.type_counts).toEqual(expected);
      expect(Object.values(expected).reduce((a, b) => a + b, 0)).toBe(all.body.meta.count);
      const onlyAuthorisations = await api<ListAnswer>('GET', '/api/templates?type=authorisation');
      expect(onlyAuthorisations.body.meta.type_counts).toEqual(expected);
      const searched = await api<ListAnswer>('GET', '/api/templates?q=tstd1');
      expect(searched.body.meta.type_counts).toEqual({
        solemn_declaration: 1,
        authorisation: 0,
        application: 0,
      });
    });
  });

  describe('GET /api/templates/{refname}', () => {
    it('describes a template to anyone, with the wizard of its type', async () => {
      const declaration = await api<TemplateAnswer>('GET', '/api/templates/test-declaration');
      expect(declaration.status).toBe(200);
      expect(declaration.body.data.template).toMatchObject({
        refname: 'test-declaration',
        code: 'TSTD1',
        type: 'solemn_declaration',
        enabled: true,
        anonymous: false,
        captcha_required: false,
        required_claims: [],
        login_endpoint: null,
        'intro-step': null,
        'steps-order': ['personal', 'details', 'registry', 'recipient_step', 'preview', 'confirm'],
      });
      expect(declaration.body.data.template['wizard-steps']).toHaveLength(4);
      expect(declaration.body.data.template.steps[3]).toEqual({
        key: 'recipient_step',
        title: expect.any(Object),
        requireUser: true,
        layout: 'recipient',
        'wizard-step': 2,
      });
      const authorisation = await api<TemplateAnswer>('GET', '/api/templates/test-authorisation');
      expect(authorisation.body.data.template['wizard-steps']).toEqual([
        { el: 'Συμπλήρωση', en: 'Fill in', fr: 'Saisie' },
        { el: 'Προεπισκόπηση', en: 'Preview', fr: 'Aperçu' },
        { el: 'Επιβεβαίωση', en: 'Confirmation', fr: 'Confirmation' },
      ]);
      // Without a login, restrictions are checked at creation.
      const restricted = await api('GET', '/api/templates/test-named-operators');
      expect(restricted.status).toBe(200);
    });

    it('answers 404 for an unknown template and 410 with the new service for a disabled one', async () => {
      const unknown = await api<ErrorBody>('GET', '/api/templates/no-such-template');
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.code).toBe('template_not_found');
      const disabled = await api<ErrorBody>('GET', '/api/templates/test-disabled', {
        headers: { 'accept-language': 'en' },
      });
      expect(disabled.status).toBe(410);
      expect(disabled.body.error).toEqual({
        code: 'template_disabled',
        message:
          'This service is no longer offered here: it has been withdrawn, has expired or has been abolished.',
        data: {
          service_name: { el: 'Νέα υπηρεσία', en: 'New service', fr: 'Nouveau service' },
          service_url: 'https://example.gov.gr/new-service',
        },
      });
    });

    it.each([
      ['test-named-operators', '100000015', 'template_not_accessible'],
      ['test-afm-ending', '100000015', 'template_not_accessible_for_afm_ending'],
      ['test-civil-servants', '100000015', 'not_civil_servant'],
      ['test-certified-mobile', '100000027', 'missing_required_claims'],
    ])('refuses %s to %s with %s, in GET and in create', async (refname, afm, code) => {
      const token = await loginAs(t, afm);
      const read = await api<ErrorBody>('GET', `/api/templates/${refname}`, { token });
      expect(read.status).toBe(403);
      expect(read.body.error.code).toBe(code);
      const created = await api<ErrorBody>('POST', '/api/my-declarations/', {
        token,
        json: { document: { template: refname } },
      });
      expect(created.status).toBe(403);
      expect(created.body.error.code).toBe(code);
    });

    it('says which claims are missing and which tax-number endings are served', async () => {
      const nikos = await loginAs(t, '100000027');
      const claims = await api<ErrorBody>('GET', '/api/templates/test-certified-mobile', {
        token: nikos,
      });
      expect(claims.body.error.data).toEqual({ claims: ['mobile_certified_login'] });
      const ending = await api<ErrorBody>('GET', '/api/templates/test-afm-ending', {
        token: maria,
      });
      expect(ending.body.error).toMatchObject({
        message:
          'Το έγγραφο αυτό είναι διαθέσιμο αυτή τη στιγμή μόνο για ΑΦΜ που λήγουν σε συγκεκριμένα ψηφία.',
        data: { afm_endings: ['2', '4'] },
      });
    });

    it.each([
      ['test-named-operators', '100000027', {}],
      ['test-afm-ending', '100000052', {}],
      ['test-civil-servants', '100000040', {}],
      ['test-certified-mobile', '100000015', { certifiedMobile: '6912345678' }],
    ])('lets %s be used by %s', async (refname, afm, options) => {
      const token = await loginAs(t, afm, options);
      const read = await api<TemplateAnswer>('GET', `/api/templates/${refname}`, { token });
      expect(read.status).toBe(200);
      const created = await api('POST', '/api/my-declarations/', {
        token,
        json: { document: { template: refname } },
      });
      expect(created.status).toBe(201);
    });

    it('refuses an invalid token rather than answering as anonymous', async () => {
      const response = await api<ErrorBody>('GET', '/api/templates/test-declaration', {
        token: 'x'.repeat(43),
      });
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe('invalid_token');
    });
  });

  describe('anonymous use', () => {
    it('keeps anonymous users to anonymous templates, behind a captcha', async () => {
      const anonymous = await loginAnonymously(t, 'anon-subject-1');
      const closed = await api<ErrorBody>('GET', '/api/templates/test-declaration', {
        token: anonymous,
      });
      expect(closed.status).toBe(403);
      // The anonymous scope refuses it before the template does (issue #37).
      expect(closed.body.error.code).toBe('anonymous_scope');
      const open = await api<TemplateAnswer>('GET', '/api/templates/test-anonymous', {
        token: anonymous,
      });
      expect(open.body.data.template).toMatchObject({ anonymous: true, captcha_required: true });
      const forCitizen = await api<TemplateAnswer>('GET', '/api/templates/test-anonymous', {
        token: maria,
      });
      expect(forCitizen.body.data.template.captcha_required).toBe(false);

      const body = { document: { template: 'test-anonymous' } };
      const noCaptcha = await api<ErrorBody>('POST', '/api/my-declarations/', {
        token: anonymous,
        json: body,
      });
      expect(noCaptcha.status).toBe(400);
      expect(noCaptcha.body.error.code).toBe('captcha_required');
      const wrong = await api<ErrorBody>('POST', '/api/my-declarations/', {
        token: anonymous,
        json: { ...body, captcha: 'not a solution' },
      });
      expect(wrong.body.error.code).toBe('captcha_invalid');

      const challenge = await api<CaptchaChallenge>('GET', '/api/captcha');
      const solution = await solveCaptcha(challenge.body);
      const created = await api('POST', '/api/my-declarations/', {
        token: anonymous,
        json: { ...body, captcha: solution },
      });
      expect(created.status).toBe(201);
      const replayed = await api<ErrorBody>('POST', '/api/my-declarations/', {
        token: anonymous,
        json: { ...body, captcha: solution },
      });
      expect(replayed.body.error.code).toBe('captcha_already_used');
      // A citizen using an anonymous template needs no captcha.
      const byCitizen = await api('POST', '/api/my-declarations/', { token: maria, json: body });
      expect(byCitizen.status).toBe(201);
    });
  });

  it('publishes the routes and their schemas in the OpenAPI document', async () => {
    const response = await api<{ paths: Record<string, unknown> }>('GET', '/api/docs');
    expect(response.status).toBe(200);
    expect(Object.keys(response.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/templates',
        '/api/templates/{refname}',
        '/api/my-declarations/',
        '/api/my-declarations/{id}',
        '/api/my-declarations/{id}/backstep',
        '/api/citizen-declarations',
        '/api/recipients',
      ]),
    );
  });
});

describe('devel templates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { TEMPLATES_DIR: FIXTURE_TEMPLATES_DIR, DEVEL: 'false', ...EXTERNAL_LOGINS },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('are hidden when DEVEL is off', async () => {
    const api = client(t.app);
    const list = await api<ListAnswer>('GET', '/api/templates?limit=100');
    expect(list.body.data.map((item) => item.code)).not.toContain('TSTDEV');
    const one = await api<ErrorBody>('GET', '/api/templates/test-devel');
    expect(one.status).toBe(404);
    expect(one.body.error.code).toBe('template_not_found');
    const token = await loginAs(t, '100000015');
    const created = await api<ErrorBody>('POST', '/api/my-declarations/', {
      token,
      json: { document: { template: 'test-devel' } },
    });
    expect(created.status).toBe(404);
  });
});
