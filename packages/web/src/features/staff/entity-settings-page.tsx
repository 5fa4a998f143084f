import {
  ENTITY_ROLES,
  entitySettingsFormSchema,
  formatAthensDateTime,
  hasEntityRole,
  type DashboardEntity,
  type EntityDecisionEntry,
  type EntityRole,
} from '@dilosi/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiRequestError } from '../../api/api-client';
import { FieldGroup, RadioGroup, TextInput, useSchemaForm } from '../../ui/form';
import { ModalDialog } from '../../ui/modal-dialog';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { PageSkeleton } from '../../ui/page-skeleton';
import { showToast } from '../../ui/toasts';
import { useEntity } from '../../api/get-entity';
import { AnnotationFieldsSection } from './annotation-fields-section';
import { useEntityDecisions } from './api/list-entity-decisions';
import { useUpdateEntity } from './api/update-entity-settings';
import { ErrorSummary, HeadNav, Paging, StaffTable, useErrorToast, usePaging } from './staff-ui';
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
  // The settings are the settings owner's (a head is one): a clerk is sent to the permission page.
  if (!hasEntityRole(entity.roles, 'settings_owner')) {
    throw new ApiRequestError(403, 'role_permission_denied', 'role_permission_denied');
  }
  const isHead = entity.roles.includes('head');
  return (
    <PageContainer narrow={false}>
      <div className="dilosi-wide-page">
        <PageHeading>{t('staff.settings.title')}</PageHeading>
        {isHead ? <HeadNav entityId={entityId} /> : null}
        {entity.is_managed ? (
          <SettingsForm entity={entity} />
        ) : (
          <ActivateManagement entity={entity} />
        )}
        <Mailbox entity={entity} />
        <AnnotationFieldsSection entityId={entityId} />
        <DecisionRecord entityId={entityId} />
      </div>
    </PageContainer>
  );
}

const NAME_LABELS = {
  el: 'staff.settings.displayNameEl',
  en: 'staff.settings.displayNameEn',
  fr: 'staff.settings.displayNameFr',
} as const;

function SettingsForm({ entity }: { entity: DashboardEntity }) {
  const { t } = useTranslation('dashboard');
  const update = useUpdateEntity(entity.id);
  const errorToast = useErrorToast();
  const { attachSummary, ...form } = useSchemaForm({
    schema: entitySettingsFormSchema,
    initialValues: {
      'display_name.el': entity.display_name.el,
      'display_name.en': entity.display_name.en,
      'display_name.fr': entity.display_name.fr,
      email: entity.email ?? '',
      is_addressable: entity.is_addressable,
    },
    idPrefix: 'settings',
    ids: {
      'display_name.el': 'settings-el',
      'display_name.en': 'settings-en',
      'display_name.fr': 'settings-fr',
      is_addressable: 'settings-addressable',
    },
    onValid: (settings) =>
      update.mutate(settings, {
        onSuccess: () => {
          showToast('success', () => t('staff.settings.saved'));
          setTimeout(() => settingsReload.run(), SETTINGS_RELOAD_MS);
        },
        onError: (error) => errorToast(error, () => t('staff.settings.error')),
      }),
  });
  const addressable = form.field('is_addressable');

  return (
    <form onSubmit={form.handleSubmit} noValidate>
      <ErrorSummary ref={attachSummary} items={form.summary} />
      {(['el', 'en', 'fr'] as const).map((locale) => (
        <TextInput
          key={locale}
          label={t(NAME_LABELS[locale])}
          autoComplete="off"
          maxLength={300}
          {...form.input(`display_name.${locale}`)}
        />
      ))}
      <TextInput
        label={t('staff.settings.email')}
        hint={t('staff.settings.emailHint')}
        type="email"
        autoComplete="email"
        maxLength={254}
        {...form.input('email')}
      />
      <FieldGroup id={addressable.id} legend={t('staff.settings.addressable')}>
        <RadioGroup
          {...addressable}
          name="is_addressable"
          value={String(addressable.value) as 'true' | 'false'}
          onChange={(value) => addressable.onChange(value === 'true')}
          options={[
            { value: 'true', label: t('staff.settings.yes') },
            { value: 'false', label: t('staff.settings.no') },
          ]}
        />
      </FieldGroup>
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

const isRole = (value: unknown): value is EntityRole =>
  (ENTITY_ROLES as readonly unknown[]).includes(value);

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
