import { useTranslation } from 'react-i18next';
import { InfoNotice } from './info-notice';

/** `/info/eggrafi-kep`: how to register a mobile number in person at a KEP. */
export function EggrafiKepPage() {
  const { t } = useTranslation();
  return (
    <InfoNotice title={t('pages.eggrafiKep.title')}>
      <p className="govgr-body">{t('pages.eggrafiKep.intro')}</p>
      <h2 className="govgr-heading-m">{t('pages.eggrafiKep.stepsTitle')}</h2>
      <ol className="govgr-list govgr-list--number">
        <li className="govgr-list__item">{t('pages.eggrafiKep.steps.visit')}</li>
        <li className="govgr-list__item">{t('pages.eggrafiKep.steps.bring')}</li>
        <li className="govgr-list__item">{t('pages.eggrafiKep.steps.confirm')}</li>
      </ol>
      <p className="govgr-body">{t('pages.eggrafiKep.after')}</p>
    </InfoNotice>
  );
}
