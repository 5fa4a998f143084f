import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  FIELD_COMPONENTS,
  isKnownRule,
  LOCALES,
  renderDocumentPreview,
  TEMPLATE_RULE_FIELD_PARAMS,
  templateSchema,
  type StepElement,
  type Template,
} from '@dilosi/domain';
import { demoPersons } from '../src/seed/demo-data';

// The catalogue the server loads at start: every file must parse and hang together.
const directory = fileURLToPath(new URL('.', import.meta.url));
const files = readdirSync(directory)
  .filter((name) => name.endsWith('.json'))
  .sort();
const templates: { file: string; template: Template }[] = files.map((file) => ({
  file,
  template: templateSchema.parse(JSON.parse(readFileSync(join(directory, file), 'utf8'))),
}));
const byRefname = new Map(templates.map(({ template }) => [template.refname, template]));

function get(refname: string): Template {
  const template = byRefname.get(refname);
  if (!template) throw new Error(`missing template ${refname}`);
  return template;
}

const ELEMENT_TYPES: StepElement['type'][] = [
  'heading',
  'text',
  'notice',
  'divider',
  'box',
  'cards',
  'columns',
  'value-list',
  'tabular-list',
  'print-section',
  'document-preview',
];

function flattenElements(elements: readonly StepElement[]): StepElement[] {
  return elements.flatMap((element) => {
    if (element.type === 'columns') return [element, ...flattenElements(element.columns.flat())];
    if (element.type === 'print-section') return [element, ...flattenElements(element.elements)];
    return [element];
  });
}

function stepElements(template: Template) {
  return template.steps_spec.steps.flatMap((step) =>
    flattenElements([...step.elements, ...step.footer]),
  );
}

/** Field keys each element or fieldset of a step shows. */
function shownFields(template: Template): Set<string> {
  const shown = new Set<string>();
  for (const step of template.steps_spec.steps) {
    for (const fieldset of step.fieldsets) for (const key of fieldset.fields) shown.add(key);
    for (const element of flattenElements([...step.elements, ...step.footer])) {
      if (element.type === 'value-list') for (const key of element.fields) shown.add(key);
      if (element.type === 'tabular-list') shown.add(element.field);
    }
  }
  return shown;
}

function placeholders(text: string): { key: string; sub?: string }[] {
  return [...text.matchAll(/\{\{\s*([a-z][a-z0-9_]*)(?:\.([a-z]+))?\s*\}\}/g)].map((match) => ({
    key: match[1] ?? '',
    ...(match[2] ? { sub: match[2] } : {}),
  }));
}

const MARIA = '100000015';

