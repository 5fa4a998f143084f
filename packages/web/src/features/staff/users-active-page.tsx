import {
  newStaffFormSchema,
  staffRolesSchema,
  type EntityRole,
  type StaffEntry,
} from '@dilosi/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCurrentUser } from '../../api/auth';
import { TextInput, useSchemaForm } from '../../ui/form';
import { ModalDialog } from '../../ui/modal-dialog';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { PageSkeleton } from '../../ui/page-skeleton';
import { showToast } from '../../ui/toasts';
import { useAddStaff } from './api/add-staff-member';
import { useDeactivatePermissions } from './api/deactivate-permissions';
import { useStaff } from './api/list-staff';
import { useSetStaffRoles } from './api/set-staff-roles';
import {
  ErrorSummary,
  HeadNav,
  RoleChoice,
  RolesChoice,
  StaffTable,
  useErrorToast,
} from './staff-ui';
import '../../ui/dashboard.css';

type Dialog =
  { kind: 'add' } | { kind: 'roles'; entry: StaffEntry } | { kind: 'remove'; entry: StaffEntry };

/** .../users/active (head only): the staff with their roles; add, edit roles, delete. */
export function UsersActivePage() {
  const { entityId = '' } = useParams();
  const { t } = useTranslation('dashboard');
  const me = useCurrentUser();
  const query = useStaff(entityId);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) throw query.error;
  const staff = query.data.data;
  // The head's own head entry stays (spec section 6: matched by tax number).
  const isOwnHead = (entry: StaffEntry) =>
    entry.afm !== null && entry.afm === me.user?.afm && entry.roles.includes('head');
  const close = () => setDialog(null);
  return (
    <PageContainer narrow={false}>
      <div className="dilosi-wide-page">
        <PageHeading>{t('staff.active.title')}</PageHeading>
        <HeadNav entityId={entityId} />
        <button
          type="button"
          className="govgr-btn govgr-btn-primary"
          onClick={() => setDialog({ kind: 'add' })}
        >
          {t('staff.active.add')}
        </button>
        <StaffTable
          id="staff-caption"
          caption={t('staff.active.caption')}
          head={[
            t('staff.active.name'),
            t('staff.active.afm'),
            t('staff.active.email'),
            t('staff.active.roles'),
            t('staff.active.actions'),
          ]}
        >
          {staff.map((entry) => (
            <tr key={entry.user_id} className="govgr-table__row">
              <td className="govgr-table__cell">
                {entry.name} {isOwnHead(entry) ? t('staff.active.you') : null}
              </td>
              <td className="govgr-table__cell">{entry.afm ?? '—'}</td>
              <td className="govgr-table__cell">{entry.email ?? '—'}</td>
              <td className="govgr-table__cell">
                {entry.roles.map((role) => t(`staff.roles.${role}`)).join(', ')}
              </td>
              <td className="govgr-table__cell">
                <div className="govgr-button-group">
                  <button
                    type="button"
                    className="govgr-btn govgr-btn-secondary"
                    aria-label={t('staff.active.editRolesOf', { name: entry.name })}
                    onClick={() => setDialog({ kind: 'roles', entry })}
                  >
                    {t('staff.active.editRoles')}
                  </button>
                  {isOwnHead(entry) ? null : (
                    <button
                      type="button"
                      className="govgr-btn govgr-btn-warning"
                      aria-label={t('staff.active.removeOf', { name: entry.name })}
                      onClick={() => setDialog({ kind: 'remove', entry })}
                    >
                      {t('staff.active.remove')}
                    </button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </StaffTable>
        {dialog?.kind === 'add' ? <AddStaffDialog entityId={entityId} onClose={close} /> : null}
        {dialog?.kind === 'roles' ? (
          <RolesDialog entityId={entityId} entry={dialog.entry} onClose={close} />
        ) : null}
        {dialog?.kind === 'remove' ? (
          <RemoveDialog entityId={entityId} entry={dialog.entry} onClose={close} />
        ) : null}
      </div>
    </PageContainer>
  );
}

function AddStaffDialog({ entityId, onClose }: { entityId: string; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const add = useAddStaff(entityId);
  const errorToast = useErrorToast();
  // "Required" and "valid tax number" are the domain's, the checks the server makes again.
  const { attachSummary, ...form } = useSchemaForm({
    schema: newStaffFormSchema,
    initialValues: { firstname: '', surname: '', afm: '', role: 'clerk' as EntityRole },
    idPrefix: 'staff',
    onValid: (person) =>
      add.mutate(person, {
        onSuccess: () => {
          showToast('success', () => t('staff.active.added'));
          onClose();
        },
        onError: (error) => errorToast(error),
      }),
  });

  return (
    <ModalDialog
      isOpen
      onClose={onClose}
      title={t('staff.active.add')}
      closeLabel={t('staff.form.close')}
    >
      <form onSubmit={form.handleSubmit} noValidate>
        <ErrorSummary ref={attachSummary} items={form.summary} />
        <TextInput
          label={t('staff.active.firstname')}
          autoComplete="off"
          maxLength={100}
          {...form.input('firstname')}
        />
        <TextInput
          label={t('staff.active.surname')}
          autoComplete="off"
          maxLength={100}
          {...form.input('surname')}
        />
        <TextInput
          label={t('staff.active.afm')}
          autoComplete="off"
          inputMode="numeric"
          maxLength={9}
          {...form.input('afm')}
        />
        <RoleChoice legend={t('staff.roles.legend')} field={form.field('role')} />
        <div className="govgr-button-group">
          <button type="submit" className="govgr-btn govgr-btn-primary" disabled={add.isPending}>
            {t('staff.active.add')}
          </button>
          <button type="button" className="govgr-btn govgr-btn-secondary" onClick={onClose}>
            {t('staff.form.cancel')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

function RolesDialog(props: { entityId: string; entry: StaffEntry; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const setRoles = useSetStaffRoles(props.entityId);
  const errorToast = useErrorToast();
  // The route's own schema: at least one role.
  const { attachSummary, ...form } = useSchemaForm({
    schema: staffRolesSchema,
    initialValues: { roles: props.entry.roles },
    idPrefix: 'roles',
    ids: { roles: 'roles-choice' },
    messageOf: (error) =>
      error.code === 'choices_too_few' ? t('staff.active.rolesRequired') : undefined,
    onValid: ({ roles }) =>
      setRoles.mutate(
        { userId: props.entry.user_id, roles },
        {
          onSuccess: () => {
            showToast('success', () => t('staff.active.saved'));
            props.onClose();
          },
          onError: (error) => errorToast(error),
        },
      ),
  });
  return (
    <ModalDialog
      isOpen
      onClose={props.onClose}
      title={t('staff.active.editRolesOf', { name: props.entry.name })}
      closeLabel={t('staff.form.close')}
    >
      <form onSubmit={form.handleSubmit} noValidate>
        <ErrorSummary ref={attachSummary} items={form.summary} />
        <RolesChoice legend={t('staff.active.roles')} field={form.field('roles')} />
        <div className="govgr-button-group">
          <button
            type="submit"
            className="govgr-btn govgr-btn-primary"
            disabled={setRoles.isPending}
          >
            {t('staff.active.save')}
          </button>
          <button type="button" className="govgr-btn govgr-btn-secondary" onClick={props.onClose}>
            {t('staff.form.cancel')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

function RemoveDialog(props: { entityId: string; entry: StaffEntry; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const deactivate = useDeactivatePermissions(props.entityId);
  const errorToast = useErrorToast();
  const confirm = () =>
    deactivate.mutate(
      props.entry.permissions.map((p) => p.id),
      {
        onSuccess: () => {
          showToast('success', () => t('staff.active.removed'));
          props.onClose();
        },
        onError: (error) => errorToast(error),
      },
    );
  return (
    <ModalDialog
      isOpen
      onClose={props.onClose}
      title={t('staff.active.removeOf', { name: props.entry.name })}
      closeLabel={t('staff.form.close')}
    >
      <p className="govgr-body">{t('staff.active.removeConfirm', { name: props.entry.name })}</p>
      <div className="govgr-button-group">
        <button
          type="button"
          className="govgr-btn govgr-btn-warning"
          disabled={deactivate.isPending}
          onClick={confirm}
        >
          {t('staff.form.confirm')}
        </button>
        <button type="button" className="govgr-btn govgr-btn-secondary" onClick={props.onClose}>
          {t('staff.form.cancel')}
        </button>
      </div>
    </ModalDialog>
  );
}
