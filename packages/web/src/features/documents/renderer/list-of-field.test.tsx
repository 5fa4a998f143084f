import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StepField } from '@dilosi/domain';
import { documentWithFields, makeField, text } from './testing/factories';
import {
  expectFieldError,
  expectGroupError,
  lastSubmission,
  pressContinue,
  renderStep,
} from './testing/render-step';

const KINSHIP = [
  { value: 'child', label: text('Τέκνο') },
  { value: 'spouse', label: text('Σύζυγος') },
];

function listField(
  list: Partial<NonNullable<StepField['list-of']>> = {},
  extra: Partial<StepField> = {},
) {
  return makeField({
    key: 'members',
    component: 'list_of',
    label: text('Μέλη οικογένειας'),
    required: false,
    'list-of': {
      multiplicity: 3,
      'multiplicity-sortable': false,
      fixed: false,
      solo: false,
      layout: 'table',
      readonly: false,
      multiplicityLabels: { item: text('Μέλος'), add: text('Προσθήκη μέλους') },
      fields: [
        makeField({ key: 'name', component: 'string', label: text('Ονοματεπώνυμο') }),
        makeField({
          key: 'kinship',
          component: 'choice',
          label: text('Συγγένεια'),
          choices: KINSHIP,
        }),
      ],
      ...list,
    },
    ...extra,
  });
}

