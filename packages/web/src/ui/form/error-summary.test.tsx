import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ErrorSummary } from './error-summary';

describe('ErrorSummary', () => {
  it('is an alert named by its title, one link per field error, plain text otherwise', () => {
    render(
      <ErrorSummary
        title="Υπάρχει πρόβλημα"
        items={[
          { key: 'email', message: 'Συμπληρώστε το email', href: '#email' },
          { key: '_form', message: 'Η αποστολή απέτυχε' },
        ]}
      />,
    );
    const summary = screen.getByRole('alert', { name: 'Υπάρχει πρόβλημα' });
    expect(summary.className).toBe('govgr-error-summary');
    expect(summary.getAttribute('tabindex')).toBe('-1');
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['#email']);
    expect(within(summary).getByText('Η αποστολή απέτυχε').tagName).toBe('LI');
  });

  it('takes the given title id and heading level', () => {
    render(
      <ErrorSummary
        title="Υπάρχει πρόβλημα"
        titleId="dialog-summary"
        headingLevel={3}
        headingClassName="govgr-heading-s"
        items={[{ key: 'a', message: 'Λάθος' }]}
      />,
    );
    const heading = screen.getByRole('heading', { level: 3, name: 'Υπάρχει πρόβλημα' });
    expect(heading.id).toBe('dialog-summary');
    expect(heading.className).toBe('govgr-heading-s');
    expect(screen.getByRole('alert').getAttribute('aria-labelledby')).toBe('dialog-summary');
  });

  it('moves focus to the control a link names', async () => {
    render(
      <>
        <ErrorSummary
          title="Υπάρχει πρόβλημα"
          items={[{ key: 'email', message: 'Συμπληρώστε το email', href: '#email' }]}
        />
        <div className="govgr-field">
          <label htmlFor="email">Email</label>
          <input id="email" />
        </div>
      </>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Συμπληρώστε το email' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Email' }));
  });
});
