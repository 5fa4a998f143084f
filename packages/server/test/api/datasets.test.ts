import { athensToday, type ApiDocument, type HierarchyDatasetAnswer } from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../src/clock';
import { loginAs } from '../fixtures/citizens';
import { client, type ErrorBody } from '../fixtures/http';
import { expectMatrix, loginMatrix, MATRIX_CALLERS } from '../fixtures/matrix';
import { templateSamples } from '../fixtures/template-values';
import { createTestApp, type TestApp } from '../helpers';

type Answer = HierarchyDatasetAnswer;
type DocumentAnswer = { data: { document: ApiDocument } };

/** Issue #36: hierarchical select datasets served by the API (spec section 7). */
describe('hierarchical datasets', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    t = await createTestApp({ env: { DEVEL: 'true', RATE_LIMIT_MAX: '100000' } });
    api = client(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers the regions, a region's regional units and a leaf, with labels and source", async () => {
    const top = await api<Answer>('GET', '/api/datasets/greek-regions');
    expect(top.status).toBe(200);
    const raw = await t.app.inject({ method: 'GET', url: '/api/datasets/greek-regions' });
    expect(raw.headers['cache-control']).toBe('public, max-age=3600');
    expect(top.body.meta).toMatchObject({
      dataset: 'greek-regions',
      labels: [
        { el: 'Περιφέρεια', en: 'Region', fr: 'Région' },
        { el: 'Περιφερειακή ενότητα', en: 'Regional unit', fr: 'Unité régionale' },
      ],
      value_label: { el: 'Περιφερειακή ενότητα' },
      path: [],
    });
    expect(top.body.meta.source).toMatch(/3852\/2010/);
    expect(top.body.meta.licence).toMatch(/2121\/1993/);
    expect(top.body.data.elements).toHaveLength(13);
    expect(top.body.data.elements[0]).toEqual({
      value: 'GR-A',
      label: {
        el: 'Ανατολική Μακεδονία και Θράκη',
        en: 'East Macedonia and Thrace',
        fr: 'Macédoine-Orientale-et-Thrace',
      },
      leaf: false,
    });
    expect(top.body.data.values).toEqual([]);

    const attica = await api<Answer>('GET', '/api/datasets/greek-regions?path=GR-I');
    expect(attica.body.data.elements.map((unit) => unit.label.el)).toContain('Πειραιάς');
    expect(attica.body.data.elements.every((unit) => unit.leaf)).toBe(true);
    expect(attica.body.data.values).toEqual([
      { value: 'GR-I', label: { el: 'Αττική', en: 'Attica', fr: 'Attique' } },
    ]);

    let units = 0;
    for (const region of top.body.data.elements) {
      const level = await api<Answer>('GET', `/api/datasets/greek-regions?path=${region.value}`);
      units += level.body.data.elements.length;
    }
    expect(units).toBe(74);

    const leaf = await api<Answer>('GET', '/api/datasets/greek-regions?path=GR-M/chania');
    expect(leaf.status).toBe(200);
    expect(leaf.body.data.elements).toEqual([]);
    expect(leaf.body.meta.path).toEqual(['GR-M', 'chania']);
  });

  it('answers 400 for a path not in the dataset and 404 for an unknown dataset', async () => {
    for (const path of ['GR-X', 'GR-I/chania', 'GR-M/chania/x', 'GR-I/piraeus/x/y']) {
      const bad = await api<ErrorBody>('GET', `/api/datasets/greek-regions?path=${path}`);
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe('hierarchy_path_invalid');
    }
    const long = await api<ErrorBody>('GET', `/api/datasets/greek-regions?path=${'a'.repeat(600)}`);
    expect(long.status).toBe(400);
    for (const name of ['nope', '..%2F..%2Fetc', 'GREEK-REGIONS']) {
      const unknown = await api<ErrorBody>('GET', `/api/datasets/${name}`);
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.code).toBe('hierarchy_dataset_not_found');
    }
  });

  it('is public: every caller reads it (authorization matrix)', async () => {
    const tokens = await loginMatrix(t);
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'GET',
      path: () => '/api/datasets/greek-regions?path=GR-B',
      expected: ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'],
    });
  });

  it("keeps the tree off the step and checks a document's value against it", async () => {
    const token = await loginAs(t, '100000015', { certifiedMobile: '6912345678' });
    const sample = templateSamples(athensToday(now()), (codename) => ({
      type: 'entity',
      codename,
      name: { el: codename, en: codename, fr: codename },
    }))['dev-all-components'];
    const created = await api<DocumentAnswer>('POST', '/api/my-declarations/', {
      token,
      json: { document: { template: 'dev-all-components', statements: {} } },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.document.id;
    const step = (statements: Record<string, unknown>) =>
      api<DocumentAnswer & ErrorBody>('POST', `/api/my-declarations/${id}`, {
        token,
        json: { document: { statements } },
      });
    const inputs = await step(sample?.steps.inputs?.values ?? {});
    expect(inputs.status).toBe(200);
    const field = inputs.body.data.document.step_info.fields.regional_unit_field;
    expect(field?.['component-params']).toMatchObject({ dataset: 'greek-regions' });
    expect(field?.['component-params'].tree).toBeUndefined();
    // The inline tree of the other hierarchical field is still sent.
    expect(
      inputs.body.data.document.step_info.fields.hierarchical_field?.['component-params'].tree,
    ).toBeDefined();

    const choices = sample?.steps.choices?.values ?? {};
    for (const wrong of [['GR-M'], ['GR-M', 'piraeus'], ['GR-M', 'chania', 'x']]) {
      const refused = await step({ ...choices, regional_unit_field: wrong });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain('regional_unit_field');
    }
    const accepted = await step({ ...choices, regional_unit_field: ['GR-I', 'piraeus'] });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.document.statements.regional_unit_field).toEqual(['GR-I', 'piraeus']);
    // The server holds the tree: the document reads the labels of the path.
    expect(accepted.body.data.document.values?.regional_unit_field).toBe('Αττική / Πειραιάς');
  });
});