describe('list_of (table)', () => {
  it('renders a table with one column per sub-field and an add button', () => {
    renderStep(
      documentWithFields([listField({}, { value: [{ name: 'Μαρία', kinship: 'spouse' }] })]),
    );
    const table = screen.getByRole('table', { name: 'Μέλη οικογένειας' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Μέλος', 'Ονοματεπώνυμο', 'Συγγένεια', 'Ενέργειες']);
    expect(
      screen.getByRole<HTMLInputElement>('textbox', { name: 'Ονοματεπώνυμο, Μέλος 1' }).value,
    ).toBe('Μαρία');
    expect(screen.getByRole('button', { name: 'Προσθήκη μέλους' })).toBeTruthy();
  });

  it('adds rows up to multiplicity, then disables adding', async () => {
    const { user } = renderStep(documentWithFields([listField()]));
    const add = screen.getByRole('button', { name: 'Προσθήκη μέλους' });
    expect(screen.getByText('Δεν έχουν προστεθεί εγγραφές.')).toBeTruthy();
    await user.click(add);
    expect(document.activeElement).toBe(
      screen.getByRole('textbox', { name: 'Ονοματεπώνυμο, Μέλος 1' }),
    );
    await user.click(add);
    await user.click(add);
    expect(screen.getAllByRole('textbox')).toHaveLength(3);
    expect(add.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Έχετε προσθέσει τον μέγιστο αριθμό εγγραφών (3).')).toBeTruthy();
  });

  it('removes a row', async () => {
    const { user, onSubmit } = renderStep(
      documentWithFields([
        listField(
          {},
          {
            value: [
              { name: 'Μαρία', kinship: 'spouse' },
              { name: 'Νίκος', kinship: 'child' },
            ],
          },
        ),
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Αφαίρεση Μέλος 1' }));
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    await pressContinue(user);
    expect(lastSubmission(onSubmit).statements).toEqual({
      members: [{ name: 'Νίκος', kinship: 'child' }],
    });
  });

  it('validates each cell, the error on the cell', async () => {
    const { user } = renderStep(documentWithFields([listField()]));
    await user.click(screen.getByRole('button', { name: 'Προσθήκη μέλους' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Συγγένεια, Μέλος 1' }), 'Τέκνο');
    await pressContinue(user);
    expectFieldError(
      screen.getByRole('textbox', { name: 'Ονοματεπώνυμο, Μέλος 1' }),
      'Το πεδίο είναι υποχρεωτικό',
    );
  });

  it('needs one row when required', async () => {
    const { user } = renderStep(documentWithFields([listField({}, { required: true })]));
    await user.click(screen.getByRole('button', { name: 'Αφαίρεση Μέλος 1' }));
    await pressContinue(user);
    const add = screen.getByRole('button', { name: 'Προσθήκη μέλους' });
    expectGroupError(add, 'Προσθέστε τουλάχιστον 1 εγγραφή');
    await user.click(screen.getByRole('link', { name: /Προσθέστε τουλάχιστον 1 εγγραφή/ }));
    expect(document.activeElement).toBe(add);
  });

  it('a unique column does not offer a choice another row took', async () => {
    const { user, onSubmit } = renderStep(
      documentWithFields([listField({ 'multiplicity-unique': 'kinship' })]),
    );
    const add = screen.getByRole('button', { name: 'Προσθήκη μέλους' });
    await user.click(add);
    await user.click(add);
    await user.type(screen.getByRole('textbox', { name: 'Ονοματεπώνυμο, Μέλος 1' }), 'Μαρία');
    await user.type(screen.getByRole('textbox', { name: 'Ονοματεπώνυμο, Μέλος 2' }), 'Νίκος');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Συγγένεια, Μέλος 1' }),
      'Σύζυγος',
    );
    const second = screen.getByRole('combobox', { name: 'Συγγένεια, Μέλος 2' });
    expect(within(second).queryByRole('option', { name: 'Σύζυγος' })).toBeNull();
    await user.selectOptions(second, 'Τέκνο');
    await pressContinue(user);
    expect(lastSubmission(onSubmit).statements).toEqual({
      members: [
        { name: 'Μαρία', kinship: 'spouse' },
        { name: 'Νίκος', kinship: 'child' },
      ],
    });
  });

  it('a unique text column refuses the same value twice', async () => {
    const { user } = renderStep(documentWithFields([listField({ 'multiplicity-unique': 'name' })]));
    const add = screen.getByRole('button', { name: 'Προσθήκη μέλους' });
    await user.click(add);
    await user.click(add);
    for (const row of [1, 2]) {
      await user.type(
        screen.getByRole('textbox', { name: `Ονοματεπώνυμο, Μέλος ${row}` }),
        'Μαρία',
      );
      await user.selectOptions(
        screen.getByRole('combobox', { name: `Συγγένεια, Μέλος ${row}` }),
        'Τέκνο',
      );
    }
    await pressContinue(user);
    expectFieldError(
      screen.getByRole('textbox', { name: 'Ονοματεπώνυμο, Μέλος 2' }),
      'Η τιμή έχει ήδη δοθεί σε άλλη εγγραφή',
    );
  });

  it('moves rows when sortable', async () => {
    const { user, onSubmit } = renderStep(
      documentWithFields([
        listField(
          { 'multiplicity-sortable': true },
          {
            value: [
              { name: 'Α', kinship: 'spouse' },
              { name: 'Β', kinship: 'child' },
            ],
          },
        ),
      ]),
    );
    expect(
      screen.getByRole('button', { name: 'Μετακίνηση πάνω Μέλος 1' }).hasAttribute('disabled'),
    ).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Μετακίνηση κάτω Μέλος 1' }));
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Μετακίνηση πάνω Μέλος 2' }),
    );
    await pressContinue(user);
    expect(lastSubmission(onSubmit).statements).toEqual({
      members: [
        { name: 'Β', kinship: 'child' },
        { name: 'Α', kinship: 'spouse' },
      ],
    });
  });

  it('a fixed list has neither add nor remove', () => {
    renderStep(documentWithFields([listField({ fixed: true }, { value: [{ name: 'Α' }] })]));
    expect(screen.queryByRole('button', { name: /Προσθήκη|Αφαίρεση/ })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Ονοματεπώνυμο, Μέλος 1' })).toBeTruthy();
  });

  it('a readonly list is a table of values without inputs', () => {
    renderStep(
      documentWithFields([
        listField({ readonly: true }, { value: [{ name: 'Μαρία', kinship: 'spouse' }] }),
      ]),
    );
    const table = screen.getByRole('table', { name: 'Μέλη οικογένειας' });
    expect(within(table).getByRole('cell', { name: 'Σύζυγος' })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Προσθήκη/ })).toBeNull();
  });
});

describe('list_of (card and solo)', () => {
  it('renders each row as a card with its own labelled fields', async () => {
    const { user } = renderStep(documentWithFields([listField({ layout: 'card' })]));
    await user.click(screen.getByRole('button', { name: 'Προσθήκη μέλους' }));
    const card = screen.getByRole('group', { name: 'Μέλος 1' });
    expect(within(card).getByRole('textbox', { name: 'Ονοματεπώνυμο' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Αφαίρεση Μέλος 1' })).toBeTruthy();
  });

  it('solo is exactly one row without list controls', async () => {
    const { user, onSubmit } = renderStep(documentWithFields([listField({ solo: true })]));
    expect(screen.queryByRole('button', { name: /Προσθήκη|Αφαίρεση/ })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Ονοματεπώνυμο' }), 'Μαρία');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Συγγένεια' }), 'Σύζυγος');
    await pressContinue(user);
    expect(lastSubmission(onSubmit).statements).toEqual({
      members: [{ name: 'Μαρία', kinship: 'spouse' }],
    });
  });
});
