import { useId, type ChangeEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isLocale, type Locale, type ValidationContext } from '@dilosi/domain';
import { isApiRequestError } from '../../api/api-client';
import { changeLocale } from '../../i18n';
import { useLocale } from '../../i18n/use-locale';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { useRestrictPageLanguages } from '../../ui/page-languages';
import { useValidationContextQuery } from './api/get-validation-context';
import { useContextLanguage } from './use-context-language';
import './validation.css';

const LANGUAGE_NAMES: Record<Locale, string> = { el: 'Ελληνικά', en: 'English', fr: 'Français' };

/** The page's language choice, among the context's languages only (hidden when there is one). */
function ContextLanguageSelector({ context }: { context: ValidationContext }) {
  const { t } = useTranslation('validation-page');
  const locale = useLocale();
  const id = useId();
  if (context.languages.length < 2) return null;
  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    if (isLocale(event.target.value)) void changeLocale(event.target.value);
  };
  return (
    <div className="govgr-field dilosi-validation__language">
      <label className="govgr-label" htmlFor={id}>
        {t('language.label')}
      </label>
      <select id={id} className="govgr-select" value={locale} onChange={onChange}>
        {context.languages.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}

// Written in each language itself: the reader cannot read the page they are on.
const MORE_LANGUAGES: { lang: Locale; text: string }[] = [
  { lang: 'en', text: 'Read this page in English' },
  { lang: 'fr', text: 'Lire cette page en français' },
];

/** A context in fewer languages leads its foreign readers to the one that serves them. */
function MoreLanguages({ href }: { href: string }) {
  return (
    <ul className="govgr-list dilosi-validation__more-languages">
      {MORE_LANGUAGES.map(({ lang, text }) => (
        <li key={lang} lang={lang}>
          <Link className="govgr-link" to={href} hrefLang={lang}>
            {text}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * Every validation page sits in its context: the context's languages (the interface follows
 * them, the footer offers no others), its language choice or a way to the context of more
 * languages, and a not-found answer for an unknown context.
 */
export function ValidationFrame({
  contextId,
  inContext,
  children,
}: {
  contextId: string;
  /** This page's address in another context: where `more_languages` leads. */
  inContext: (contextId: string) => string;
  children: (context: ValidationContext) => ReactNode;
}) {
  const { t } = useTranslation('validation-page');
  const query = useValidationContextQuery(contextId);
  useContextLanguage(query.data);
  useRestrictPageLanguages(query.data?.languages);

  if (query.isPending) {
    return (
      <PageContainer>
        <p className="govgr-body" role="status">
          {t('loading')}
        </p>
      </PageContainer>
    );
  }
  if (query.isError) {
    const isNotFound = isApiRequestError(query.error) && query.error.status === 404;
    return (
      <PageContainer>
        <PageHeading>{isNotFound ? t('show.notFoundTitle') : t('show.errorTitle')}</PageHeading>
        <p className="govgr-body">
          {isNotFound
            ? t('contextNotFound')
            : t('code.status', {
                status: isApiRequestError(query.error) ? query.error.status : 0,
              })}
        </p>
      </PageContainer>
    );
  }
  return (
    <PageContainer>
      <ContextLanguageSelector context={query.data} />
      {query.data.more_languages ? (
        <MoreLanguages href={inContext(query.data.more_languages)} />
      ) : null}
      {children(query.data)}
    </PageContainer>
  );
}
