import { renderDocumentPreview, templateSchema } from '@dilosi/domain';
import { describe, expect, it } from 'vitest';
import { jointTextDigest } from './joint-text';

const T = (el: string, en = el, fr = el) => ({ el, en, fr });

const template = templateSchema.parse({
  refname: 'test-joint',
  version: 1,
  type: 'solemn_declaration',
  code: 'TSTJ',
  shortname: T('Δοκιμή', 'Test', 'Essai'),
  title: T('Δοκιμή', 'Test', 'Essai'),
  description: T('Δοκιμή', 'Test', 'Essai'),
  fields: [
    { key: 'firstname', component: 'string', label: T('Όνομα', 'First name', 'Prénom') },
    {
      key: 'reason',
      component: 'radio_choice',
      label: T('Λόγος', 'Reason', 'Motif'),
      choices: [{ value: 'theft', label: T('Κλοπή', 'Theft', 'Vol') }],
    },
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
  ],
  steps_spec: {
    steps: [
      {
        key: 'fields',
        title: T('Στοιχεία'),
        'wizard-step': 1,
        fieldsets: [{ key: 'all', fields: ['firstname', 'reason'] }],
      },
    ],
    'steps-order': ['fields'],
  },
  document: {
    heading: T('ΚΟΙΝΗ ΔΗΛΩΣΗ', 'JOINT DECLARATION', 'DÉCLARATION CONJOINTE'),
    'value-fields': ['firstname', 'reason'],
    body: [T('Λόγος: {{reason}}', 'Reason: {{reason}}', 'Motif : {{reason}}')],
    'table-field': 'children',
  },
});

const values = {
  firstname: 'ΜΑΡΙΑ',
  reason: 'theft',
  children: [{ name: 'ΕΛΕΝΗ', school: 'primary' }],
};

describe('jointTextDigest', () => {
  it('binds the signatures to the text as issued, the digest of a consent opened before unchanged', () => {
    // Taken before the preview carried its values in every language: a consent opened then is
    // still issued (issue-consent-document compares the digest again).
    expect(jointTextDigest(renderDocumentPreview(template, values, null))).toBe(
      '073825412ce2e09e66e1554f6e7073deb04fcc8d01ffb1b60979b659dd62468a',
    );
  });

  it('changes with a value', () => {
    const before = jointTextDigest(renderDocumentPreview(template, values, null));
    const after = jointTextDigest(
      renderDocumentPreview(template, { ...values, firstname: 'ΕΛΕΝΗ' }, null),
    );
    expect(after).not.toBe(before);
  });
});
