import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';

/** The 'back to the home page' paragraph at the foot of information and error pages. */
export function HomeLink() {
  const { t } = useTranslation();
  return (
    <p className="govgr-body">
      <Link className="govgr-link" to={paths.root.getHref()}>
        {t('pages.common.homeLink')}
      </Link>
    </p>
  );
}
