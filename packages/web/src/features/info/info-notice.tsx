import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';

type InfoNoticeProps = { title: string; children: ReactNode };

/** An information page: an optional `msg` from the link that sent the user here, then a login button. */
export function InfoNotice({ title, children }: InfoNoticeProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const message = searchParams.get('msg')?.trim();

  return (
    <PageContainer>
      <PageHeading>{title}</PageHeading>
      {message ? (
        <div className="govgr-warning-text">
          <span className="govgr-warning-text__icon" aria-hidden="true">
            !
          </span>
          <strong className="govgr-warning-text__text">
            <span className="govgr-warning-text__assistive">{t('pages.common.important')}</span>
            {message}
          </strong>
        </div>
      ) : null}
      {children}
      <Link className="govgr-btn govgr-btn-primary" to={paths.auth.login.getHref()}>
        {t('pages.common.loginButton')}
      </Link>
    </PageContainer>
  );
}
