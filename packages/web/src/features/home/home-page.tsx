import { Link, Navigate } from 'react-router';
import { anonymousTemplate } from '../../api/anonymous-session';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/auth';
import { useAppConfig } from '../../api/get-app-config';
import { paths } from '../../config/paths';
import { ArrowRightIcon } from '../../ui/arrow-right-icon';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { PageSkeleton } from '../../ui/page-skeleton';
import { CitizenHome } from './citizen-home';

/** `/` and `/home`: what the service does and how to start (public landing). */
export function HomePage() {
  const { t } = useTranslation();
  const { flags } = useAppConfig();
  const { user, isPending } = useCurrentUser();
  if (isPending) return <PageSkeleton />;
  if (user?.anonymous_login) {
    // An anonymous session has no citizen home: its home is the template it started (issue #37).
    const refname = anonymousTemplate();
    if (refname) return <Navigate to={paths.templates.template.getHref(refname)} replace />;
  } else if (user && !user.is_admin) {
    return <CitizenHome user={user} />;
  }

  return (
    <PageContainer>
      <PageHeading>{t('home.title')}</PageHeading>
      <p className="govgr-body-l dilosi-lead">{t('home.lead')}</p>

      <h2 className="govgr-heading-m">{t('home.canTitle')}</h2>
      <ul className="govgr-list govgr-list--bullet">
        <li className="govgr-list__item">{t('home.can.issue')}</li>
        <li className="govgr-list__item">{t('home.can.send')}</li>
        <li className="govgr-list__item">{t('home.can.vault')}</li>
      </ul>

      <h2 className="govgr-heading-m dilosi-home-section">{t('home.needTitle')}</h2>
      <ul className="govgr-list govgr-list--bullet">
        <li className="govgr-list__item">{t('home.need.credentials')}</li>
        <li className="govgr-list__item">{t('home.need.mobile')}</li>
      </ul>

      <div className="dilosi-home-section">
        <Link to={paths.auth.login.getHref()} className="govgr-btn govgr-btn-primary govgr-btn-cta">
          {t('home.login')}
          <ArrowRightIcon />
        </Link>
        <p className="govgr-body">
          {t('home.termsNotice')}{' '}
          <Link className="govgr-link" to={paths.terms.getHref()}>
            {t('home.termsLink')}
          </Link>
          .
        </p>
      </div>

      {flags.REFCODE_ENABLED ? (
        <section className="dilosi-home-section" aria-labelledby="home-validate-heading">
          <h2 id="home-validate-heading" className="govgr-heading-m">
            {t('home.validateTitle')}
          </h2>
          <p className="govgr-body">{t('home.validateText')}</p>
          <p className="govgr-body">
            <Link className="govgr-link" to={paths.validation.root.getHref()}>
              {t('home.validateLink')}
            </Link>
          </p>
        </section>
      ) : null}
    </PageContainer>
  );
}
