import { describe, expect, it } from 'vitest';
import { templateSchema, type Template } from '../templates/template-schema';
import type { Recipient } from './api-document';
import {
  displayValue,
  fillPlaceholders,
  recipientName,
  renderDocumentPreview,
} from './render-document';

const T = (el: string, en = el, fr = el) => ({ el, en, fr });

const template: Template = templateSchema.parse({
  refname: 'test-declaration',
  version: 1,
  type: 'solemn_declaration',
  code: 'TST1',
  shortname: T('Δοκιμή', 'Test', 'Test'),
  title: T('Δοκιμή', 'Test', 'Test'),
  description: T('Δοκιμή', 'Test', 'Test'),
  fields: [
    {
      key: 'firstname',
      component: 'string',
      label: T('Όνομα', 'First name', 'Prénom'),
      origin: 'firstname',
    },
    {
      key: 'surname',
      component: 'string',
      label: T('Επώνυμο', 'Surname', 'Nom'),
      origin: 'surname',
    },
    {
      key: 'reason',
      component: 'radio_choice',
      label: T('Λόγος', 'Reason', 'Motif'),
      choices: [
        { value: 'loss', label: T('Απώλεια', 'Loss', 'Perte') },
        { value: 'theft', label: T('Κλοπή', 'Theft', 'Vol') },
      ],
    },
    {
      key: 'languages',
      component: 'multiple_choice',
      label: T('Γλώσσες', 'Languages', 'Langues'),
      choices: [
        { value: 'el', label: T('Ελληνικά', 'Greek', 'Grec') },
        { value: 'en', label: T('Αγγλικά', 'English', 'Anglais') },
      ],
    },
    { key: 'agree', component: 'checkbox', label: T('Συμφωνώ', 'I agree', "J'accepte") },
    {
      key: 'place',
      component: 'hierarchical_select',
      label: T('Δήμος', 'Municipality', 'Municipalité'),
      'component-params': {
        tree: [
          {
            value: 'attiki',
            label: T('Αττική', 'Attica', 'Attique'),
            children: [{ value: 'athina', label: T('Αθήνα', 'Athens', 'Athènes') }],
          },
        ],
      },
    },
    { key: 'statement', component: 'text', label: T('Κείμενο', 'Text', 'Texte') },
    {
      key: 'children',
      component: 'list_of',
      label: T('Τέκνα', 'Children', 'Enfants'),
      'list-of': {
        fields: [
          { key: 'name', component: 'string', label: T('Όνομα', 'Name', 'Nom') },
          {
            key: 'school',
            component: 'choice',
            label: T('Βαθμίδα', 'Level', 'Niveau'),
            choices: [{ value: 'primary', label: T('Δημοτικό', 'Primary', 'Primaire') }],
          },
        ],
      },
    },
    { key: 'recipient', component: 'recipient', label: T('Προς', 'To', 'À'), required: true },
  ],
  steps_spec: {
    steps: [
      {
        key: 'fields',
        title: T('Στοιχεία'),
        'wizard-step': 1,
        fieldsets: [{ key: 'all', fields: ['statement'] }],
      },
    ],
    'steps-order': ['fields'],
  },
  document: {
    heading: T('ΥΠΕΥΘΥΝΗ ΔΗΛΩΣΗ', 'SOLEMN DECLARATION', "DÉCLARATION SUR L'HONNEUR"),
    subheading: T(
      '(άρθρο 8 Ν.1599/1986)',
      '(article 8 of Law 1599/1986)',
      '(article 8 de la loi 1599/1986)',
    ),
    'value-fields': ['firstname', 'surname', 'reason'],
    body: [
      T(
        'Δηλώνω ότι: {{statement}}',
        'I declare that: {{statement}}',
        'Je déclare que : {{statement}}',
      ),
      T(
        '{{reason.label}}: {{reason}} — {{unknown}}',
        '{{reason.label}}: {{reason}} — {{unknown}}',
        '{{reason.label}} : {{reason}} — {{unknown}}',
      ),
      T('Προς: {{recipient}}', 'To: {{recipient}}', 'À : {{recipient}}'),
    ],
    'table-field': 'children',
  },
});

const fields = new Map(template.fields.map((field) => [field.key, field]));
const fieldOf = (key: string) => fields.get(key)!;
const entity: Recipient = {
  type: 'entity',
  codename: 'DIMOS_ATHINAION',
  name: T('Δήμος Αθηναίων', 'Municipality of Athens', "Municipalité d'Athènes"),
};
const values = {
  firstname: 'ΜΑΡΙΑ',
  surname: 'ΠΑΠΑΔΟΠΟΥΛΟΥ',
  reason: 'theft',
  statement: 'έχασα το διαβατήριό μου.',
  children: [
    { name: 'ΕΛΕΝΗ', school: 'primary' },
    { name: 'ΝΙΚΟΣ', school: 'unknown' },
  ],
  recipient: entity,
};

