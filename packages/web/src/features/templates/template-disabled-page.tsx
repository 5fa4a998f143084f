import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isSafeLinkTarget, type LocalizedText } from '@dilosi/domain';
import { isApiRequestError } from '../../api/api-client';
import { paths } from '../../config/paths';
import { useLocale } from '../../i18n/use-locale';
import { HomeLink } from '../../ui/home-link';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { useTemplate } from './api/get-template';

type DisabledData = { service_name?: LocalizedText; service_url?: string | null };

/**
 * A template that is disabled (service withdrawn, expired or abolished), with the service that
 * replaced it as the catalogue registers it: the name and link come from the template API's
 * 410 answer, never from the address, so a crafted link cannot put its own text or outbound
 * link on the service's origin. A template that is not disabled goes back to its page.
 */
export function TemplateDisabledPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const refname = useParams().refname ?? '';
  const template = useTemplate(refname);

  if (template.isPending) return null;
  const error = template.error;
  if (!isApiRequestError(error) || error.code !== 'template_disabled') {
    // Enabled, restricted or unknown: the template page says which.
    return <Navigate to={paths.templates.template.getHref(refname)} replace />;
  }
  const data = (error.data ?? {}) as DisabledData;
  const name = data.service_name?.[locale] ?? data.service_name?.el ?? refname;
  // The catalogue loader refuses any other target; checked again before it becomes a link.
  const serviceUrl =
    data.service_url && isSafeLinkTarget(data.service_url) ? data.service_url : null;

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
