import { formatAthensDate, formatReferenceCode, type CaseDetail } from '@dilosi/domain';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { showToast } from '../../../ui/toasts';
import { useErrorMessage } from '../../../ui/use-error-message';
import { useRestoreCase } from '../api/bin';
import { useFollowCase } from '../api/follow-case';
import { useLocale } from '../../../i18n/use-locale';
import { PageHeading } from '../../../ui/page-heading';
import { CaseForwards } from '../forward-case-dialog';
import { when } from './when';
import { AgeLabel } from '../../../ui/age-label';

/** The case's number and state, where it was forwarded, and its summary. */
export function CaseHeader({ item }: { item: CaseDetail }) {
  const { t } = useTranslation('dashboard');
  const { entityId = '' } = useParams();
  const locale = useLocale();
  return (
    <>
      <PageHeading caption={t('case.caption')}>
        {item.declaration.case_id} — {t(`status.${item.inbox_status}`)}
        {item.forwarded ? ` · ${t('status.forwarded')}` : ''}
      </PageHeading>
      <CaseForwards item={item} />
      <FollowButton entityId={entityId} item={item} />
      {item.dismissed ? (
        <div className="govgr-warning-text">
          <span className="govgr-warning-text__icon" aria-hidden="true">
            !
          </span>
          <p className="govgr-warning-text__text">
            {t('case.dismissed')}{' '}
            {item.purge_at
              ? t('bin.inBin', { date: formatAthensDate(new Date(item.purge_at)) })
              : null}
          </p>
          <RestoreButton entityId={entityId} item={item} />
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

/** A dismissed case back to the lists, its status unchanged (issue #41). */
function RestoreButton({ entityId, item }: { entityId: string; item: CaseDetail }) {
  const { t } = useTranslation('dashboard');
  const restore = useRestoreCase(entityId);
  const errorMessage = useErrorMessage();
  return (
    <button
      type="button"
      className="govgr-btn govgr-btn-secondary"
      disabled={restore.isPending}
      onClick={() =>
        restore.mutate(item.id, {
          onSuccess: () =>
            showToast('success', () => t('bin.restored', { case: item.declaration.case_id })),
          onError: (failure) => showToast('error', () => errorMessage(failure, t('bin.failed'))),
        })
      }
    >
      {t('bin.restore')}
    </button>
  );
}

/**
 * Follow the case or stop (issue #41): a toggle button (`aria-pressed`) whose name stays the
 * same; the "followed by me" list is the inbox's filter.
 */
function FollowButton({ entityId, item }: { entityId: string; item: CaseDetail }) {
  const { t } = useTranslation('dashboard');
  const follow = useFollowCase(entityId, item.id);
  const errorMessage = useErrorMessage();
  const followed = item.followed === true;
  return (
    <p className="govgr-body dilosi-print-hidden">
      <button
        type="button"
        className="govgr-btn govgr-btn-secondary"
        aria-pressed={followed}
        disabled={follow.isPending}
        onClick={() =>
          follow.mutate(!followed, {
            onSuccess: () =>
              showToast('success', () => t(followed ? 'follow.unfollowed' : 'follow.followed')),
            onError: (failure) => showToast('error', () => errorMessage(failure, t('bin.failed'))),
          })
        }
      >
        {followed ? <span aria-hidden="true">✓ </span> : null}
        {t('follow.follow')}
      </button>
    </p>
  );
}
