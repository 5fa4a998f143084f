import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field, FieldGroup } from './field';
import { controlAria } from './field-ids';

/** What a screen reader reads as the element's description. */
function description(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? `<missing #${id}>`)
    .join(' ');
}

function NameField({ error }: { error?: string }) {
  return (
    <Field id="name" label="Όνομα" hint="Όπως στην ταυτότητα" error={error} errorPrefix="Σφάλμα:">
      <input id="name" {...controlAria('name', { hasHint: true, hasError: Boolean(error) })} />
    </Field>
  );
}

describe('Field', () => {
  it('labels the control and describes it by its hint', () => {
    render(<NameField />);
    const input = screen.getByRole('textbox', { name: 'Όνομα' });
    expect(description(input)).toBe('Όπως στην ταυτότητα');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.closest('.govgr-field')?.className).toBe('govgr-field');
  });

  it('wires an error: invalid, described by hint then error, the prefix for screen readers', () => {
    render(<NameField error="Συμπληρώστε το όνομα" />);
    const input = screen.getByRole('textbox', { name: 'Όνομα' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('name-hint name-error');
    expect(description(input)).toBe('Όπως στην ταυτότητα Σφάλμα: Συμπληρώστε το όνομα');
    expect(screen.getByText('Σφάλμα:').className).toBe('govgr-visually-hidden');
    expect(document.getElementById('name-error')?.className).toBe('govgr-error-message');
    expect(input.closest('.govgr-field')?.className).toBe('govgr-field govgr-field__error');
  });

  it('hides the label visually on request and leaves out an empty hint', () => {
    render(
      <Field id="cell" label="Ποσό" isLabelHidden>
        <input id="cell" {...controlAria('cell', { hasHint: false, hasError: false })} />
      </Field>,
    );
    expect(screen.getByText('Ποσό').className).toBe('govgr-visually-hidden');
    expect(document.getElementById('cell-hint')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Ποσό' }).hasAttribute('aria-describedby')).toBe(
      false,
    );
  });
});

describe('FieldGroup', () => {
  it('puts the controls in a fieldset named by its legend and described by hint and error', () => {
    render(
      <FieldGroup id="answer" legend="Συμφωνείτε;" hint="Μία επιλογή" error="Επιλέξτε μία">
        <label>
          <input type="radio" name="answer" value="yes" /> Ναι
        </label>
      </FieldGroup>,
    );
    const group = screen.getByRole('group', { name: 'Συμφωνείτε;' });
    expect(group.getAttribute('aria-describedby')).toBe('answer-hint answer-error');
    expect(description(group)).toBe('Μία επιλογή Επιλέξτε μία');
    expect(screen.getByText('Συμφωνείτε;').className).toBe(
      'govgr-fieldset__legend govgr-heading-s',
    );
    expect(group.parentElement?.className).toBe('govgr-field govgr-field__error');
  });

  it('is not described by anything without hint or error', () => {
    render(
      <FieldGroup id="answer" legend="Συμφωνείτε;">
        <input type="checkbox" aria-label="Ναι" />
      </FieldGroup>,
    );
    expect(screen.getByRole('group').hasAttribute('aria-describedby')).toBe(false);
  });
});
