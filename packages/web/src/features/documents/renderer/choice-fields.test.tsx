import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Choice } from '@dilosi/domain';
import { documentWithFields, makeField, text } from './testing/factories';
import {
  description,
  expectFieldError,
  expectGroupError,
  lastSubmission,
  pressContinue,
  renderStep,
} from './testing/render-step';

const CHOICES: Choice[] = [
  { value: 'athens', label: text('Αθήνα') },
  { value: 'patra', label: text('Πάτρα') },
  { value: 'thessaloniki', label: text('Θεσσαλονίκη') },
];

function optionNames(select: HTMLElement): string[] {
  return within(select)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
}

describe('checkbox', () => {
  const doc = () =>
    documentWithFields([
      makeField({ key: 'agree', component: 'checkbox', label: text('Δηλώνω ότι συμφωνώ') }),
    ]);

  it('renders a labelled check box', () => {
    renderStep(doc());
    expect(screen.getByRole('checkbox', { name: 'Δηλώνω ότι συμφωνώ' })).toBeTruthy();
  });

  it('a required box must be ticked', async () => {
    const { user } = renderStep(doc());
    await pressContinue(user);
    expectFieldError(
      screen.getByRole('checkbox', { name: 'Δηλώνω ότι συμφωνώ' }),
      'Το πεδίο είναι υποχρεωτικό',
    );
  });

  it('sends true when ticked', async () => {
    const { user, onSubmit } = renderStep(doc());
    await user.click(screen.getByRole('checkbox', { name: 'Δηλώνω ότι συμφωνώ' }));
    await pressContinue(user);
    expect(lastSubmission(onSubmit).statements).toEqual({ agree: true });
  });
});

