import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';

const KNOWN = ['mobile_certified_login', 'gsis_login', 'anonymous_login'] as const;
type KnownClaim = (typeof KNOWN)[number];

const PROVIDER_FOR: Record<KnownClaim, string> = {
  mobile_certified_login: 'bank',
  gsis_login: 'gsis',
  anonymous_login: 'anon',
};

/**
 * Spec section 6: an API that answers missing_required_claims shows one of four notices, each
 * with a link to log in again the way the claim needs.
 */
export function MissingClaimsNotice({ claims, next }: { claims: string[]; next: string }) {
  const { t } = useTranslation('auth');
  const claim = KNOWN.find((c) => claims.includes(c));
  const key = claim ?? 'generic';
  const href = paths.auth.login.getHref({
    next,
    provider: claim ? PROVIDER_FOR[claim] : undefined,
  });
  return (
    <div className="govgr-error-summary" role="alert">
      <h2 className="govgr-heading-m">{t(`claims.${key}.title`)}</h2>
      <p className="govgr-body">{t(`claims.${key}.body`)}</p>
      <a className="govgr-btn govgr-btn-primary" href={href}>
        {t('claims.relogin')}
      </a>
    </div>
  );
}
