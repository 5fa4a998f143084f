import { describe, expect, it } from 'vitest';
import { templateSchema, wizardStepCount } from './template-schema';

const T = (el: string) => ({ el, en: `${el} (en)`, fr: `${el} (fr)` });

/** A minimal valid template as plain JSON; each test breaks one thing. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests mutate arbitrary JSON paths
function base(): Record<string, any> {
  return {
    refname: 'minimal',
    version: 1,
    type: 'solemn_declaration',
    code: 'MIN1',
    shortname: T('Ελάχιστο'),
    title: T('Ελάχιστο πρότυπο'),
    description: T('Περιγραφή'),
    fields: [
      { key: 'statement', component: 'text', label: T('Κείμενο'), required: true },
      { key: 'recipient', component: 'recipient', label: T('Προς'), required: true },
    ],
    steps_spec: {
      steps: [
        {
          key: 'fields',
          title: T('Στοιχεία'),
          'wizard-step': 1,
          fieldsets: [{ key: 'main', fields: ['statement'] }],
          elements: [{ type: 'value-list', fields: ['statement'] }],
        },
        {
          key: 'recipient',
          title: T('Παραλήπτης'),
          layout: 'recipient',
          'wizard-step': 2,
          fieldsets: [{ key: 'to', fields: ['recipient'] }],
        },
      ],
      'steps-order': ['fields', 'recipient'],
    },
    document: { heading: T('ΥΠΕΥΘΥΝΗ ΔΗΛΩΣΗ'), body: [T('{{statement}}')] },
  };
}

function issues(template: unknown): string[] {
  const result = templateSchema.safeParse(template);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('templateSchema', () => {
  it('accepts a minimal template and fills the defaults', () => {
    const template = templateSchema.parse(base());
    expect(template.enabled).toBe(true);
    expect(template.steps_spec.steps[0]?.states).toEqual(['editing']);
    expect(template.steps_spec.steps[0]?.layout).toBe('form');
    expect(template.fields[0]?.editable).toBe(true);
    expect(template.fields[0]?.['component-params']).toEqual({});
    expect(template.restrictions).toEqual({});
  });

  it('refuses an unknown field in a fieldset', () => {
    const template = base();
    template.steps_spec.steps[0].fieldsets[0].fields.push('nope');
    expect(issues(template)).toContain('unknown field "nope"');
  });

  it('refuses an unknown field in a value-list, even inside columns', () => {
    const template = base();
    template.steps_spec.steps[0].elements.push({
      type: 'columns',
      columns: [[{ type: 'tabular-list', field: 'ghost' }]],
    });
    expect(issues(template)).toContain('unknown field "ghost"');
  });

  it('refuses an unknown field in the document', () => {
    const template = base();
    template.document['value-fields'] = ['ghost'];
    expect(issues(template)).toContain('unknown field "ghost"');
  });

  it('refuses an unknown step in steps-order and a step listed twice', () => {
    const template = base();
    template.steps_spec['steps-order'] = ['fields', 'recipient', 'preview', 'fields'];
    const messages = issues(template);
    expect(messages).toContain('unknown step "preview"');
    expect(messages).toContain('step "fields" is listed twice');
  });

  it('refuses duplicate field keys and duplicate step keys', () => {
    const fields = base();
    fields.fields.push({ key: 'statement', component: 'string', label: T('Άλλο') });
    expect(issues(fields)).toContain('duplicate key');
    const steps = base();
    steps.steps_spec.steps.push({ ...steps.steps_spec.steps[0] });
    expect(issues(steps)).toContain('duplicate key');
  });

  it('refuses a choice without choices', () => {
    for (const component of [
      'choice',
      'radio_choice',
      'multiple_choice',
      'preference_multiple_choice',
    ]) {
      const template = base();
      template.fields.push({ key: 'pick', component, label: T('Επιλογή') });
      expect(issues(template)).toContain(`a ${component} field needs choices`);
    }
  });

  it('refuses list-of params without list_of, and list_of without them', () => {
    const template = base();
    template.fields.push({ key: 'rows', component: 'list_of', label: T('Λίστα') });
    expect(issues(template)).toContain('list-of params go with the list_of component');
  });

  it('refuses a hierarchical_select without a tree or a dataset', () => {
    const template = base();
    template.fields.push({ key: 'area', component: 'hierarchical_select', label: T('Περιοχή') });
    expect(issues(template)).toContain(
      'a hierarchical_select needs component-params.tree or component-params.dataset',
    );
    const withDataset = base();
    withDataset.fields.push({
      key: 'area',
      component: 'hierarchical_select',
      label: T('Περιοχή'),
      'component-params': { dataset: 'greek-regions' },
    });
    expect(issues(withDataset)).toEqual([]);
    // An unknown or malformed name is the catalogue's to refuse (test/api/templates.test.ts).
  });

  it('refuses a disabled template without serviceName and serviceURL', () => {
    const template = { ...base(), enabled: false, serviceName: T('ΔΥΠΑ') };
    expect(issues(template)).toContain(
      'a disabled template names the service (serviceName, serviceURL) that replaced it',
    );
    expect(issues({ ...template, serviceURL: 'https://www.dypa.gov.gr' })).toEqual([]);
  });

  it.each(['//evil.example', '/\\evil.example', 'javascript:alert(1)', 'ftp://x.gr', 'x.gr'])(
    'refuses the service URL %s (only http(s) URLs and paths of this origin are linked)',
    (serviceURL) => {
      const template = { ...base(), enabled: false, serviceName: T('ΔΥΠΑ'), serviceURL };
      expect(issues(template)).toEqual([
        'must be an http(s) URL or a path starting with a single "/"',
      ]);
    },
  );

  it('accepts a path of this origin as the service URL', () => {
    const template = { ...base(), enabled: false, serviceName: T('ΔΥΠΑ'), serviceURL: '/create' };
    expect(issues(template)).toEqual([]);
  });

  it('refuses unknown keys, components and component-params (typos)', () => {
    expect(issues({ ...base(), colour: 'blue' })).not.toEqual([]);
    const component = base();
    component.fields[0].component = 'textarea';
    expect(issues(component)).not.toEqual([]);
    const params = base();
    params.fields[0]['component-params'] = { maxLength: 10 };
    expect(issues(params)).not.toEqual([]);
  });

  it('refuses a text missing a language', () => {
    const template = base();
    template.title = { el: 'Τίτλος', en: 'Title' };
    expect(issues(template)).not.toEqual([]);
  });

  it('refuses bad field keys, codes and refnames', () => {
    const key = base();
    key.fields[0].key = 'Statement-1';
    expect(issues(key)).not.toEqual([]);
    expect(issues({ ...base(), code: 'yd1' })).not.toEqual([]);
    expect(issues({ ...base(), refname: 'Solemn Declaration' })).not.toEqual([]);
  });
  describe('joint declarations', () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- arbitrary JSON paths
    function joint(): Record<string, any> {
      const template = base();
      template.fields.push({
        key: 'others',
        component: 'list_of',
        label: T('Συνυπογράφοντες'),
        required: true,
        'list-of': {
          multiplicity: 3,
          fields: ['afm', 'firstname', 'surname'].map((key) => ({
            key,
            component: key === 'afm' ? 'afm' : 'string',
            label: T(key),
            required: true,
          })),
        },
      });
      template.joint = { list: 'others', max: 3, role: T('Σύζυγος'), author_role: T('Σύζυγος') };
      return template;
    }

    it('accepts co-signatories named in a list of tax numbers and names', () => {
      const parsed = templateSchema.parse(joint());
      expect(parsed.joint).toMatchObject({ list: 'others', min: 1, max: 3, afm_column: 'afm' });
    });

    it('refuses a list that is missing, lacks a column or has fewer rows than co-signatories', () => {
      const missing = joint();
      missing.joint.list = 'statement';
      expect(templateSchema.safeParse(missing).success).toBe(false);
      const noAfm = joint();
      noAfm.joint.afm_column = 'tax_id';
      expect(templateSchema.safeParse(noAfm).success).toBe(false);
      const tooMany = joint();
      tooMany.joint.max = 4;
      expect(templateSchema.safeParse(tooMany).success).toBe(false);
      const reversed = joint();
      reversed.joint.min = 3;
      reversed.joint.max = 2;
      expect(templateSchema.safeParse(reversed).success).toBe(false);
    });
  });
});

describe('wizardStepCount', () => {
  it('is 3 for authorisations and 4 otherwise', () => {
    expect(wizardStepCount('authorisation')).toBe(3);
    expect(wizardStepCount('solemn_declaration')).toBe(4);
    expect(wizardStepCount('application')).toBe(4);
  });
});
