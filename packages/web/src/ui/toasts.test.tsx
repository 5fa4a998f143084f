import { act, render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissToast, showToast, ToastRegion } from './toasts';

describe('toasts', () => {
  const shown: number[] = [];
  afterEach(async () => {
    // The store is the module's: take away what a test showed.
    act(() => shown.splice(0).forEach(dismissToast));
    await act(() => i18n.changeLanguage('el'));
    document.documentElement.lang = 'el';
  });

  it('read the app’s own texts again when the reader switches language', async () => {
    render(
      <MemoryRouter>
        <ToastRegion />
      </MemoryRouter>,
    );
    const t = i18n.getFixedT(null, 'messages');
    act(() => {
      shown.push(
        showToast('success', () => t('archived'), {
          href: '/my/messages/archive',
          label: () => t('archivedLink'),
        }),
      );
    });
    const region = screen.getByRole('status');
    const greek = { text: t('archived'), link: t('archivedLink') };
    expect(within(region).getByText(greek.text, { exact: false })).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
    const english = { text: t('archived'), link: t('archivedLink') };
    expect(english.text).not.toBe(greek.text);
    expect(within(region).queryByText(greek.text, { exact: false })).toBeNull();
    const item = within(region).getByText(english.text, { exact: false }).closest('li');
    expect(within(item as HTMLElement).getByRole('link').textContent).toBe(english.link);
    // Its text follows the page, so it carries no language of its own.
    expect(item?.hasAttribute('lang')).toBe(false);
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
