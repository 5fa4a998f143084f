import {
  formatAthensDateTime,
  isValidEmail,
  type DashboardEntity,
  type EntityDecisionEntry,
  type EntityRole,
} from '@dilosi/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiRequestError } from '../../api/api-client';
import { ModalDialog } from '../../ui/modal-dialog';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { PageSkeleton } from '../../ui/page-skeleton';
import { showToast } from '../../ui/toasts';
import { useEntity } from '../../api/get-entity';
import { useEntityDecisions } from './api/list-entity-decisions';
import { useUpdateEntity } from './api/update-entity-settings';
import {
  ErrorSummary,
  HeadNav,
  Paging,
  StaffTable,
  TextField,
  useErrorToast,
  usePaging,
  type FieldErrors,
} from './staff-ui';
import '../../ui/dashboard.css';

/** Spec section 9: after a successful save the page reloads after 500 ms. */
export const SETTINGS_RELOAD_MS = 500;

/** The browser reload after a save; a seam for the tests. */
export const settingsReload = { run: () => window.location.reload() };

/**
 * .../settings (head only): the entity's names, e-mail and addressability (editable only when the
 * entity is managed, else an "activate" button), the mailbox's disable / enable, and the record
 * of the head's decisions.
 */
export function EntitySettingsPage() {
  const { entityId = '' } = useParams();
  const { t } = useTranslation('dashboard');
  const query = useEntity(entityId);
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) throw query.error;
  const entity = query.data.data;
  // The settings are the head's: a clerk reading the entity is sent to the permission page.
  if (!entity.roles.includes('head')) {
    throw new ApiRequestError(403, 'head_permission_denied', 'head_permission_denied');
  }
  return (
    <PageContainer narrow={false}>
      <div className="dilosi-wide-page">
        <PageHeading>{t('staff.settings.title')}</PageHeading>
        <HeadNav entityId={entityId} />
        {entity.is_managed ? (
          <SettingsForm entity={entity} />
        ) : (
          <ActivateManagement entity={entity} />
        )}
        <Mailbox entity={entity} />
        <DecisionRecord entityId={entityId} />
      </div>
    </PageContainer>
  );
}

const FIELDS = ['settings-el', 'settings-en', 'settings-fr', 'settings-email'] as const;

