import { act, renderHook } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiRequestError, CLIENT_ERROR_CODES } from '../api/api-client';
import { useErrorMessage } from './use-error-message';

function messageOf(error: unknown, fallback?: string): string {
  const { result } = renderHook(() => useErrorMessage());
  return result.current(error, fallback);
}

describe('useErrorMessage', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('el'));
  });

  it('translates an API error by its code', () => {
    const error = new ApiRequestError(409, 'document_modified', 'server text');
    expect(messageOf(error)).toBe(
      'Το έγγραφο άλλαξε στο μεταξύ. Φορτώστε το ξανά και επαναλάβετε την αλλαγή σας.',
    );
  });

  it("fills the text in with the error's data", () => {
    const error = new ApiRequestError(400, 'message_too_long', 'server text', { max: 2000 });
    expect(messageOf(error)).toBe('Το μήνυμα μπορεί να έχει έως 2000 χαρακτήρες.');
  });

  it('takes a bare code too', () => {
    expect(messageOf('no_mobile')).toBe(
      'Δεν βρέθηκε πιστοποιημένος αριθμός κινητού τηλεφώνου στο όνομά σας.',
    );
  });

  it('answers in the current language', async () => {
    const { result } = renderHook(() => useErrorMessage());
    await act(() => i18n.changeLanguage('en'));
    expect(
      result.current(new ApiRequestError(404, 'case_not_found', 'Η υπόθεση δεν βρέθηκε.')),
    ).toBe('The case was not found.');
  });

  it("falls back to the caller's text, else to the generic message with the status", () => {
    const unknown = new ApiRequestError(418, 'teapot', 'I am a teapot');
    expect(messageOf(unknown, 'Η αποθήκευση απέτυχε.')).toBe('Η αποθήκευση απέτυχε.');
    expect(messageOf(unknown)).toBe('Παρουσιάστηκε σφάλμα (418). Δοκιμάστε ξανά.');
    const network = new ApiRequestError(0, CLIENT_ERROR_CODES.network, 'Network error');
    expect(messageOf(network)).toBe('Παρουσιάστηκε σφάλμα (—). Δοκιμάστε ξανά.');
    expect(messageOf(new Error('boom'))).toBe('Παρουσιάστηκε σφάλμα (—). Δοκιμάστε ξανά.');
  });
});
