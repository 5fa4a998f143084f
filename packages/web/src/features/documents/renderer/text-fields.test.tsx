import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FieldComponent } from '@dilosi/domain';
import { documentWithFields, makeField, text } from './testing/factories';
import {
  description,
  expectFieldError,
  lastSubmission,
  pressContinue,
  renderStep,
} from './testing/render-step';

type Case = {
  component: FieldComponent;
  label: string;
  bad: string;
  message: string;
  good: string;
  expected?: string;
};

const CASES: Case[] = [
  {
    component: 'afm',
    label: 'ΑΦΜ',
    bad: '094014202',
    message: 'Ο ΑΦΜ δεν είναι έγκυρος',
    good: '094014201',
  },
  {
    component: 'amka',
    label: 'ΑΜΚΑ',
    bad: '15058512343',
    message: 'Ο ΑΜΚΑ δεν είναι έγκυρος',
    good: '15058512342',
  },
  {
    component: 'email',
    label: 'Email',
    bad: 'citizen@',
    message: 'Η διεύθυνση ηλεκτρονικού ταχυδρομείου δεν είναι έγκυρη',
    good: 'citizen@example.gr',
  },
  {
    component: 'iban',
    label: 'IBAN',
    bad: 'GR1601101250000000012300696',
    message: 'Το IBAN δεν είναι έγκυρο',
    good: 'GR1601101250000000012300695',
  },
  {
    component: 'landline_phone',
    label: 'Σταθερό τηλέφωνο',
    bad: '6912345678',
    message: 'Ο αριθμός σταθερού τηλεφώνου δεν είναι έγκυρος',
    good: '2101234567',
  },
  {
    component: 'mobile_phone',
    label: 'Κινητό τηλέφωνο',
    bad: '2101234567',
    message: 'Ο αριθμός κινητού τηλεφώνου δεν είναι έγκυρος',
    good: '6912345678',
  },
  {
    component: 'postal_code',
    label: 'Ταχυδρομικός κώδικας',
    bad: '00000',
    message: 'Ο ταχυδρομικός κώδικας δεν είναι έγκυρος',
    good: '10557',
  },
  {
    component: 'integer',
    label: 'Αριθμός τέκνων',
    bad: '0',
    message: 'Συμπληρώστε έναν θετικό ακέραιο αριθμό',
    good: '3',
  },
  {
    component: 'rate',
    label: 'Ποσοστό',
    bad: '150',
    message: 'Το ποσοστό πρέπει να είναι αριθμός από 0 έως 100 με έως δύο δεκαδικά ψηφία',
    good: '12.5',
  },
  {
    component: 'date',
    label: 'Ημερομηνία γέννησης',
    bad: '31/02/2000',
    message: 'Η ημερομηνία δεν είναι έγκυρη. Συμπληρώστε τη στη μορφή ΗΗ/ΜΜ/ΕΕΕΕ',
    good: '29/02/2000',
  },
  {
    component: 'datetime',
    label: 'Ημερομηνία και ώρα',
    bad: '29/02/2023 10:00',
    message: 'Η ημερομηνία και ώρα δεν είναι έγκυρη. Συμπληρώστε τη στη μορφή ΗΗ/ΜΜ/ΕΕΕΕ ΩΩ:ΛΛ',
    good: '29/02/2024 10:30',
  },
];

describe.each(CASES)('$component', ({ component, label, bad, message, good, expected }) => {
  const doc = () =>
    documentWithFields([makeField({ key: 'value', component, label: text(label) })]);

  it('renders a labelled input', () => {
    renderStep(doc());
    const input = screen.getByLabelText(label);
    expect(input.tagName).toBe('INPUT');
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows its error in the summary and on the field for a bad value', async () => {
    const { user, onSubmit } = renderStep(doc());
    await user.type(screen.getByLabelText(label), bad);
    await pressContinue(user);
    expectFieldError(screen.getByLabelText(label), message);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends a good value as a string', async () => {
    const { user, onSubmit } = renderStep(doc());
    await user.type(screen.getByLabelText(label), good);
    await pressContinue(user);
    expect(lastSubmission(onSubmit)).toEqual({
      action: 'next',
      statements: { value: expected ?? good },
      files: {},
      keep: {},
    });
  });
});

