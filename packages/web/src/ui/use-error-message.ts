import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { CLIENT_ERROR_CODES, isApiRequestError } from '../api/api-client';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The code a failure carries: an API error's, or a bare code (a login redirect's `error`). */
function errorCode(error: unknown): string | undefined {
  if (isApiRequestError(error)) return error.code;
  return typeof error === 'string' && error !== '' ? error : undefined;
}

/**
 * Turns a failure into the sentence the user reads, in the current language: the `errors`
 * catalog's text for its code, filled in with the error's data as the server fills its own
 * message; else the caller's fallback; else the generic "An error occurred (status)".
 */
export function useErrorMessage(): (error: unknown, fallback?: string) => string {
  const { t, i18n } = useTranslation(['errors', 'wizard']);
  return useCallback(
    (error, fallback) => {
      const translate = t as unknown as Translate;
      const code = errorCode(error);
      if (code && code !== CLIENT_ERROR_CODES.unknown && i18n.exists(code, { ns: 'errors' })) {
        const data = isApiRequestError(error) ? error.data : undefined;
        return translate(code, { ...data, ns: 'errors' });
      }
      if (fallback !== undefined) return fallback;
      // A code this client has no text for (a newer server): the server's text for the person.
      if (isApiRequestError(error) && error.userMessage) return error.message;
      const status = isApiRequestError(error) && error.status ? error.status : '—';
      return translate('wizard:generic.error', { status });
    },
    [t, i18n],
  );
}

/**
 * What to show for a refused form: the code of its first invalid field (`invalid_fields`), which
 * says what is wrong with the value, else the failure itself (for useErrorMessage).
 */
export function fieldErrorOf(error: unknown): unknown {
  if (!isApiRequestError(error)) return error;
  const fields = error.data?.invalid_fields as { error_info?: { code?: string } }[] | undefined;
  return fields?.[0]?.error_info?.code ?? error;
}
