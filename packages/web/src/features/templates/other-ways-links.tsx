import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';

const WAYS = {
  code: { href: () => paths.templates.code.getHref(), label: 'choose.codeLink' },
  type: { href: () => paths.templates.type.getHref(), label: 'choose.typeLink' },
  search: { href: () => paths.templates.search.getHref(), label: 'choose.searchLink' },
} as const;

/** The other screens for finding a template (code, type, search), one link a line. */
export function OtherWaysLinks({ ways }: { ways: readonly (keyof typeof WAYS)[] }) {
  const { t } = useTranslation('wizard');
  return ways.map((way) => (
    <p key={way} className="govgr-body">
      <Link className="govgr-link" to={WAYS[way].href()}>
        {t(WAYS[way].label)}
      </Link>
    </p>
  ));
}
