import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { PageHeading } from '../../ui/page-heading';

/** A path of this site, never another origin ('//host' and '/\host' are other origins). */
function safeTarget(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  return value;
}

/**
 * /demo/redirect?to=/path: how a service hands the person over to another page of the site. A
 * safe `to` is followed at once; without one, the page says where it would have gone.
 */
export function DemoRedirectPage() {
  const { t } = useTranslation('ui');
  const [searchParams] = useSearchParams();
  const target = safeTarget(searchParams.get('to'));
  if (target) return <Navigate to={target} replace />;
  return (
    <>
      <PageHeading caption={t('demo.caption')}>{t('demo.redirect.title')}</PageHeading>
      <p className="govgr-body">{t('demo.redirect.text')}</p>
      <p className="govgr-body">
        <Link
          className="govgr-link"
          to={`${paths.demo.redirect.getHref()}?to=${encodeURIComponent(paths.demo.vehicles.getHref())}`}
        >
          {t('demo.redirect.try')}
        </Link>
      </p>
    </>
  );
}
