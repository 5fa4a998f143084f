import { useTranslation } from 'react-i18next';
import { InfoNotice } from './info-notice';

/** `/info/no-mobile`: the login found no certified mobile number for the user. */
export function NoMobilePage() {
  const { t } = useTranslation();
  return (
    <InfoNotice title={t('pages.noMobile.title')}>
      <p className="govgr-body">{t('pages.noMobile.body')}</p>
      <p className="govgr-body">{t('pages.noMobile.howTo')}</p>
      <p className="govgr-body">{t('pages.noMobile.retry')}</p>
    </InfoNotice>
  );
}
