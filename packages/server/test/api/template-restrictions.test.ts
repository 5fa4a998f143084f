import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../fixtures/citizens';
import { client, type ErrorBody } from '../fixtures/http';
import { LOGIN_TEMPLATES_DIR } from '../fixtures/login-templates';
import { expectMatrix, loginMatrix, MATRIX_CALLERS, RELAXED_LIMITS } from '../fixtures/matrix';
import { bindRegistry, noRegistry } from '../../src/modules/registry';
import { createTestApp, type TestApp } from '../helpers';

/**
 * Issue #37: templates restricted to certified translators, to the staff of permitted employers
 * and to named operators. Translators and employers come from the registry port (the built-in
 * simulator: Maria is a translator working for the Municipality of Athens, Nikos works for a
 * private company, Ioannis was struck off the translators' registry), or from the tables of
 * migration 0049 without a registry; the template's lists are kept by its entity. Refused on the
 * template (before the wizard) and at creation; a registry that cannot answer lets nobody in.
 */
describe('registry-kept restrictions', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let maria: string;
  let nikos: string;
  let ioannis: string;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        ...RELAXED_LIMITS,
        TEMPLATES_DIR: LOGIN_TEMPLATES_DIR,
        // One attempt per look-up, and no open circuit to outlive the outage test.
        REGISTRY_RETRIES: '0',
        REGISTRY_BREAKER_FAILURES: '1000',
      },
    });
    api = client(t.app);
    maria = await loginAs(t, '100000015');
    nikos = await loginAs(t, '100000027');
    ioannis = await loginAs(t, '100000088');
    const at = new Date();
    await t.database.db
      .insertInto('template_permitted_employers')
      .values({
        template_refname: 'test-employers',
        employer_afm: '090025537',
        employer_name: 'ΔΗΜΟΣ ΑΘΗΝΑΙΩΝ',
        created_at: at,
      })
      .execute();
    await t.database.db
      .insertInto('template_named_operators')
      .values({
        template_refname: 'test-operators',
        afm: '100000027',
        entity_id: null,
        created_at: at,
      })
      .execute();
  });
  afterAll(async () => t?.close());

  const view = (token: string, refname: string, locale = 'el') =>
    api<ErrorBody>('GET', `/api/templates/${refname}`, {
      token,
      headers: { 'accept-language': locale },
    });
  const create = (token: string, template: string) =>
    api<ErrorBody>('POST', '/api/my-declarations/', { token, json: { document: { template } } });

  async function expectRefused(token: string, refname: string, code: string) {
    const viewed = await view(token, refname);
    expect(viewed.status).toBe(403);
    expect(viewed.body.error.code).toBe(code);
    const created = await create(token, refname);
    expect(created.status).toBe(403);
    expect(created.body.error.code).toBe(code);
  }

  it('certified translators: only a translator in the registry, not one struck off', async () => {
    expect((await view(maria, 'test-translators')).status).toBe(200);
    expect((await create(maria, 'test-translators')).status).toBe(201);
    await expectRefused(nikos, 'test-translators', 'not_certified_translator');
    await expectRefused(ioannis, 'test-translators', 'not_certified_translator');
  });

  it('permitted employers: an employer of the person in the template’s list', async () => {
    expect((await create(maria, 'test-employers')).status).toBe(201);
    await expectRefused(nikos, 'test-employers', 'no_allowed_work_orgs');
    await expectRefused(ioannis, 'test-employers', 'no_work_orgs');
  });

  it('named operators: only the tax numbers of the template’s list', async () => {
    expect((await create(nikos, 'test-operators')).status).toBe(201);
    await expectRefused(maria, 'test-operators', 'not_named_operator');
  });

  it('says why in the person’s language', async () => {
    const en = await view(nikos, 'test-translators', 'en');
    expect(en.body.error.message).toBe('This document is available to certified translators only.');
    const fr = await view(maria, 'test-operators', 'fr');
    expect(fr.body.error.message).toBe(
      'Ce document est réservé aux opérateurs désignés par son organisme.',
    );
    const el = await view(nikos, 'test-employers', 'el');
    expect(el.body.error.message).toBe(
      'Κανένας από τους φορείς απασχόλησής σας δεν μπορεί να χρησιμοποιήσει αυτό το έγγραφο.',
    );
  });

  it('the authorization matrix of creating from a restricted template', async () => {
    const tokens = await loginMatrix(t);
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'POST',
      path: () => '/api/my-declarations/',
      json: () => ({ document: { template: 'test-operators' } }),
      // Only citizen B is a named operator.
      expected: [401, 403, 'ok', 403, 403, 403, 403],
    });
  });

  it('without a registry: the tables kept in its place', async () => {
    const { port } = t.app.registry;
    expect(port.isAvailable).toBe(true);
    bindRegistry(t.database, noRegistry);
    try {
      // Tables that disagree with the simulator: the answers below come from them.
      await t.database.db
        .insertInto('certified_translators')
        .values([
          { afm: '100000027', name: 'ΝΙΚΟΛΑΟΣ', registered_at: new Date(), revoked_at: null },
          { afm: '100000015', name: 'ΜΑΡΙΑ', registered_at: new Date(), revoked_at: new Date() },
        ])
        .execute();
      await t.database.db
        .insertInto('person_employers')
        .values({ afm: '100000027', employer_afm: '090025537', employer_name: 'ΔΗΜΟΣ ΑΘΗΝΑΙΩΝ' })
        .execute();
      expect((await view(nikos, 'test-translators')).status).toBe(200);
      await expectRefused(maria, 'test-translators', 'not_certified_translator');
      expect((await create(nikos, 'test-employers')).status).toBe(201);
      await expectRefused(maria, 'test-employers', 'no_work_orgs');
    } finally {
      bindRegistry(t.database, port);
    }
    expect((await view(maria, 'test-translators')).status).toBe(200);
  });

  it('a registry that cannot answer: try later, neither let in nor turned away', async () => {
    const simulator = t.app.registry.simulator;
    if (!simulator) throw new Error('the simulator runs under DEVEL without REGISTRY_URL');
    simulator.configure({ failureRate: 1 });
    try {
      for (const [refname, code] of [
        ['test-translators', 'translator_try_later'],
        ['test-employers', 'employer_try_later'],
      ] as const) {
        for (const answer of [await view(maria, refname, 'en'), await create(maria, refname)]) {
          expect(answer.status).toBe(400);
          expect(answer.body.error.code).toBe(code);
          expect(answer.body.error.data).toMatchObject({ retry: true });
        }
      }
      const en = await view(nikos, 'test-translators', 'en');
      expect(en.body.error.message).toBe(
        'We cannot reach the registry of certified translators right now. Please try again in a few minutes.',
      );
      // The entity's own list needs no registry.
      expect((await view(nikos, 'test-operators')).status).toBe(200);
    } finally {
      simulator.configure({ failureRate: 0 });
    }
    expect((await view(maria, 'test-employers')).status).toBe(200);
  });
});

/**
 * Issue #37: the catalogue's restricted templates with the demo seed: Maria is a registered
 * translator, works for the Municipality of Athens (a permitted employer of the transit pass) and
 * is one of its named veterinarians; Nikos is none of these.
 */
describe('the catalogue templates of each restriction', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    t = await createTestApp({ env: RELAXED_LIMITS });
    api = client(t.app);
  });
  afterAll(async () => t?.close());

  it.each([
    ['certified-translation-declaration', 'not_certified_translator'],
    ['employee-transit-pass-application', 'no_allowed_work_orgs'],
    ['stray-animal-care-declaration', 'not_named_operator'],
  ])('%s: Maria may start it, Nikos is told why (%s)', async (refname, code) => {
    const maria = await loginAs(t, '100000015');
    const nikos = await loginAs(t, '100000027');
    const allowed = await api<{ data: { template: { refname: string } } }>(
      'GET',
      `/api/templates/${refname}`,
      { token: maria },
    );
    expect(allowed.status).toBe(200);
    expect(allowed.body.data.template.refname).toBe(refname);
    const refused = await api<ErrorBody>('GET', `/api/templates/${refname}`, { token: nikos });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe(code);
  });
});
