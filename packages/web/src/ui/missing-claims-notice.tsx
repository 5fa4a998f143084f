import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';

const KNOWN = ['mobile_certified_login', 'gsis_login', 'anonymous_login'] as const;
type KnownClaim = (typeof KNOWN)[number];

const PROVIDER_FOR: Record<KnownClaim, string> = {
  mobile_certified_login: 'bank',
  gsis_login: 'gsis',
  anonymous_login: 'anon',
};

type MissingClaimsNoticeProps = {
  /** `error.data.claims` of a missing_required_claims answer. */
  claims: readonly unknown[];
  /** Where the new login comes back to. */
  next: string;
  /** The template being used, passed on to the login (spec section 2, /login?template=). */
  template?: string;
};

/**
 * Spec section 6: an API that answers missing_required_claims shows one of four notices (mobile
 * certified login, GSIS login, anonymous login, generic), each with a link to log in again the
 * way the claim needs. Shared by the template and document pages, so it lives in ui/.
 */
export function MissingClaimsNotice({ claims, next, template }: MissingClaimsNoticeProps) {
  const { t } = useTranslation('auth');
  const claim = KNOWN.find((c) => claims.includes(c));
  const key = claim ?? 'generic';
  const href = paths.auth.login.getHref({
    next,
    template,
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
