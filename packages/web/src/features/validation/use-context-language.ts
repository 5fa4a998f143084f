import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale, type Locale, type ValidationContext } from '@dilosi/domain';

/**
 * A validation context shows only its languages (spec section 2): the default context is Greek
 * whatever the interface language. While such a page is open the interface switches to the
 * context's first language, without saving it; leaving the page restores the visitor's choice.
 */
export function useContextLanguage(context: ValidationContext | undefined): void {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const restoreTo = useRef<Locale | null>(null);

  useEffect(() => {
    const first = context?.languages[0];
    if (!context || !first || context.languages.some((allowed) => allowed === language)) return;
    if (restoreTo.current === null && isLocale(language)) restoreTo.current = language;
    void i18n.changeLanguage(first);
  }, [context, language, i18n]);

  useEffect(
    () => () => {
      if (restoreTo.current !== null) void i18n.changeLanguage(restoreTo.current);
    },
    [i18n],
  );
}
