import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissToast, showToast, ToastRegion } from './toasts';

describe('toasts', () => {
  const shown: number[] = [];
  afterEach(() => {
    // The store is the module's: take away what a test showed.
    act(() => shown.splice(0).forEach(dismissToast));
    document.documentElement.lang = 'el';
  });

  it('keep the language they were shown in, marked, when the page switches', () => {
    document.documentElement.lang = 'el';
    render(
      <MemoryRouter>
        <ToastRegion />
      </MemoryRouter>,
    );
    act(() => {
      shown.push(showToast('success', 'Το έγγραφο στάλθηκε με email.'));
    });
    document.documentElement.lang = 'en';
    act(() => {
      shown.push(showToast('success', 'The document was sent by e-mail.'));
    });
    const region = screen.getByRole('status');
    const greek = within(region).getByText('Το έγγραφο στάλθηκε με email.').closest('li');
    const english = within(region).getByText('The document was sent by e-mail.').closest('li');
    expect(greek?.getAttribute('lang')).toBe('el');
    expect(english?.getAttribute('lang')).toBe('en');
  });
});
