import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type FormEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { ErrorSummary } from './error-summary';
import { controlAria } from './field-ids';
import { useFocusOnErrors } from './use-focus-on-errors';

/** A form whose every submit fails with a new errors object, with or without a summary. */
function FailingForm({ hasSummary }: { hasSummary: boolean }) {
  const [errors, setErrors] = useState<{ name: string } | null>(null);
  const { summaryRef, formRef } = useFocusOnErrors(errors);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({ name: 'Συμπληρώστε το όνομα' });
  };
  return (
    <>
      {errors && hasSummary ? (
        <ErrorSummary
          ref={summaryRef}
          title="Υπάρχει πρόβλημα"
          items={[{ key: 'name', message: errors.name, href: '#name' }]}
        />
      ) : null}
      <form ref={formRef} onSubmit={onSubmit}>
        <input id="email" aria-label="Email" />
        <input
          id="name"
          aria-label="Όνομα"
          {...controlAria('name', { hasHint: false, hasError: errors !== null })}
        />
        <button type="submit">Συνέχεια</button>
      </form>
    </>
  );
}

describe('useFocusOnErrors', () => {
  it('focuses nothing before a submit fails', () => {
    render(<FailingForm hasSummary />);
    expect(document.activeElement).toBe(document.body);
  });

  it('focuses the summary after each failed submit, the same errors again too', async () => {
    const user = userEvent.setup();
    render(<FailingForm hasSummary />);
    await user.click(screen.getByRole('button', { name: 'Συνέχεια' }));
    expect(document.activeElement).toBe(screen.getByRole('alert'));

    await user.click(screen.getByRole('textbox', { name: 'Email' }));
    await user.click(screen.getByRole('button', { name: 'Συνέχεια' }));
    expect(document.activeElement).toBe(screen.getByRole('alert'));
  });

  it('without a summary, focuses the first invalid control', async () => {
    const user = userEvent.setup();
    render(<FailingForm hasSummary={false} />);
    await user.click(screen.getByRole('button', { name: 'Συνέχεια' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Όνομα' }));
  });
});