describe('string', () => {
  it('says a required field is required, in Greek', async () => {
    const doc = documentWithFields([
      makeField({ key: 'surname', component: 'string', label: text('Επώνυμο') }),
    ]);
    const { user } = renderStep(doc);
    await pressContinue(user);
    expectFieldError(screen.getByLabelText('Επώνυμο'), 'Το πεδίο είναι υποχρεωτικό');
  });

  it('marks optional fields in words and shows the hint as the description', () => {
    const doc = documentWithFields([
      makeField({
        key: 'nickname',
        component: 'string',
        required: false,
        label: text('Παρατσούκλι'),
        hint: text('Όπως σας φωνάζουν'),
      }),
    ]);
    renderStep(doc);
    const input = screen.getByLabelText('Παρατσούκλι (προαιρετικό)');
    expect(description(input)).toBe('Όπως σας φωνάζουν');
  });

  it('refuses a value longer than max_length', async () => {
    const doc = documentWithFields([
      makeField({
        key: 'code',
        component: 'string',
        label: text('Κωδικός'),
        'component-params': { max_length: 3 },
      }),
    ]);
    const { user } = renderStep(doc);
    await user.type(screen.getByLabelText('Κωδικός'), 'ABCD');
    await pressContinue(user);
    expectFieldError(
      screen.getByLabelText('Κωδικός'),
      'Το κείμενο δεν μπορεί να υπερβαίνει τους 3 χαρακτήρες',
    );
  });

  it('upper-cases a normalize_upper field without accents when it loses focus', async () => {
    const doc = documentWithFields([
      makeField({
        key: 'surname',
        component: 'string',
        label: text('Επώνυμο'),
        normalize_upper: true,
      }),
    ]);
    const { user, onSubmit } = renderStep(doc);
    const input = screen.getByLabelText<HTMLInputElement>('Επώνυμο');
    await user.type(input, 'Παπαδόπουλος');
    await user.tab();
    expect(input.value).toBe('ΠΑΠΑΔΟΠΟΥΛΟΣ');
    await pressContinue(user);
    expect(lastSubmission(onSubmit).statements).toEqual({ surname: 'ΠΑΠΑΔΟΠΟΥΛΟΣ' });
  });
});

describe('date', () => {
  it('shows the DD/MM/YYYY format as a hint', () => {
    renderStep(
      documentWithFields([makeField({ key: 'day', component: 'date', label: text('Ημέρα') })]),
    );
    expect(description(screen.getByLabelText('Ημέρα'))).toContain('27/03/2007');
  });

  it('applies the max of component-params', async () => {
    const doc = documentWithFields([
      makeField({
        key: 'day',
        component: 'date',
        label: text('Ημέρα'),
        'component-params': { max: '01/01/2024' },
      }),
    ]);
    const { user } = renderStep(doc);
    await user.type(screen.getByLabelText('Ημέρα'), '02/01/2024');
    await pressContinue(user);
    expectFieldError(
      screen.getByLabelText('Ημέρα'),
      'Η ημερομηνία δεν μπορεί να είναι μετά τις 01/01/2024',
    );
  });
});

describe('rate', () => {
  it('is a number input with step 0.01', () => {
    renderStep(
      documentWithFields([makeField({ key: 'rate', component: 'rate', label: text('Ποσοστό') })]),
    );
    const input = screen.getByLabelText('Ποσοστό');
    expect(input.getAttribute('type')).toBe('number');
    expect(input.getAttribute('step')).toBe('0.01');
  });

  it('checks the sum of dependent rates, with the custom message', async () => {
    const doc = documentWithFields([
      makeField({
        key: 'rate_a',
        component: 'rate',
        label: text('Ποσοστό Α'),
        'component-params': {
          dependencies: ['rate_b'],
          'dependencies-error-message': text('Τα ποσοστά πρέπει να αθροίζουν έως 100'),
        },
      }),
      makeField({ key: 'rate_b', component: 'rate', label: text('Ποσοστό Β') }),
    ]);
    const { user } = renderStep(doc);
    await user.type(screen.getByLabelText('Ποσοστό Α'), '60');
    await user.type(screen.getByLabelText('Ποσοστό Β'), '50');
    await pressContinue(user);
    expectFieldError(screen.getByLabelText('Ποσοστό Α'), 'Τα ποσοστά πρέπει να αθροίζουν έως 100');
  });
});

describe('text', () => {
  const doc = () =>
    documentWithFields([
      makeField({
        key: 'body',
        component: 'text',
        label: text('Κείμενο δήλωσης'),
        'component-params': { max_length: 10 },
      }),
    ]);

  it('renders a text area with a counter of the characters left', async () => {
    const { user } = renderStep(doc());
    const area = screen.getByRole('textbox', { name: 'Κείμενο δήλωσης' });
    expect(area.tagName).toBe('TEXTAREA');
    expect(description(area)).toContain('Απομένουν 10 χαρακτήρες');
    await user.type(area, 'Καλημέρα');
    expect(description(area)).toContain('Απομένουν 2 χαρακτήρες');
    await user.type(area, 'σα');
    expect(description(area)).toContain('Απομένουν 0 χαρακτήρες');
  });

  it('refuses a text longer than max_length, and keeps line breaks', async () => {
    const { user, onSubmit } = renderStep(doc());
    const area = screen.getByRole('textbox', { name: 'Κείμενο δήλωσης' });
    await user.type(area, 'Καλημέρα σας');
    expect(description(area)).toContain('Έχετε υπερβεί το όριο κατά 2 χαρακτήρες');
    await pressContinue(user);
    expectFieldError(area, 'Το κείμενο δεν μπορεί να υπερβαίνει τους 10 χαρακτήρες');
    await user.clear(area);
    await user.type(area, 'Α{Enter}Β');
    await pressContinue(user);
    expect(lastSubmission(onSubmit).statements).toEqual({ body: 'Α\nΒ' });
  });
});

describe('hidden', () => {
  it('renders a hidden input and sends its value', async () => {
    const doc = documentWithFields([
      makeField({ key: 'source', component: 'hidden', value: 'web', required: false }),
    ]);
    const { user, onSubmit } = renderStep(doc);
    const hidden = document.querySelector<HTMLInputElement>('input[type="hidden"][name="source"]');
    expect(hidden?.value).toBe('web');
    await pressContinue(user);
    expect(lastSubmission(onSubmit).statements).toEqual({ source: 'web' });
  });
});