describe('choice', () => {
  const doc = (extra: Parameters<typeof makeField>[0] | object = {}) =>
    documentWithFields([
      makeField({
        key: 'city',
        component: 'choice',
        label: text('Πόλη'),
        choices: CHOICES,
        ...extra,
      }),
    ]);

  it('renders a select with the options in choices-order', () => {
    renderStep(doc({ 'choices-order': ['thessaloniki', 'athens', 'patra'] }));
    const select = screen.getByRole('combobox', { name: 'Πόλη' });
    expect(optionNames(select)).toEqual(['Επιλέξτε', 'Θεσσαλονίκη', 'Αθήνα', 'Πάτρα']);
  });

  it('requires a choice', async () => {
    const { user } = renderStep(doc());
    await pressContinue(user);
    expectFieldError(screen.getByRole('combobox', { name: 'Πόλη' }), 'Το πεδίο είναι υποχρεωτικό');
  });

  it('refuses a value that is not one of the choices (server value)', async () => {
    const { user } = renderStep(doc({ value: 'sparti' }));
    await pressContinue(user);
    expectFieldError(screen.getByRole('combobox', { name: 'Πόλη' }), 'Η επιλογή δεν είναι έγκυρη');
  });

  it('sends the chosen value', async () => {
    const { user, onSubmit } = renderStep(doc());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Πόλη' }), 'Πάτρα');
    await pressContinue(user);
    expect(lastSubmission(onSubmit).statements).toEqual({ city: 'patra' });
  });

  it('says "No available options" when there are none', () => {
    renderStep(doc({ choices: [] }));
    expect(screen.getByText('No available options')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});

describe('radio_choice', () => {
  const doc = () =>
    documentWithFields([
      makeField({ key: 'city', component: 'radio_choice', label: text('Πόλη'), choices: CHOICES }),
    ]);

  it('renders radios in a fieldset with a legend', () => {
    renderStep(doc());
    const group = screen.getByRole('group', { name: 'Πόλη' });
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
  });

  it('requires a choice, the message on the group', async () => {
    const { user } = renderStep(doc());
    await pressContinue(user);
    expectGroupError(screen.getByRole('group', { name: 'Πόλη' }), 'Το πεδίο είναι υποχρεωτικό');
  });

  it('sends the chosen value', async () => {
    const { user, onSubmit } = renderStep(doc());
    await user.click(screen.getByRole('radio', { name: 'Θεσσαλονίκη' }));
    await pressContinue(user);
    expect(lastSubmission(onSubmit).statements).toEqual({ city: 'thessaloniki' });
  });
});

describe('multiple_choice', () => {
  const doc = () =>
    documentWithFields([
      makeField({
        key: 'cities',
        component: 'multiple_choice',
        label: text('Πόλεις'),
        choices: CHOICES,
        'component-params': { min_choices: 2 },
      }),
    ]);

  it('renders check boxes in a fieldset', () => {
    renderStep(doc());
    const group = screen.getByRole('group', { name: 'Πόλεις' });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(3);
  });

  it('needs at least min_choices', async () => {
    const { user } = renderStep(doc());
    await user.click(screen.getByRole('checkbox', { name: 'Πάτρα' }));
    await pressContinue(user);
    expectGroupError(screen.getByRole('group', { name: 'Πόλεις' }), 'Επιλέξτε τουλάχιστον 2');
  });

  it('sends the ticked values in the options order', async () => {
    const { user, onSubmit } = renderStep(doc());
    await user.click(screen.getByRole('checkbox', { name: 'Θεσσαλονίκη' }));
    await user.click(screen.getByRole('checkbox', { name: 'Αθήνα' }));
    await pressContinue(user);
    expect(lastSubmission(onSubmit).statements).toEqual({ cities: ['athens', 'thessaloniki'] });
  });
});

describe('preference_multiple_choice', () => {
  const doc = () =>
    documentWithFields([
      makeField({
        key: 'preferences',
        component: 'preference_multiple_choice',
        label: text('Προτιμήσεις'),
        choices: CHOICES,
        'component-params': { min_choices: 2, max_choices: 2 },
      }),
    ]);

  it('offers in each row the options not chosen in earlier rows, up to max_choices rows', async () => {
    const { user } = renderStep(doc());
    const first = screen.getByRole('combobox', { name: '1η προτίμηση' });
    expect(optionNames(first)).toEqual(['Επιλέξτε', 'Αθήνα', 'Πάτρα', 'Θεσσαλονίκη']);
    await user.selectOptions(first, 'Πάτρα');
    const second = screen.getByRole('combobox', { name: '2η προτίμηση' });
    expect(optionNames(second)).toEqual(['Επιλέξτε', 'Αθήνα', 'Θεσσαλονίκη']);
    await user.selectOptions(second, 'Αθήνα');
    expect(screen.queryByRole('combobox', { name: '3η προτίμηση' })).toBeNull();
  });

  it('needs min_choices rows', async () => {
    const { user } = renderStep(doc());
    await user.selectOptions(screen.getByRole('combobox', { name: '1η προτίμηση' }), 'Πάτρα');
    await pressContinue(user);
    expectGroupError(screen.getByRole('group', { name: 'Προτιμήσεις' }), 'Επιλέξτε τουλάχιστον 2');
  });

  it('sends the choices in order of preference', async () => {
    const { user, onSubmit } = renderStep(doc());
    await user.selectOptions(screen.getByRole('combobox', { name: '1η προτίμηση' }), 'Θεσσαλονίκη');
    await user.selectOptions(screen.getByRole('combobox', { name: '2η προτίμηση' }), 'Αθήνα');
    await pressContinue(user);
    expect(lastSubmission(onSubmit).statements).toEqual({
      preferences: ['thessaloniki', 'athens'],
    });
  });
});

describe('hierarchical_select', () => {
  const doc = () =>
    documentWithFields([
      makeField({
        key: 'area',
        component: 'hierarchical_select',
        label: text('Περιοχή'),
        'component-params': {
          levels: [text('Περιφέρεια'), text('Δήμος')],
          tree: [
            {
              value: 'attiki',
              label: text('Αττική'),
              children: [
                { value: 'athens', label: text('Αθηναίων') },
                { value: 'piraeus', label: text('Πειραιώς') },
              ],
            },
            {
              value: 'kriti',
              label: text('Κρήτη'),
              children: [{ value: 'chania', label: text('Χανίων') }],
            },
          ],
        },
      }),
    ]);

  it('shows one select per level, the next after a choice', async () => {
    const { user } = renderStep(doc());
    expect(screen.getByRole('group', { name: 'Περιοχή' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Δήμος' })).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Περιφέρεια' }), 'Κρήτη');
    expect(optionNames(screen.getByRole('combobox', { name: 'Δήμος' }))).toEqual([
      'Επιλέξτε',
      'Χανίων',
    ]);
  });

  it('needs a complete path', async () => {
    const { user } = renderStep(doc());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Περιφέρεια' }), 'Αττική');
    await pressContinue(user);
    expectGroupError(screen.getByRole('group', { name: 'Περιοχή' }), 'Η επιλογή δεν είναι έγκυρη');
    expect(screen.getByRole('combobox', { name: 'Περιφέρεια' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
  });

  it('sends the path of values', async () => {
    const { user, onSubmit } = renderStep(doc());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Περιφέρεια' }), 'Αττική');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Δήμος' }), 'Πειραιώς');
    await pressContinue(user);
    expect(lastSubmission(onSubmit).statements).toEqual({ area: ['attiki', 'piraeus'] });
  });
});

describe('three_block_date', () => {
  const doc = () =>
    documentWithFields([
      makeField({
        key: 'birth',
        component: 'three_block_date',
        label: text('Ημερομηνία γέννησης'),
      }),
    ]);

  it('renders day, month and year in a fieldset', () => {
    renderStep(doc());
    const group = screen.getByRole('group', { name: 'Ημερομηνία γέννησης' });
    for (const name of ['Ημέρα', 'Μήνας', 'Έτος']) {
      expect(within(group).getByRole('textbox', { name })).toBeTruthy();
    }
  });

  it('refuses an impossible date', async () => {
    const { user } = renderStep(doc());
    await user.type(screen.getByRole('textbox', { name: 'Ημέρα' }), '31');
    await user.type(screen.getByRole('textbox', { name: 'Μήνας' }), '2');
    await user.type(screen.getByRole('textbox', { name: 'Έτος' }), '2001');
    await pressContinue(user);
    expectFieldError(
      screen.getByRole('textbox', { name: 'Ημέρα' }),
      'Η ημερομηνία δεν είναι έγκυρη. Συμπληρώστε τη στη μορφή ΗΗ/ΜΜ/ΕΕΕΕ',
    );
    expect(description(screen.getByRole('group', { name: 'Ημερομηνία γέννησης' }))).toContain(
      'Η ημερομηνία δεν είναι έγκυρη',
    );
  });

  it("composes 'DD/MM/YYYY'", async () => {
    const { user, onSubmit } = renderStep(doc());
    await user.type(screen.getByRole('textbox', { name: 'Ημέρα' }), '5');
    await user.type(screen.getByRole('textbox', { name: 'Μήνας' }), '3');
    await user.type(screen.getByRole('textbox', { name: 'Έτος' }), '1990');
    await pressContinue(user);
    expect(lastSubmission(onSubmit).statements).toEqual({ birth: '05/03/1990' });
  });
});

describe('five_block_date', () => {
  const doc = (value?: string) =>
    documentWithFields([
      makeField({
        key: 'when',
        component: 'five_block_date',
        label: text('Ημερομηνία και ώρα'),
        ...(value ? { value } : {}),
      }),
    ]);

  it('renders day, month, year, hour and minute, filled from the value', () => {
    renderStep(doc('07/04/2024 09:15'));
    const group = screen.getByRole('group', { name: 'Ημερομηνία και ώρα' });
    const values = ['Ημέρα', 'Μήνας', 'Έτος', 'Ώρα', 'Λεπτά'].map(
      (name) => within(group).getByRole<HTMLInputElement>('textbox', { name }).value,
    );
    expect(values).toEqual(['07', '04', '2024', '09', '15']);
  });

  it('refuses a missing time', async () => {
    const { user } = renderStep(doc());
    await user.type(screen.getByRole('textbox', { name: 'Ημέρα' }), '1');
    await user.type(screen.getByRole('textbox', { name: 'Μήνας' }), '2');
    await user.type(screen.getByRole('textbox', { name: 'Έτος' }), '2024');
    await pressContinue(user);
    expectFieldError(
      screen.getByRole('textbox', { name: 'Ημέρα' }),
      'Η ημερομηνία και ώρα δεν είναι έγκυρη. Συμπληρώστε τη στη μορφή ΗΗ/ΜΜ/ΕΕΕΕ ΩΩ:ΛΛ',
    );
  });

  it("composes 'DD/MM/YYYY HH:mm'", async () => {
    const { user, onSubmit } = renderStep(doc());
    await user.type(screen.getByRole('textbox', { name: 'Ημέρα' }), '1');
    await user.type(screen.getByRole('textbox', { name: 'Μήνας' }), '12');
    await user.type(screen.getByRole('textbox', { name: 'Έτος' }), '2024');
    await user.type(screen.getByRole('textbox', { name: 'Ώρα' }), '8');
    await user.type(screen.getByRole('textbox', { name: 'Λεπτά' }), '30');
    await pressContinue(user);
    expect(lastSubmission(onSubmit).statements).toEqual({ when: '01/12/2024 08:30' });
  });
});