function SettingsForm({ entity }: { entity: DashboardEntity }) {
  const { t } = useTranslation(['dashboard', 'validation']);
  const update = useUpdateEntity(entity.id);
  const errorToast = useErrorToast();
  const [values, setValues] = useState({
    el: entity.display_name.el,
    en: entity.display_name.en,
    fr: entity.display_name.fr,
    email: entity.email ?? '',
  });
  const [isAddressable, setAddressable] = useState(entity.is_addressable);
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: FieldErrors = {};
    if (values.el.trim() === '') found['settings-el'] = t('staff.form.required');
    const email = values.email.trim();
    if (email === '') found['settings-email'] = t('staff.form.required');
    else if (!isValidEmail(email)) found['settings-email'] = t('validation:email_invalid');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    update.mutate(
      {
        display_name: { el: values.el, en: values.en, fr: values.fr },
        email,
        is_addressable: isAddressable,
      },
      {
        onSuccess: () => {
          showToast('success', () => t('staff.settings.saved'));
          setTimeout(() => settingsReload.run(), SETTINGS_RELOAD_MS);
        },
        onError: (error) => errorToast(error, () => t('staff.settings.error')),
      },
    );
  };

  const field = (key: keyof typeof values, label: string, type: 'text' | 'email' = 'text') => (
    <TextField
      id={`settings-${key}`}
      label={label}
      type={type}
      value={values[key]}
      onChange={(value) => setValues({ ...values, [key]: value })}
      error={errors[`settings-${key}`]}
      autoComplete={type === 'email' ? 'email' : 'off'}
      maxLength={key === 'email' ? 254 : 300}
      {...(key === 'email' ? { hint: t('staff.settings.emailHint') } : {})}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <ErrorSummary errors={errors} order={[...FIELDS]} />
      {field('el', t('staff.settings.displayNameEl'))}
      {field('en', t('staff.settings.displayNameEn'))}
      {field('fr', t('staff.settings.displayNameFr'))}
      {field('email', t('staff.settings.email'), 'email')}
      <div className="govgr-field">
        <fieldset className="govgr-fieldset">
          <legend className="govgr-fieldset__legend govgr-heading-s">
            {t('staff.settings.addressable')}
          </legend>
          <div className="govgr-radios">
            {([true, false] as const).map((value) => (
              <div key={String(value)} className="govgr-radios__item">
                <input
                  className="govgr-radios__input"
                  type="radio"
                  id={`settings-addressable-${String(value)}`}
                  name="is_addressable"
                  checked={isAddressable === value}
                  onChange={() => setAddressable(value)}
                />
                <label
                  className="govgr-label govgr-radios__label"
                  htmlFor={`settings-addressable-${String(value)}`}
                >
                  {value ? t('staff.settings.yes') : t('staff.settings.no')}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
      </div>
      <button type="submit" className="govgr-btn govgr-btn-primary" disabled={update.isPending}>
        {t('staff.settings.save')}
      </button>
    </form>
  );
}

function ActivateManagement({ entity }: { entity: DashboardEntity }) {
  const { t } = useTranslation('dashboard');
  const update = useUpdateEntity(entity.id);
  const errorToast = useErrorToast();
  return (
    <div className="govgr-warning-text">
      <p className="govgr-body">{t('staff.settings.notManaged')}</p>
      <button
        type="button"
        className="govgr-btn govgr-btn-primary"
        disabled={update.isPending}
        onClick={() =>
          update.mutate(
            { is_managed: true },
            {
              onSuccess: () => showToast('success', () => t('staff.settings.activated')),
              onError: (error) => errorToast(error, () => t('staff.settings.error')),
            },
          )
        }
      >
        {t('staff.settings.activate')}
      </button>
    </div>
  );
}

function Mailbox({ entity }: { entity: DashboardEntity }) {
  const { t } = useTranslation('dashboard');
  const update = useUpdateEntity(entity.id);
  const errorToast = useErrorToast();
  const [isConfirming, setConfirming] = useState(false);
  const change = (enabled: boolean) =>
    update.mutate(
      { enabled },
      {
        onSuccess: () => {
          showToast('success', () =>
            t(enabled ? 'staff.settings.enabled' : 'staff.settings.disabled'),
          );
          setConfirming(false);
        },
        onError: (error) => errorToast(error, () => t('staff.settings.error')),
      },
    );
  return (
    <section aria-labelledby="mailbox-title">
      <h2 id="mailbox-title" className="govgr-heading-m">
        {t('staff.settings.mailbox')}
      </h2>
      <p className="govgr-body">
        {entity.enabled ? t('staff.settings.enabledText') : t('staff.settings.disabledText')}
      </p>
      {entity.enabled ? (
        <button
          type="button"
          className="govgr-btn govgr-btn-warning"
          onClick={() => setConfirming(true)}
        >
          {t('staff.settings.disable')}
        </button>
      ) : (
        <button
          type="button"
          className="govgr-btn govgr-btn-primary"
          disabled={update.isPending}
          onClick={() => change(true)}
        >
          {t('staff.settings.enable')}
        </button>
      )}
      {isConfirming ? (
        <ModalDialog
          isOpen
          onClose={() => setConfirming(false)}
          title={t('staff.settings.disable')}
          closeLabel={t('staff.form.close')}
        >
          <p className="govgr-body">{t('staff.settings.disableConfirm')}</p>
          <div className="govgr-button-group">
            <button
              type="button"
              className="govgr-btn govgr-btn-warning"
              disabled={update.isPending}
              onClick={() => change(false)}
            >
              {t('staff.form.confirm')}
            </button>
            <button
              type="button"
              className="govgr-btn govgr-btn-secondary"
              onClick={() => setConfirming(false)}
            >
              {t('staff.form.cancel')}
            </button>
          </div>
        </ModalDialog>
      ) : null}
    </section>
  );
}

const isRole = (value: unknown): value is EntityRole => value === 'clerk' || value === 'head';

function describe(decision: EntityDecisionEntry, roleLabel: (role: EntityRole) => string): string {
  const role = decision.details.role;
  if (isRole(role)) return roleLabel(role);
  const to = decision.details.to;
  if (Array.isArray(to)) return to.filter(isRole).map(roleLabel).join(', ');
  const changes = decision.details.changes;
  if (changes && typeof changes === 'object') return Object.keys(changes).join(', ');
  return '';
}

/** The entity's decisions, newest first, with who and when (the head's record). */
function DecisionRecord({ entityId }: { entityId: string }) {
  const { t } = useTranslation('dashboard');
  const { limit, offset } = usePaging();
  const query = useEntityDecisions(entityId, limit, offset);
  return (
    <section aria-labelledby="decisions-title">
      <h2 id="decisions-title" className="govgr-heading-m">
        {t('staff.decisions.title')}
      </h2>
      {query.isPending ? null : query.isError ? (
        <p className="govgr-error-message">{t('staff.form.genericError')}</p>
      ) : query.data.data.length === 0 ? (
        <p className="govgr-body">{t('staff.decisions.none')}</p>
      ) : (
        <>
          <StaffTable
            id="decisions-caption"
            caption={t('staff.decisions.caption')}
            head={[
              t('staff.decisions.date'),
              t('staff.decisions.action'),
              t('staff.decisions.who'),
              t('staff.decisions.subject'),
              t('staff.decisions.details'),
            ]}
          >
            {query.data.data.map((decision) => (
              <tr key={decision.id} className="govgr-table__row">
                <td className="govgr-table__cell">
                  {formatAthensDateTime(new Date(decision.timestamp))}
                </td>
                <td className="govgr-table__cell">
                  {t(`staff.decisions.actions.${decision.action}`)}
                </td>
                <td className="govgr-table__cell">{decision.user_display_name ?? '—'}</td>
                <td className="govgr-table__cell">{decision.subject_display_name ?? '—'}</td>
                <td className="govgr-table__cell">
                  {describe(decision, (role) => t(`staff.roles.${role}`))}
                </td>
              </tr>
            ))}
          </StaffTable>
          <Paging count={query.data.meta.count} id="decisions-page-size" />
        </>
      )}
    </section>
  );
}
