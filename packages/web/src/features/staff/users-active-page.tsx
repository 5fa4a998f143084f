import { isValidAfm, type EntityRole, type StaffEntry } from '@dilosi/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCurrentUser } from '../../api/auth';
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
  StaffTable,
  TextField,
  useErrorToast,
  type FieldErrors,
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

const ADD_FIELDS = ['staff-firstname', 'staff-surname', 'staff-afm'] as const;

function AddStaffDialog({ entityId, onClose }: { entityId: string; onClose: () => void }) {
  const { t } = useTranslation(['dashboard', 'validation']);
  const add = useAddStaff(entityId);
  const errorToast = useErrorToast();
  const [values, setValues] = useState({ firstname: '', surname: '', afm: '' });
  const [role, setRole] = useState<EntityRole>('clerk');
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const person = {
      firstname: values.firstname.trim(),
      surname: values.surname.trim(),
      afm: values.afm.trim(),
    };
    const required = t('staff.form.required');
    const found: FieldErrors = {};
    if (person.firstname === '') found['staff-firstname'] = required;
    if (person.surname === '') found['staff-surname'] = required;
    if (person.afm === '') found['staff-afm'] = required;
    else if (!isValidAfm(person.afm)) found['staff-afm'] = t('validation:afm_invalid');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    add.mutate(
      { ...person, role },
      {
        onSuccess: () => {
          showToast('success', () => t('staff.active.added'));
          onClose();
        },
        onError: (error) => errorToast(error),
      },
    );
  };

  const field = (key: keyof typeof values, label: string) => (
    <TextField
      id={`staff-${key}`}
      label={label}
      value={values[key]}
      onChange={(value) => setValues({ ...values, [key]: value })}
      error={errors[`staff-${key}`]}
      inputMode={key === 'afm' ? 'numeric' : undefined}
      maxLength={key === 'afm' ? 9 : 100}
    />
  );

  return (
    <ModalDialog
      isOpen
      onClose={onClose}
      title={t('staff.active.add')}
      closeLabel={t('staff.form.close')}
    >
      <form onSubmit={submit} noValidate>
        <ErrorSummary errors={errors} order={[...ADD_FIELDS]} />
        {field('firstname', t('staff.active.firstname'))}
        {field('surname', t('staff.active.surname'))}
        {field('afm', t('staff.active.afm'))}
        <RoleChoice
          id="staff-role"
          legend={t('staff.roles.legend')}
          value={[role]}
          onChange={(roles) => setRole(roles[0] ?? 'clerk')}
        />
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
  const [roles, setRolesValue] = useState<EntityRole[]>(props.entry.roles);
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: FieldErrors =
      roles.length === 0 ? { 'roles-choice': t('staff.active.rolesRequired') } : {};
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setRoles.mutate(
      { userId: props.entry.user_id, roles },
      {
        onSuccess: () => {
          showToast('success', () => t('staff.active.saved'));
          props.onClose();
        },
        onError: (error) => errorToast(error),
      },
    );
  };
  return (
    <ModalDialog
      isOpen
      onClose={props.onClose}
      title={t('staff.active.editRolesOf', { name: props.entry.name })}
      closeLabel={t('staff.form.close')}
    >
      <form onSubmit={submit} noValidate>
        <ErrorSummary errors={errors} order={['roles-choice']} />
        <RoleChoice
          id="roles-choice"
          legend={t('staff.active.roles')}
          multiple
          value={roles}
          onChange={setRolesValue}
          error={errors['roles-choice']}
        />
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
