import { useTranslation } from 'react-i18next';
import { isLocale, DEFAULT_LOCALE } from '@dilosi/domain';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { PageSkeleton } from '../../ui/page-skeleton';
import { useContent } from './get-content';
import { MarkdownArticle } from './markdown-article';

/** Version of the terms of use in force (spec sections 1 and 9). */
export const TERMS_VERSION = { version: '1.1.0', date: '2023-07-14' } as const;

const DATE_LOCALES = { el: 'el-GR', en: 'en-GB', fr: 'fr-FR' } as const;

/** `/terms`: the terms of use, from src/content/<locale>/terms.md. */
export function TermsPage() {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  const content = useContent(locale, 'terms');

  if (content.isPending) return <PageSkeleton />;
  if (content.isError || !content.data) throw content.error ?? new Error('Missing terms of use');

  const date = new Intl.DateTimeFormat(DATE_LOCALES[locale], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Athens',
  }).format(new Date(`${TERMS_VERSION.date}T12:00:00Z`));

  return (
    <PageContainer>
      <PageHeading>{content.data.title}</PageHeading>
      <p className="govgr-body dilosi-meta">
        {t('pages.terms.version', { version: TERMS_VERSION.version, date })}
      </p>
      <MarkdownArticle html={content.data.html} />
    </PageContainer>
  );
}
