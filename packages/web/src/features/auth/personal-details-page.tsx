import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/auth';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { ChangeEmailForm } from './contact-details/change-email-form';
import { ChangeMobileForm } from './contact-details/change-mobile-form';

/**
 * /my/personal-details: what we know of the logged-in person, and her contact details, which she
 * changes with a code sent to the new e-mail or mobile (issue #38). An anonymous login has none.
 */
export function PersonalDetailsPage() {
  const { t } = useTranslation('auth');
  const { user } = useCurrentUser();
  if (!user) return null;
  const rows: [string, string][] = [
    [t('personalDetails.firstname'), user.firstname ?? t('personalDetails.none')],
    [t('personalDetails.surname'), user.surname ?? t('personalDetails.none')],
    [t('personalDetails.afm'), user.afm ?? t('personalDetails.none')],
    [t('personalDetails.email'), user.email ?? t('personalDetails.none')],
    [
      t('personalDetails.mobile'),
      user.mobile
        ? `${user.mobile} (${user.mobile_certified ? t('personalDetails.mobileCertified') : t('personalDetails.mobileNotCertified')})`
        : t('personalDetails.none'),
    ],
  ];
  return (
    <PageContainer>
      <PageHeading>{t('personalDetails.title')}</PageHeading>
      <p className="govgr-body">{t('personalDetails.lead')}</p>
      <dl className="govgr-summary-list">
        {rows.map(([label, value]) => (
          <div key={label} className="govgr-summary-list__row">
            <dt className="govgr-summary-list__key">{label}</dt>
            <dd className="govgr-summary-list__value">{value}</dd>
          </div>
        ))}
      </dl>
      {user.anonymous_login ? null : (
        <div className="govgr-grid-row">
          <div className="govgr-grid-column-two-thirds">
            <ChangeEmailForm />
            <ChangeMobileForm />
          </div>
        </div>
      )}
    </PageContainer>
  );
}
