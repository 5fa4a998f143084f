import { useId, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale, type Locale, type ValidationContext } from '@dilosi/domain';
import { isApiRequestError } from '../../api/api-client';
import { changeLocale } from '../../i18n';
import { useLocale } from '../../i18n/use-locale';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
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

/**
 * Every validation page sits in its context: the context's languages (the interface follows
 * them), its language choice, and a not-found answer for an unknown context.
 */
export function ValidationFrame({
  contextId,
  children,
}: {
  contextId: string;
  children: (context: ValidationContext) => ReactNode;
}) {
  const { t } = useTranslation('validation-page');
  const query = useValidationContextQuery(contextId);
  useContextLanguage(query.data);

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
      {children(query.data)}
    </PageContainer>
  );
}
