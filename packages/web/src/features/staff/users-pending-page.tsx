import { formatAthensDateTime } from '@dilosi/domain';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { PageSkeleton } from '../../ui/page-skeleton';
import { showToast } from '../../ui/toasts';
import { useDecidePermission } from './api/decide-permission-request';
import { usePendingPermissions } from './api/list-pending-permissions';
import { HeadNav, StaffTable, useErrorToast } from './staff-ui';
import '../../ui/dashboard.css';

/** .../users/pending (head only): requests for a role here, each accepted or rejected. */
export function UsersPendingPage() {
  const { entityId = '' } = useParams();
  const { t } = useTranslation('dashboard');
  const query = usePendingPermissions(entityId);
  const decide = useDecidePermission(entityId);
  const errorToast = useErrorToast();
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) throw query.error;
  const requests = query.data.data;
  const onDecide = (id: string, decision: 'accept' | 'reject') =>
    decide.mutate(
      { id, decision },
      {
        onSuccess: () =>
          showToast('success', () =>
            t(decision === 'accept' ? 'staff.pending.accepted' : 'staff.pending.rejected'),
          ),
        onError: (error) => errorToast(error),
      },
    );
  return (
    <PageContainer narrow={false}>
      <div className="dilosi-wide-page">
        <PageHeading>{t('staff.pending.title')}</PageHeading>
        <HeadNav entityId={entityId} />
        {requests.length === 0 ? (
          <p className="govgr-body">{t('staff.pending.none')}</p>
        ) : (
          <StaffTable
            id="pending-caption"
            caption={t('staff.pending.caption')}
            head={[
              t('staff.requests.date'),
              t('staff.pending.person'),
              t('staff.pending.afm'),
              t('staff.requests.role'),
              t('staff.active.actions'),
            ]}
          >
            {requests.map((request) => (
              <tr key={request.id} className="govgr-table__row">
                <td className="govgr-table__cell">
                  {formatAthensDateTime(new Date(request.created_at))}
                </td>
                <td className="govgr-table__cell">{request.user_display_name}</td>
                <td className="govgr-table__cell">{request.user_info.afm ?? '—'}</td>
                <td className="govgr-table__cell">{t(`staff.roles.${request.role}`)}</td>
                <td className="govgr-table__cell">
                  <div className="govgr-button-group">
                    <button
                      type="button"
                      className="govgr-btn govgr-btn-primary"
                      disabled={decide.isPending}
                      aria-label={t('staff.pending.acceptOf', { name: request.user_display_name })}
                      onClick={() => onDecide(request.id, 'accept')}
                    >
                      {t('staff.pending.accept')}
                    </button>
                    <button
                      type="button"
                      className="govgr-btn govgr-btn-warning"
                      disabled={decide.isPending}
                      aria-label={t('staff.pending.rejectOf', { name: request.user_display_name })}
                      onClick={() => onDecide(request.id, 'reject')}
                    >
                      {t('staff.pending.reject')}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </StaffTable>
        )}
      </div>
    </PageContainer>
  );
}
