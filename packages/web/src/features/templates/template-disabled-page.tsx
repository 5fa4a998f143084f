import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HomeLink } from '../../ui/home-link';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';

/** Only web addresses are linked: a `javascript:` or `data:` URL in the query must not become a link. */
function safeServiceUrl(raw: string | null): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A template that is disabled (service withdrawn, expired or abolished). For now the service
 * name and URL come from the query (`name`, `url`); the template API will supply them later.
 */
export function TemplateDisabledPage() {
  const { t } = useTranslation();
  const { refname } = useParams();
  const [searchParams] = useSearchParams();
  const name = searchParams.get('name')?.trim() || refname || '';
  const serviceUrl = safeServiceUrl(searchParams.get('url'));

  return (
    <PageContainer>
      <PageHeading>{t('pages.templateDisabled.title')}</PageHeading>
      <p className="govgr-body">{t('pages.templateDisabled.body', { name })}</p>
      {serviceUrl ? (
        <>
          <p className="govgr-body">{t('pages.templateDisabled.serviceIntro')}</p>
          <p className="govgr-body">
            <a className="govgr-link" href={serviceUrl} rel="noopener noreferrer">
              {t('pages.templateDisabled.serviceLink', { name })}
            </a>
          </p>
        </>
      ) : null}
      <HomeLink />
    </PageContainer>
  );
}