describe('templates catalogue', () => {
  it('holds at least 11 templates', () => {
    expect(templates.length).toBeGreaterThanOrEqual(11);
  });

  it('uses every template rule of spec section 5 in some template', () => {
    const used = new Set(
      templates.flatMap(({ template }) =>
        template.steps_spec.steps.flatMap((step) => step.rules.map((ref) => ref.rule)),
      ),
    );
    expect([...used].sort()).toEqual(Object.keys(TEMPLATE_RULE_FIELD_PARAMS).sort());
  });

  it.each(files)('%s is named after its refname and starts at version 1', (file) => {
    const template = templates.find((entry) => entry.file === file)?.template;
    expect(file).toBe(`${template?.refname}.json`);
    expect(template?.version).toBe(1);
  });

  it('has unique refnames and codes', () => {
    const refnames = templates.map(({ template }) => template.refname);
    const codes = templates.map(({ template }) => template.code);
    expect(new Set(refnames).size).toBe(refnames.length);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it("gives each template's cases a deadline: its own where it names one, else 10 days", () => {
    const deadline = (refname: string) =>
      templates.find(({ template }) => template.refname === refname)?.template.case_deadline_days;
    expect(deadline('solemn-declaration')).toBe(10);
    expect(deadline('unemployment-card-renewal')).toBe(5);
    expect(deadline('traffic-fine-driver')).toBe(30);
  });

  describe.each(templates.map(({ template }) => [template.refname, template] as const))(
    '%s',
    (_, template) => {
      const fieldKeys = new Set(template.fields.map((field) => field.key));

      it('shows every field in some step, and every step names only existing fields', () => {
        const shown = shownFields(template);
        for (const key of fieldKeys) expect(shown, `field ${key}`).toContain(key);
        for (const key of shown) expect(fieldKeys, `shown ${key}`).toContain(key);
      });

      it('puts each field in at most one fieldset', () => {
        const keys = template.steps_spec.steps.flatMap((step) =>
          step.fieldsets.flatMap((fieldset) => fieldset.fields),
        );
        expect(new Set(keys).size).toBe(keys.length);
        const setKeys = template.steps_spec.steps.flatMap((step) =>
          step.fieldsets.map((fieldset) => `${step.key}/${fieldset.key}`),
        );
        expect(new Set(setKeys).size).toBe(setKeys.length);
      });

      it('orders every step exactly once', () => {
        const order = template.steps_spec['steps-order'];
        expect(new Set(order).size).toBe(order.length);
        expect([...order].sort()).toEqual(template.steps_spec.steps.map((s) => s.key).sort());
      });

      it('uses only known rules, reading fields that exist', () => {
        for (const step of template.steps_spec.steps) {
          for (const { rule, params } of step.rules) {
            expect(isKnownRule(rule), rule).toBe(true);
            const spec = TEMPLATE_RULE_FIELD_PARAMS[rule];
            expect(spec, rule).toBeDefined();
            for (const name of spec?.required ?? []) {
              expect(typeof params[name], `${rule}.${name}`).toBe('string');
            }
            for (const name of [...(spec?.required ?? []), ...(spec?.optional ?? [])]) {
              if (params[name] === undefined) continue;
              expect(fieldKeys, `${rule}.${name}`).toContain(params[name]);
            }
            for (const name of spec?.lists ?? []) {
              const keys = params[name];
              expect(Array.isArray(keys), `${rule}.${name}`).toBe(true);
              for (const key of keys as unknown[])
                expect(fieldKeys, `${rule}.${name}`).toContain(key);
            }
            if (rule === 'unique_list_column') {
              const list = template.fields.find((field) => field.key === params.list);
              const columns = list?.['list-of']?.fields.map((field) => field.key) ?? [];
              expect(columns).toContain(params.column);
            }
          }
        }
      });

      it('has a required recipient field (an entity template: none, the case names it)', () => {
        const recipient = template.fields.find((field) => field.key === 'recipient');
        if (template.issuer === 'entity') {
          expect(recipient).toBeUndefined();
          expect(template.entity_use.length).toBeGreaterThan(0);
          return;
        }
        expect(recipient?.component).toBe('recipient');
        expect(recipient?.required).toBe(true);
      });

      it('follows the wizard of its type', () => {
        const steps = template.steps_spec['steps-order'].map((key) =>
          template.steps_spec.steps.find((step) => step.key === key)!,
        );
        if (template.issuer === 'entity') {
          // Issued by staff through the reply-confirm dialog: form steps, then the preview; no SMS code.
          expect(steps.map((step) => step.layout)).toEqual([
            ...steps.slice(0, -1).map(() => 'form'),
            'preview',
          ]);
          expect(steps.every((step) => step.states.join() === 'editing')).toBe(true);
          return;
        }
        const tail = template.type === 'authorisation' ? 2 : 3;
        const formSteps = steps.slice(0, -tail);
        expect(formSteps.length).toBeGreaterThan(0);
        for (const step of formSteps) {
          expect(step.layout).toBe('form');
          expect(step['wizard-step']).toBe(1);
        }
        const last = steps.slice(-tail);
        if (template.type === 'authorisation') {
          expect(last.map((step) => [step.key, step.layout, step['wizard-step']])).toEqual([
            ['preview', 'preview', 2],
            ['confirm', 'confirm', 3],
          ]);
          const formFields = formSteps.flatMap((step) => step.fieldsets.flatMap((s) => s.fields));
          expect(formFields).toContain('recipient');
        } else {
          expect(last.map((step) => [step.key, step.layout, step['wizard-step']])).toEqual([
            ['recipient', 'recipient', 2],
            ['preview', 'preview', 3],
            ['confirm', 'confirm', 4],
          ]);
          expect(last[0]?.fieldsets.map((set) => set.fields)).toEqual([['recipient']]);
        }
        const preview = steps.find((step) => step.layout === 'preview');
        expect(preview?.elements.map((element) => element.type)).toContain('document-preview');
        const confirm = steps.at(-1);
        expect(confirm?.states).toEqual(['requested']);
        for (const step of steps.filter((s) => s !== confirm)) {
          expect(step.states).toEqual(['editing']);
        }
      });

      it('fills every placeholder of its document and dynamic texts from a known field', () => {
        const texts = [
          ...template.document.body,
          ...template.fields.flatMap((field) => {
            const params = field['component-params'];
            return params.template ? [params.template] : [];
          }),
        ];
        for (const text of texts) {
          for (const locale of LOCALES) {
            for (const { key, sub } of placeholders(text[locale])) {
              expect(fieldKeys, `{{${key}}} in ${locale}`).toContain(key);
              if (sub) expect(sub).toBe('label');
            }
          }
          // The same placeholders in every language.
          const keys = (locale: (typeof LOCALES)[number]) =>
            placeholders(text[locale])
              .map((p) => p.key)
              .sort();
          expect(keys('en')).toEqual(keys('el'));
          expect(keys('fr')).toEqual(keys('el'));
        }
      });

      it('fields with an origin read person data; registry values are not typed', () => {
        for (const field of template.fields) {
          if (field.external_immutable) expect(field.origin, field.key).toBeDefined();
        }
        if (template.anonymous) {
          expect(template.fields.filter((field) => field.required && field.origin)).toEqual([]);
        }
      });

      it('writes Greek in Greek and translates en and fr', () => {
        expect(template.title.el).toMatch(/[α-ωΑ-Ω]/);
        expect(template.description.el).toMatch(/[α-ωΑ-Ω]/);
        expect(template.document.heading.el).toMatch(/^[Α-ΩΆ-Ώ ]+$/);
        for (const text of [template.title, template.shortname, template.description]) {
          expect(text.en).not.toBe(text.el);
          expect(text.fr).not.toBe(text.el);
          expect(text.en).not.toMatch(/[α-ωΑ-Ω]{3}/);
        }
      });

      it('renders a preview with empty values without throwing', () => {
        const preview = renderDocumentPreview(template, {}, null);
        expect(preview.heading).toEqual(template.document.heading);
        // A paragraph that is only an empty optional field is left out; none is ever blank.
        expect(preview.body.length).toBeLessThanOrEqual(template.document.body.length);
        expect(preview.body.every((paragraph) => paragraph.el.trim() !== '')).toBe(true);
      });
    },
  );

  it('has the templates other parts of the product rely on', () => {
    for (const refname of [
      'solemn-declaration',
      'authorisation',
      'id-loss-declaration',
      'application-attachments',
      'school-aid',
      'dev-all-components',
    ]) {
      expect(byRefname.has(refname), refname).toBe(true);
    }
  });

  it('solemn-declaration: a `fields` step with the free text `statement` of 2500 characters', () => {
    const template = get('solemn-declaration');
    expect(template.type).toBe('solemn_declaration');
    expect(template.steps_spec['steps-order'][0]).toBe('fields');
    const step = template.steps_spec.steps.find((s) => s.key === 'fields');
    expect(step?.fieldsets.flatMap((set) => set.fields)).toContain('statement');
    const statement = template.fields.find((field) => field.key === 'statement');
    expect(statement).toMatchObject({ component: 'text', required: true });
    expect(statement?.['component-params'].max_length).toBe(2500);
    expect(template.document.subheading?.el).toBe('(άρθρο 8 Ν.1599/1986)');
    expect(template.document.heading.el).toBe('ΥΠΕΥΘΥΝΗ ΔΗΛΩΣΗ');
  });

  it('authorisation: the authorised person’s data and a 3-step wizard', () => {
    const template = get('authorisation');
    expect(template.type).toBe('authorisation');
    const keys = template.fields.map((field) => field.key);
    for (const key of [
      'authorized_firstname',
      'authorized_surname',
      'authorized_afm',
      'authorized_id_number',
    ]) {
      expect(keys).toContain(key);
    }
    expect(template.fields.find((field) => field.key === 'authorized_afm')?.component).toBe('afm');
    expect(Math.max(...template.steps_spec.steps.map((step) => step['wizard-step']))).toBe(3);
  });

  it('id-loss-declaration: loss_period, the police-service date_span and the id number', () => {
    const template = get('id-loss-declaration');
    const rules = template.steps_spec.steps.flatMap((step) => step.rules);
    expect(rules.map((rule) => rule.rule)).toEqual(
      expect.arrayContaining(['loss_period', 'date_span']),
    );
    expect(rules.find((rule) => rule.rule === 'date_span')?.params).toMatchObject({
      max_months: 6,
      max_age_months: 6,
    });
    expect(template.fields.find((field) => field.key === 'lost_id_number')?.required).toBe(true);
  });

  it('application-attachments: PDF attachments, one with a size and count limit', () => {
    const attachments = get('application-attachments').fields.filter(
      (field) => field.component === 'attachment',
    );
    expect(attachments.length).toBeGreaterThan(0);
    expect(
      attachments.some(
        (field) =>
          field['component-params']['file-max-size'] !== undefined &&
          (field['component-params'].max_files ?? 1) > 1,
      ),
    ).toBe(true);
  });

  it('covers the special kinds of template', () => {
    const all = templates.map(({ template }) => template);
    expect(all.some((t) => t.anonymous && t.fields.every((f) => !f.origin))).toBe(true);
    expect(all.some((t) => t.restrictions.afm_endings?.length)).toBe(true);
    expect(all.some((t) => t.restrictions.civil_servants_only)).toBe(true);
    expect(all.some((t) => t.collectable)).toBe(true);
    expect(all.some((t) => !t.enabled && t.serviceURL && t.serviceName)).toBe(true);
    expect(all.some((t) => t.devel)).toBe(true);
  });

  it('has a list with unique, sortable rows checked by unique_list_column', () => {
    const withList = templates
      .map(({ template }) => template)
      .filter((template) =>
        template.steps_spec.steps.some((step) =>
          step.rules.some((rule) => rule.rule === 'unique_list_column'),
        ),
      );
    expect(withList.length).toBeGreaterThan(0);
    for (const template of withList) {
      const list = template.fields.find((field) => field.component === 'list_of');
      expect(list?.['list-of']).toMatchObject({ 'multiplicity-sortable': true });
      expect(list?.['list-of']?.['multiplicity-unique']).toBeDefined();
      expect(list?.['list-of']?.multiplicityLabels).toBeDefined();
      expect(template.document['table-field']).toBe(list?.key);
    }
  });

  it('uses every registered rule somewhere', () => {
    const used = new Set(
      templates.flatMap(({ template }) =>
        template.steps_spec.steps.flatMap((step) => step.rules.map((rule) => rule.rule)),
      ),
    );
    expect([...used].sort()).toEqual(Object.keys(TEMPLATE_RULE_FIELD_PARAMS).sort());
  });

  it('dev-all-components uses every component and every step element', () => {
    const template = get('dev-all-components');
    expect(template.devel).toBe(true);
    const components = new Set(template.fields.map((field) => field.component));
    expect([...components].sort()).toEqual([...FIELD_COMPONENTS].sort());
    const types = new Set(stepElements(template).map((element) => element.type));
    expect([...types].sort()).toEqual([...ELEMENT_TYPES].sort());
    const image = template.fields.find((field) => field.component === 'image');
    expect(image?.['component-params'].src).toMatch(/^data:image\/png;base64,i/);
  });

  it('lets Maria use every enabled, unrestricted template and the afm-ending one', () => {
    const maria = demoPersons.find((person) => person.afm === MARIA);
    expect(maria?.is_civil_servant).toBeFalsy();
    const restricted = templates.filter(({ template }) => template.restrictions.afm_endings);
    for (const { template } of restricted) {
      const endings = template.restrictions.afm_endings ?? [];
      expect(endings).toContain(MARIA.at(-1));
      // Someone among the demo persons is turned away, so the restriction can be tested.
      expect(demoPersons.some((person) => !endings.includes(person.afm.at(-1) ?? ''))).toBe(true);
    }
  });

  it('has demo civil servants for the public-employees template', () => {
    expect(demoPersons.some((person) => person.is_civil_servant)).toBe(true);
  });
});
