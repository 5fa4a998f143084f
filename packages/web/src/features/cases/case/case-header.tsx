import { formatReferenceCode, type CaseDetail } from '@dilosi/domain';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../i18n/use-locale';
import { PageHeading } from '../../../ui/page-heading';
import { CaseForwards } from '../forward-case-dialog';
import { when } from './when';
import { AgeLabel } from '../../../ui/age-label';

/** The case's number and state, where it was forwarded, and its summary. */
export function CaseHeader({ item }: { item: CaseDetail }) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  return (
    <>
      <PageHeading caption={t('case.caption')}>
        {item.declaration.case_id} — {t(`status.${item.inbox_status}`)}
        {item.forwarded ? ` · ${t('status.forwarded')}` : ''}
      </PageHeading>
      <CaseForwards item={item} />
      {item.dismissed ? (
        <div className="govgr-warning-text">
          <span className="govgr-warning-text__icon" aria-hidden="true">
            !
          </span>
          <p className="govgr-warning-text__text">{t('case.dismissed')}</p>
        </div>
      ) : null}
      <dl className="dilosi-dashboard-summary">
        <dt>{t('case.citizen')}</dt>
        <dd>{item.declaration.user_display_name}</dd>
        <dt>{t('case.template')}</dt>
        <dd>{item.declaration.template.shortname[locale]}</dd>
        <dt>{t('case.received')}</dt>
        <dd>
          {when(item.declaration.timestamp)} (<AgeLabel since={item.declaration.timestamp} />)
          {item.overdue ? (
            <strong className="dilosi-dashboard-overdue"> {t('list.overdue')}</strong>
          ) : null}
        </dd>
        <dt>{t('case.assignee')}</dt>
        <dd>{item.assignee_display_name ?? t('list.unassigned')}</dd>
        <dt>{t('case.referenceCode')}</dt>
        <dd>{formatReferenceCode(item.declaration.reference_code)}</dd>
      </dl>
    </>
  );
}
