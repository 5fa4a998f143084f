import {
  formatAthensDateTime,
  newPermissionRequestFormSchema,
  type EntityRole,
  type Permission,
} from '@dilosi/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../i18n/use-locale';
import { TextInput, useSchemaForm } from '../../ui/form';
import { ModalDialog } from '../../ui/modal-dialog';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { PageSkeleton } from '../../ui/page-skeleton';
import { showToast } from '../../ui/toasts';
import { paths } from '../../config/paths';
import { useMyPermissionRequests } from './api/list-my-permission-requests';
import { useRequestPermission } from './api/request-permission';
import { useEntityDirectory } from './api/search-entity-directory';
import { useWithdrawPermissionRequest } from './api/withdraw-permission-request';
import { ErrorSummary, Paging, RoleChoice, StaffTable, useErrorToast, usePaging } from './staff-ui';
import '../../ui/dashboard.css';

/** The spec's labels of a request: waiting, accepted, rejected, else unknown. */
export function responseLabelKey(permission: Pick<Permission, 'response' | 'state'>) {
  if (permission.response === null && permission.state === 'pending') return 'pending';
  if (permission.state === 'withdrawn') return 'withdrawn';
  if (permission.response === 'accept' || permission.response === 'reject') {
    return permission.response;
  }
  return 'unknown';
}

/** /dashboard/entities/requests/list: the caller's own permission requests and a new one. */
export function RequestsListPage() {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const { limit, offset } = usePaging();
  const query = useMyPermissionRequests(limit, offset);
  const [isAsking, setAsking] = useState(false);
  const [withdrawing, setWithdrawing] = useState<Permission | null>(null);
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) throw query.error;
  const { data, meta } = query.data;
  return (
    <PageContainer narrow={false}>
      <div className="dilosi-wide-page">
        <PageHeading>{t('staff.requests.title')}</PageHeading>
        <p className="govgr-body">
          <Link className="govgr-link" to={paths.dashboard.entities.getHref()}>
            {t('staff.requests.back')}
          </Link>
        </p>
        <button
          type="button"
          className="govgr-btn govgr-btn-primary"
          onClick={() => setAsking(true)}
        >
          {t('staff.requests.new')}
        </button>
        {data.length === 0 ? (
          <p className="govgr-body">{t('staff.requests.none')}</p>
        ) : (
          <StaffTable
            id="requests-caption"
            caption={t('staff.requests.caption')}
            head={[
              t('staff.requests.date'),
              t('staff.requests.entity'),
              t('staff.requests.role'),
              t('staff.requests.state'),
              t('staff.requests.actions'),
            ]}
          >
            {data.map((permission) => (
              <tr key={permission.id} className="govgr-table__row">
                <td className="govgr-table__cell">
                  {formatAthensDateTime(new Date(permission.created_at))}
                </td>
                <td className="govgr-table__cell">{permission.entity.display_name[locale]}</td>
                <td className="govgr-table__cell">{t(`staff.roles.${permission.role}`)}</td>
                <td className="govgr-table__cell">
                  {t(`staff.response.${responseLabelKey(permission)}`)}
                </td>
                <td className="govgr-table__cell">
                  {permission.state === 'pending' ? (
                    <button
                      type="button"
                      className="govgr-btn govgr-btn-secondary"
                      aria-label={`${t('staff.requests.withdraw')}: ${permission.entity.display_name[locale]}`}
                      onClick={() => setWithdrawing(permission)}
                    >
                      {t('staff.requests.withdraw')}
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </StaffTable>
        )}
        <Paging count={meta.count} id="requests-page-size" />
        {isAsking ? <NewRequestDialog onClose={() => setAsking(false)} /> : null}
        {withdrawing ? (
          <WithdrawDialog permission={withdrawing} onClose={() => setWithdrawing(null)} />
        ) : null}
      </div>
    </PageContainer>
  );
}

function WithdrawDialog({ permission, onClose }: { permission: Permission; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const withdraw = useWithdrawPermissionRequest();
  const errorToast = useErrorToast();
  return (
    <ModalDialog
      isOpen
      onClose={onClose}
      title={t('staff.requests.withdrawTitle')}
      closeLabel={t('staff.form.close')}
    >
      <p className="govgr-body">
        {t('staff.requests.withdrawConfirm', { entity: permission.entity.display_name[locale] })}
      </p>
      <div className="govgr-button-group">
        <button
          type="button"
          className="govgr-btn govgr-btn-warning"
          disabled={withdraw.isPending}
          onClick={() =>
            withdraw.mutate(permission.id, {
              onSuccess: () => {
                showToast('success', () => t('staff.requests.withdrawn'));
                onClose();
              },
              onError: (error) => errorToast(error),
            })
          }
        >
          {t('staff.requests.withdraw')}
        </button>
        <button type="button" className="govgr-btn govgr-btn-secondary" onClick={onClose}>
          {t('staff.form.cancel')}
        </button>
      </div>
    </ModalDialog>
  );
}

function NewRequestDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const request = useRequestPermission();
  const errorToast = useErrorToast();
  const locale = useLocale();
  const { attachSummary, ...form } = useSchemaForm({
    schema: newPermissionRequestFormSchema,
    initialValues: { entity_name: '', role: 'clerk' as EntityRole },
    idPrefix: 'request',
    ids: { entity_name: 'request-entity' },
    onValid: (body) =>
      request.mutate(body, {
        onSuccess: () => {
          showToast('success', () => t('staff.requests.sent'));
          onClose();
        },
        onError: (error) => errorToast(error),
      }),
  });
  const directory = useEntityDirectory(form.values.entity_name);
  const suggestions = directory.data?.data ?? [];

  return (
    <ModalDialog
      isOpen
      onClose={onClose}
      title={t('staff.requests.new')}
      closeLabel={t('staff.form.close')}
    >
      <form onSubmit={form.handleSubmit} noValidate>
        <ErrorSummary ref={attachSummary} items={form.summary} />
        <TextInput
          label={t('staff.requests.entityName')}
          hint={t('staff.requests.entityNameHint')}
          autoComplete="off"
          maxLength={200}
          list="request-entity-suggestions"
          {...form.input('entity_name')}
          // Upper-cased as typed (spec section 5).
          onChange={(event) =>
            form.setValue('entity_name', event.target.value.toLocaleUpperCase('el'))
          }
        />
        {/* The browser's own suggestion list, announced by screen readers with the field. */}
        <datalist id="request-entity-suggestions" aria-label={t('staff.requests.suggestions')}>
          {suggestions.map((entity) => (
            <option
              key={entity.codename}
              value={entity.display_name[locale].toLocaleUpperCase('el')}
            >
              {entity.codename}
            </option>
          ))}
        </datalist>
        <RoleChoice legend={t('staff.roles.legend')} field={form.field('role')} />
        <div className="govgr-button-group">
          <button
            type="submit"
            className="govgr-btn govgr-btn-primary"
            disabled={request.isPending}
          >
            {t('staff.requests.submit')}
          </button>
          <button type="button" className="govgr-btn govgr-btn-secondary" onClick={onClose}>
            {t('staff.form.cancel')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