describe('displayValue', () => {
  it('shows choice labels in the asked language, unknown choices as they are', () => {
    expect(displayValue(fieldOf('reason'), 'theft', 'el')).toBe('Κλοπή');
    expect(displayValue(fieldOf('reason'), 'theft', 'fr')).toBe('Vol');
    expect(displayValue(fieldOf('reason'), 'fire', 'en')).toBe('fire');
    expect(displayValue(fieldOf('languages'), ['el', 'en'], 'en')).toBe('Greek, English');
  });

  it('shows yes/no, hierarchy paths and recipients', () => {
    expect(displayValue(fieldOf('agree'), true, 'el')).toBe('Ναι');
    expect(displayValue(fieldOf('agree'), false, 'en')).toBe('No');
    expect(displayValue(fieldOf('place'), ['attiki', 'athina'], 'el')).toBe('Αττική / Αθήνα');
    expect(displayValue(fieldOf('recipient'), entity, 'en')).toBe('Municipality of Athens');
    expect(displayValue(fieldOf('recipient'), { type: 'custom', name: 'Γ. Νικολάου' }, 'fr')).toBe(
      'Γ. Νικολάου',
    );
  });

  it('shows nothing for missing or unexpected values', () => {
    expect(displayValue(fieldOf('statement'), undefined, 'el')).toBe('');
    expect(displayValue(fieldOf('statement'), { a: 1 }, 'el')).toBe('');
    expect(displayValue(fieldOf('languages'), 'el', 'el')).toBe('');
  });
});

describe('fillPlaceholders', () => {
  it('fills values and labels and leaves unknown placeholders as they are', () => {
    expect(fillPlaceholders('{{ reason.label }}: {{reason}} {{nope}}', fields, values, 'en')).toBe(
      'Reason: Theft {{nope}}',
    );
  });
});

describe('renderDocumentPreview', () => {
  const preview = renderDocumentPreview(template, values, entity);

  it('keeps heading and subheading in every language', () => {
    expect(preview.heading.el).toBe('ΥΠΕΥΘΥΝΗ ΔΗΛΩΣΗ');
    expect(preview.subheading?.fr).toBe('(article 8 de la loi 1599/1986)');
  });

  it('lists the value fields with their labels, a choice by its label in every language', () => {
    expect(preview.rows).toEqual([
      { label: T('Όνομα', 'First name', 'Prénom'), value: T('ΜΑΡΙΑ') },
      { label: T('Επώνυμο', 'Surname', 'Nom'), value: T('ΠΑΠΑΔΟΠΟΥΛΟΥ') },
      { label: T('Λόγος', 'Reason', 'Motif'), value: T('Κλοπή', 'Theft', 'Vol') },
    ]);
  });

  it('fills the body per language', () => {
    expect(preview.body[0]).toEqual({
      el: 'Δηλώνω ότι: έχασα το διαβατήριό μου.',
      en: 'I declare that: έχασα το διαβατήριό μου.',
      fr: 'Je déclare que : έχασα το διαβατήριό μου.',
    });
    expect(preview.body[1]).toEqual({
      el: 'Λόγος: Κλοπή — {{unknown}}',
      en: 'Reason: Theft — {{unknown}}',
      fr: 'Motif : Vol — {{unknown}}',
    });
    expect(preview.body[2]?.en).toBe('To: Municipality of Athens');
  });

  it('draws the list as a table', () => {
    expect(preview.table).toEqual({
      columns: [T('Όνομα', 'Name', 'Nom'), T('Βαθμίδα', 'Level', 'Niveau')],
      rows: [
        [T('ΕΛΕΝΗ'), T('Δημοτικό', 'Primary', 'Primaire')],
        [T('ΝΙΚΟΣ'), T('unknown')],
      ],
    });
  });

  it('carries the recipient', () => {
    expect(preview.recipient).toEqual(entity);
    expect(recipientName(entity, 'fr')).toBe("Municipalité d'Athènes");
    expect(recipientName(null, 'el')).toBe('');
  });

  it('renders an empty draft without throwing', () => {
    const empty = renderDocumentPreview(template, {}, null);
    expect(empty.rows.map((row) => row.value)).toEqual([T(''), T(''), T('')]);
    expect(empty.body[0]?.el).toBe('Δηλώνω ότι: ');
    expect(empty.table?.rows).toEqual([]);
    expect(empty.recipient).toBeNull();
  });

  it('leaves out a paragraph that is only an empty optional field', () => {
    const noted = templateSchema.parse({
      ...template,
      document: { ...template.document, body: [T('{{firstname}}'), T('Τέλος.')] },
    });
    expect(renderDocumentPreview(noted, {}, null).body).toEqual([T('Τέλος.')]);
    expect(renderDocumentPreview(noted, { firstname: 'ΜΑΡΙΑ' }, null).body).toHaveLength(2);
  });
});
