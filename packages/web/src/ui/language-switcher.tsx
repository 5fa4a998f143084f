import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale, type Locale } from '@dilosi/domain';
import { changeLocale, currentLocale } from '../i18n';
import { usePageLanguages } from './page-languages';

// Each language is named in itself, so a reader can find theirs whatever is shown now.
const LANGUAGE_NAMES: Record<Locale, string> = { el: 'Ελληνικά', en: 'English', fr: 'Français' };

/** The interface language, among those the open page can be read in; none when it has one. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const languages = usePageLanguages();
  const value = isLocale(i18n.language) ? i18n.language : currentLocale();
  if (languages.length < 2) return null;

  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const next = event.target.value;
    if (isLocale(next)) void changeLocale(next);
  };

  return (
    <div className="govgr-field dilosi-language-switcher">
      <label className="govgr-label dilosi-language-switcher__label" htmlFor={id}>
        {t('language.label')}
      </label>
      <select id={id} className="govgr-select" value={value} onChange={onChange}>
        {languages.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LANGUAGE_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
