import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isLocale, DEFAULT_LOCALE } from '@dilosi/domain';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { PageSkeleton } from '../../ui/page-skeleton';
import { useContent } from './get-content';
import { MarkdownArticle } from './markdown-article';

type ContentPageProps = {
  /** Shown for a slug with no page (the app's not-found page). */
  notFound: ReactNode;
};

/** `/content/:slug`: a markdown page in the interface language. */
export function ContentPage({ notFound }: ContentPageProps) {
  const { slug = '' } = useParams();
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  const content = useContent(locale, slug);

  if (content.isPending) return <PageSkeleton />;
  if (content.isError) throw content.error;
  if (!content.data) return <>{notFound}</>;

  return (
    <PageContainer>
      <PageHeading>{content.data.title}</PageHeading>
      <MarkdownArticle html={content.data.html} />
    </PageContainer>
  );
}
