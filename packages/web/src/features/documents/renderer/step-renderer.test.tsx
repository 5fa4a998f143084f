import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  FIELD_COMPONENTS,
  renderDocumentPreview,
  templateSchema,
  type Locale,
  type StepField,
} from '@dilosi/domain';
import { FIELD_COMPONENT_REGISTRY } from './index';
import { documentWithFields, makeDocument, makeField, text } from './testing/factories';
import {
  errorSummary,
  expectFieldError,
  lastSubmission,
  pressContinue,
  renderStep,
} from './testing/render-step';

const afm = () => makeField({ key: 'afm', component: 'afm', label: text('ΑΦΜ') });

describe('the registry', () => {
  it.each(FIELD_COMPONENTS)('has a component for %s', (component) => {
    expect(typeof FIELD_COMPONENT_REGISTRY[component]).toBe('function');
  });

  it('shows an unknown component as a visible error naming it', () => {
    const unknown = makeField({ key: 'odd', component: 'afm' });
    renderStep(
      documentWithFields([{ ...unknown, component: 'signature_pad' as StepField['component'] }]),
    );
    const error = screen.getByRole('status');
    expect(error.textContent).toContain('Cannot resolve component');
    expect(error.textContent).toContain('signature_pad');
  });

  it('names a fieldset field the step does not describe', () => {
    const doc = documentWithFields([afm()]);
    doc.step_info.fieldsets.main?.fields.push('ghost');
    renderStep(doc);
    expect(screen.getByText('Missing component ghost')).toBeTruthy();
  });

  it('names a fieldset the step does not describe (Item named X not found)', () => {
    const doc = documentWithFields([afm()]);
    doc.step_info['fieldset-order'].push('nowhere');
    renderStep(doc);
    expect(screen.getByText('Item named nowhere not found')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /ΑΦΜ/ })).toBeTruthy();
  });

  it('says which field has no component', () => {
    const bare = { ...afm(), component: undefined } as unknown as StepField;
    renderStep(documentWithFields([bare]));
    expect(screen.getByText('afm has no component')).toBeTruthy();
  });

  it('a step without its metadata is an invalid template format, not a crash', () => {
    const doc = documentWithFields([afm()]);
    const broken = { ...doc, step_info: { ...doc.step_info, 'field-order': undefined } };
    renderStep(broken as unknown as typeof doc);
    expect(screen.getByText('Invalid template format (missing steps metadata)')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it("a step that is not the document's is refused (Invalid document step resolved)", () => {
    const doc = documentWithFields([afm()]);
    renderStep({ ...doc, step_name: 'elsewhere' });
    expect(screen.getByText('Invalid document step resolved')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});

describe('step layout', () => {
  it('renders title, elements, fieldsets, footer and actions in order', () => {
    const doc = makeDocument({
      step_info: {
        title: text('Στοιχεία δήλωσης'),
        elements: [
          { type: 'heading', text: text('Οδηγίες') },
          {
            type: 'text',
            text: text('Συμπληρώστε **όλα** τα πεδία.\n\nΔείτε [τους όρους](/terms).'),
          },
          { type: 'notice', text: text('Η ψευδής δήλωση διώκεται.'), variant: 'warning' },
          { type: 'divider' },
          { type: 'box', title: text('Προσοχή'), text: text('Κείμενο πλαισίου') },
          {
            type: 'cards',
            cards: [{ title: text('Κάρτα'), text: text('Κείμενο κάρτας'), href: '/vault' }],
          },
          {
            type: 'columns',
            columns: [
              [{ type: 'text', text: text('Αριστερά') }],
              [{ type: 'text', text: text('Δεξιά') }],
            ],
          },
          { type: 'print-section', elements: [{ type: 'text', text: text('Μόνο στην εκτύπωση') }] },
        ],
        fieldsets: {
          second: { title: text('Διεύθυνση'), fields: ['city'] },
          first: {
            title: text('Ταυτότητα'),
            text: text('Όπως στην ταυτότητα.'),
            fields: ['surname', 'firstname'],
          },
        },
        'fieldset-order': ['first', 'second'],
        'field-order': ['surname', 'firstname', 'city'],
        fields: {
          firstname: makeField({ key: 'firstname', component: 'string', label: text('Όνομα') }),
          surname: makeField({ key: 'surname', component: 'string', label: text('Επώνυμο') }),
          city: makeField({ key: 'city', component: 'string', label: text('Πόλη') }),
        },
        footer: [{ type: 'text', text: text('Κείμενο υποσέλιδου') }],
        actions: [
          { key: 'back', label: text('Προηγούμενο'), primary: false },
          { key: 'next', label: text('Συνέχεια'), primary: true },
        ],
      },
    });
    renderStep(doc);
    expect(screen.getByRole('heading', { level: 1, name: 'Στοιχεία δήλωσης' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Οδηγίες' })).toBeTruthy();
    expect(screen.getByText('όλα', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'τους όρους' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByText('Η ψευδής δήλωση διώκεται.')).toBeTruthy();
    expect(screen.getByRole('separator')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Προσοχή' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Κάρτα' }).getAttribute('href')).toBe('/vault');
    expect(screen.getByText('Αριστερά')).toBeTruthy();
    expect(screen.getByText('Μόνο στην εκτύπωση').closest('.dilosi-print-only')).toBeTruthy();

    const groups = screen
      .getAllByRole('group')
      .map((group) => group.querySelector('legend')?.textContent);
    expect(groups).toEqual(['Ταυτότητα', 'Διεύθυνση']);
    const identity = screen.getByRole('group', { name: 'Ταυτότητα' });
    expect(within(identity).getByText('Όπως στην ταυτότητα.')).toBeTruthy();
    expect(
      within(identity)
        .getAllByRole('textbox')
        .map((input) => input.id),
    ).toEqual(['field-surname', 'field-firstname']);

    const order = [
      screen.getByRole('heading', { level: 1 }),
      screen.getByText('Αριστερά'),
      identity,
      screen.getByText('Κείμενο υποσέλιδου'),
      screen.getByRole('button', { name: 'Συνέχεια' }),
    ];
    for (let index = 1; index < order.length; index++) {
      const before = order[index - 1] as HTMLElement;
      expect(
        before.compareDocumentPosition(order[index] as HTMLElement) &
          Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: 'Συνέχεια' }).className).toContain(
      'govgr-btn-primary',
    );
    expect(screen.getByRole('button', { name: 'Προηγούμενο' }).className).toContain(
      'govgr-btn-secondary',
    );
  });

  it('shows a value list and a tabular list of the current values', () => {
    const members = makeField({
      key: 'members',
      component: 'list_of',
      label: text('Μέλη'),
      editable: false,
      value: [{ name: 'Μαρία' }, { name: 'Νίκος' }],
      'list-of': {
        multiplicity: 5,
        'multiplicity-sortable': false,
        fixed: false,
        solo: false,
        layout: 'table',
        readonly: true,
        fields: [makeField({ key: 'name', component: 'string', label: text('Όνομα') })],
      },
    });
    const city = makeField({
      key: 'city',
      component: 'choice',
      label: text('Πόλη'),
      value: 'patra',
      choices: [{ value: 'patra', label: text('Πάτρα') }],
    });
    renderStep(
      makeDocument({
        step_info: {
          elements: [
            { type: 'value-list', fields: ['city'] },
            { type: 'tabular-list', field: 'members' },
          ],
          fields: { city, members },
        },
      }),
    );
    const term = screen.getByRole('term');
    expect(term.textContent).toBe('Πόλη');
    expect(screen.getByRole('definition').textContent).toBe('Πάτρα');
    const table = screen.getByRole('table', { name: 'Μέλη' });
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Μαρία', 'Νίκος']);
  });

  it('shows the document preview as it will be issued', () => {
    renderStep(
      makeDocument({
        step_info: {
          layout: 'preview',
          elements: [{ type: 'document-preview' }],
          preview: {
            heading: text('ΥΠΕΥΘΥΝΗ ΔΗΛΩΣΗ'),
            subheading: text('(άρθρο 8 Ν.1599/1986)'),
            rows: [{ label: text('Όνομα'), value: text('ΜΑΡΙΑ') }],
            body: [text('Δηλώνω ότι κατοικώ στην Αθήνα.')],
            table: { columns: [text('Τέκνο')], rows: [[text('ΝΙΚΟΣ')]] },
            recipient: { type: 'entity', codename: 'dimos', name: text('Δήμος Αθηναίων') },
          },
        },
      }),
    );
    const preview = screen.getByRole('article', { name: 'Προεπισκόπηση εγγράφου' });
    expect(within(preview).getByRole('heading', { name: 'ΥΠΕΥΘΥΝΗ ΔΗΛΩΣΗ' })).toBeTruthy();
    expect(within(preview).getByText('(άρθρο 8 Ν.1599/1986)')).toBeTruthy();
    expect(within(preview).getByText('ΜΑΡΙΑ')).toBeTruthy();
    expect(within(preview).getByText('Δηλώνω ότι κατοικώ στην Αθήνα.')).toBeTruthy();
    expect(within(preview).getByRole('cell', { name: 'ΝΙΚΟΣ' })).toBeTruthy();
    expect(within(preview).getByText('ΠΡΟΣ:').parentElement?.textContent).toBe(
      'ΠΡΟΣ: Δήμος Αθηναίων',
    );
    // It says in which language the document is sealed.
    expect(
      screen.getByText(
        'Το έγγραφο εκδίδεται και σφραγίζεται στα ελληνικά, που είναι το επίσημο κείμενό του.',
      ),
    ).toBeTruthy();
  });

  describe('a choice in the preview', () => {
    const L = (el: string, en: string, fr: string) => ({ el, en, fr });
    // The preview as the server draws it (renderDocumentPreview) from a template with choices.
    const template = templateSchema.parse({
      refname: 'lost-item',
      version: 1,
      type: 'solemn_declaration',
      code: 'LOST1',
      shortname: L('Απώλεια', 'Loss', 'Perte'),
      title: L('Δήλωση απώλειας', 'Declaration of loss', 'Déclaration de perte'),
      description: L('Δοκιμή', 'Test', 'Essai'),
      fields: [
        {
          key: 'reason',
          component: 'radio_choice',
          label: L('Λόγος', 'Reason', 'Motif'),
          choices: [
            { value: 'loss', label: L('Απώλεια', 'Loss', 'Perte') },
            { value: 'theft', label: L('Κλοπή', 'Theft', 'Vol') },
          ],
        },
        {
          key: 'place',
          component: 'hierarchical_select',
          label: L('Τόπος', 'Place', 'Lieu'),
          'component-params': {
            tree: [
              {
                value: 'attiki',
                label: L('Αττική', 'Attica', 'Attique'),
                children: [{ value: 'athina', label: L('Αθήνα', 'Athens', 'Athènes') }],
              },
            ],
          },
        },
        {
          key: 'items',
          component: 'list_of',
          label: L('Αντικείμενα', 'Items', 'Objets'),
          'list-of': {
            fields: [
              {
                key: 'kind',
                component: 'choice',
                label: L('Είδος', 'Kind', 'Type'),
                choices: [{ value: 'passport', label: L('Διαβατήριο', 'Passport', 'Passeport') }],
              },
            ],
          },
        },
      ],
      steps_spec: {
        steps: [
          {
            key: 'fields',
            title: L('Στοιχεία', 'Details', 'Détails'),
            'wizard-step': 1,
            fieldsets: [{ key: 'all', fields: ['reason', 'place'] }],
          },
        ],
        'steps-order': ['fields'],
      },
      document: {
        heading: L('ΥΠΕΥΘΥΝΗ ΔΗΛΩΣΗ', 'SOLEMN DECLARATION', 'DÉCLARATION SUR L’HONNEUR'),
        'value-fields': ['reason', 'place'],
        body: [L('Δηλώνω: {{reason}}.', 'I declare: {{reason}}.', 'Je déclare : {{reason}}.')],
        'table-field': 'items',
      },
    });
    const preview = renderDocumentPreview(
      template,
      { reason: 'theft', place: ['attiki', 'athina'], items: [{ kind: 'passport' }] },
      null,
    );
    const renderPreview = (locale: Locale) =>
      renderStep(
        makeDocument({
          step_info: { layout: 'preview', elements: [{ type: 'document-preview' }], preview },
        }),
        { locale },
      );
    const shown = (term: string) =>
      screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

    it('shows each chosen option’s label in English', () => {
      renderPreview('en');
      expect(shown('Reason')).toBe('Theft');
      expect(shown('Place')).toBe('Attica / Athens');
      expect(screen.getByRole('cell', { name: 'Passport' })).toBeTruthy();
      expect(screen.getByText('I declare: Theft.')).toBeTruthy();
      expect(screen.queryByText('Κλοπή')).toBeNull();
    });

    it('in French', () => {
      renderPreview('fr');
      expect(shown('Motif')).toBe('Vol');
      expect(shown('Lieu')).toBe('Attique / Athènes');
      expect(screen.getByRole('cell', { name: 'Passeport' })).toBeTruthy();
    });

    it('in Greek', () => {
      renderPreview('el');
      expect(shown('Λόγος')).toBe('Κλοπή');
      expect(screen.getByRole('cell', { name: 'Διαβατήριο' })).toBeTruthy();
    });
  });

  it('renders in the given locale', () => {
    renderStep(documentWithFields([afm()]), { locale: 'en' });
    expect(screen.getByRole('heading', { level: 1, name: 'Declaration details' })).toBeTruthy();
    expect(screen.getByLabelText('ΑΦΜ (en)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });
});

describe('back', () => {
  it('shows a back button when the step has a back-step, calling onBack', async () => {
    const { user, onBack } = renderStep(documentWithFields([afm()], { 'back-step': 'intro' }));
    await user.click(screen.getByRole('button', { name: 'Πίσω' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('shows none on the first step', () => {
    renderStep(documentWithFields([afm()]));
    expect(screen.queryByRole('button', { name: 'Πίσω' })).toBeNull();
  });

  it("the 'back' action goes to onBack without validating", async () => {
    const { user, onBack, onSubmit } = renderStep(
      documentWithFields([afm()], {
        actions: [
          { key: 'back', label: text('Προηγούμενο'), primary: false },
          { key: 'submit', label: text('Υποβολή'), primary: true },
        ],
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Προηγούμενο' }));
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('submission', () => {
  it("the 'resend_otp' action is sent without validating the form", async () => {
    const code = makeField({ key: 'otp_code', component: 'string', label: text('Κωδικός') });
    const { user, onSubmit } = renderStep(
      documentWithFields([code], {
        actions: [
          { key: 'submit', label: text('Επιβεβαίωση'), primary: true },
          { key: 'resend_otp', label: text('Αποστολή νέου κωδικού'), primary: false },
        ],
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Αποστολή νέου κωδικού' }));
    expect(lastSubmission(onSubmit).action).toBe('resend_otp');
    expect(screen.queryByRole('alert')).toBeNull();
    // The default action (Enter) still checks the required code.
    await user.click(screen.getByRole('button', { name: 'Επιβεβαίωση' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(errorSummary().textContent).toContain('Το πεδίο είναι υποχρεωτικό');
  });

  it('sends the action pressed', async () => {
    const { user, onSubmit } = renderStep(
      documentWithFields([{ ...afm(), value: '094014201' }], {
        actions: [{ key: 'submit', label: text('Υποβολή'), primary: true }],
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Υποβολή' }));
    expect(lastSubmission(onSubmit).action).toBe('submit');
  });

  it('sends with the Enter key', async () => {
    const { user, onSubmit } = renderStep(documentWithFields([afm()]));
    await user.type(screen.getByLabelText('ΑΦΜ'), '094014201{Enter}');
    expect(lastSubmission(onSubmit)).toMatchObject({
      action: 'next',
      statements: { afm: '094014201' },
    });
  });

  it('leaves out empty strings unless the field had a value', async () => {
    const optional = (key: string, value?: string) =>
      makeField({
        key,
        component: 'string',
        label: text(key),
        required: false,
        ...(value ? { value } : {}),
      });
    const { user, onSubmit } = renderStep(
      documentWithFields([
        optional('untouched'),
        optional('cleared', 'παλιό'),
        optional('kept', 'τιμή'),
      ]),
    );
    await user.clear(screen.getByLabelText('cleared (προαιρετικό)'));
    await pressContinue(user);
    expect(lastSubmission(onSubmit).statements).toEqual({ cleared: '', kept: 'τιμή' });
  });

  it('shows read-only fields as text and does not send them', async () => {
    const { user, onSubmit } = renderStep(
      documentWithFields([
        makeField({
          key: 'surname',
          component: 'string',
          label: text('Επώνυμο'),
          value: 'ΠΑΠΑΔΟΠΟΥΛΟΣ',
          editable: false,
        }),
        makeField({
          key: 'father',
          component: 'string',
          label: text('Πατρώνυμο'),
          value: 'ΓΕΩΡΓΙΟΣ',
          'user-input-mode': 'display',
        }),
        makeField({ key: 'city', component: 'string', label: text('Πόλη'), value: 'ΑΘΗΝΑ' }),
      ]),
    );
    expect(screen.queryByRole('textbox', { name: /Επώνυμο/ })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /Πατρώνυμο/ })).toBeNull();
    expect(screen.getByText('ΠΑΠΑΔΟΠΟΥΛΟΣ')).toBeTruthy();
    expect(screen.getByText('ΓΕΩΡΓΙΟΣ')).toBeTruthy();
    await pressContinue(user);
    expect(lastSubmission(onSubmit).statements).toEqual({ city: 'ΑΘΗΝΑ' });
  });

  it('disables the actions while submitting', () => {
    renderStep(documentWithFields([afm()]), { isSubmitting: true });
    expect(screen.getByRole('button', { name: 'Συνέχεια' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('errors', () => {
  it('moves focus to the error summary; a summary link focuses its field', async () => {
    const { user } = renderStep(
      documentWithFields([
        afm(),
        makeField({ key: 'surname', component: 'string', label: text('Επώνυμο') }),
      ]),
    );
    await pressContinue(user);
    const summary = errorSummary();
    expect(document.activeElement).toBe(summary);
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'ΑΦΜ: Το πεδίο είναι υποχρεωτικό',
      'Επώνυμο: Το πεδίο είναι υποχρεωτικό',
    ]);
    await user.click(links[1] as HTMLElement);
    expect(document.activeElement).toBe(screen.getByLabelText('Επώνυμο'));
  });

  it('shows server errors like its own, translated by code, and focuses the summary', () => {
    renderStep(
      documentWithFields([
        afm(),
        makeField({ key: 'surname', component: 'string', label: text('Επώνυμο') }),
        makeField({ key: 'note', component: 'string', label: text('Σημείωση') }),
      ]),
      {
        serverErrors: [
          { invalid_field: 'afm', error_info: { code: 'afm_invalid', message: 'invalid afm' } },
          {
            invalid_field: 'surname',
            error_info: {
              code: 'registry_mismatch',
              message: 'Το επώνυμο δεν συμφωνεί με το μητρώο',
            },
          },
          {
            invalid_field: 'note',
            error_info: { code: 'custom', params: text('Δική του διατύπωση') },
          },
        ],
      },
    );
    expect(document.activeElement).toBe(errorSummary());
    expectFieldError(screen.getByLabelText('ΑΦΜ'), 'Ο ΑΦΜ δεν είναι έγκυρος');
    expectFieldError(screen.getByLabelText('Επώνυμο'), 'Το επώνυμο δεν συμφωνεί με το μητρώο');
    expectFieldError(screen.getByLabelText('Σημείωση'), 'Δική του διατύπωση');
  });

  it('falls back to field_invalid with the label when the server gives no message', () => {
    renderStep(documentWithFields([afm()]), {
      serverErrors: [{ invalid_field: 'afm', error_info: { code: 'unheard_of' } }],
    });
    expectFieldError(screen.getByLabelText('ΑΦΜ'), 'Η τιμή του πεδίου «ΑΦΜ» δεν είναι έγκυρη.');
  });

  it('no longer shows the server errors once the citizen sends again', async () => {
    const { user, onSubmit } = renderStep(documentWithFields([{ ...afm(), value: '094014201' }]), {
      serverErrors: [{ invalid_field: 'afm', error_info: { code: 'afm_invalid' } }],
    });
    expect(screen.getByRole('alert')).toBeTruthy();
    await pressContinue(user);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows errors of list cells reported by the server', () => {
    const members = makeField({
      key: 'members',
      component: 'list_of',
      label: text('Μέλη'),
      value: [{ afm: '094014201' }],
      'list-of': {
        multiplicity: 5,
        'multiplicity-sortable': false,
        fixed: false,
        solo: false,
        layout: 'table',
        readonly: false,
        fields: [makeField({ key: 'afm', component: 'afm', label: text('ΑΦΜ μέλους') })],
      },
    });
    renderStep(documentWithFields([members]), {
      serverErrors: [{ invalid_field: 'members.0.afm', error_info: { code: 'afm_invalid' } }],
    });
    expectFieldError(
      screen.getByRole('textbox', { name: 'ΑΦΜ μέλους, Εγγραφή 1' }),
      'Ο ΑΦΜ δεν είναι έγκυρος',
    );
  });
});
