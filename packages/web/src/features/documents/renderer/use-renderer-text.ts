import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalizedText, Locale, ValidationError } from '@dilosi/domain';
import type catalog from '@dilosi/domain/i18n/el/documents.json';

type Leaves<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Leaves<T[K]>}`;
}[keyof T & string];
type WithoutPlural<K> =
  K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? Base : K;
/** A key of the `documents` catalog (plural forms by their base key, with `count`). */
export type DocumentsKey = WithoutPlural<Leaves<typeof catalog>>;
export type DocumentsText = (key: DocumentsKey, options?: Record<string, unknown>) => string;

// The `documents` namespace is not (yet) in the typed resources of src/i18n/i18next.d.ts: the
// keys are checked against the Greek catalog by DocumentsKey instead.
const DOCUMENTS_NS = 'documents' as unknown as 'ui';

/** The renderer's own strings (namespace `documents`), checked against the Greek catalog. */
export function useDocumentsText(): DocumentsText {
  const { t } = useTranslation(DOCUMENTS_NS);
  return t as unknown as DocumentsText;
}

/**
 * Messages of validation codes (namespace `validation`): a `custom` error carries its own text
 * in every language; an unknown code falls back to the server's message, then to field_invalid.
 */
export function useValidationMessage(locale: Locale) {
  const { t, i18n } = useTranslation('validation');
  return useCallback(
    (error: ValidationError & { message?: string | undefined }, label: string): string => {
      if (error.code === 'custom' && error.params && typeof error.params[locale] === 'string') {
        return (error.params as unknown as LocalizedText)[locale];
      }
      if (i18n.exists(error.code, { ns: 'validation' })) {
        return (t as unknown as (key: string, options?: object) => string)(error.code, {
          label,
          ...error.params,
        });
      }
      return error.message || t('field_invalid', { label });
    },
    [t, i18n, locale],
  );
}
