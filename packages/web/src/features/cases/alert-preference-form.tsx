import { STAFF_ALERT_MODES, type StaffAlertMode } from '@dilosi/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldGroup, RadioGroup } from '../../ui/form';
import { useAlertPreference } from './api/get-alert-preference';
import { useSetAlertPreference } from './api/set-alert-preference';

/**
 * The staff member's own e-mail alerts of this entity's new cases and citizens' answers (issue
 * #33): each event, a daily summary or none. Folded under the list, as the search panel is; read
 * only once unfolded, so the list itself costs no extra request.
 */
export function AlertPreferenceForm({ entityId }: { entityId: string }) {
  const { t } = useTranslation('dashboard');
  const [isOpen, setIsOpen] = useState(false);
  return (
    <details className="govgr-details" onToggle={(event) => setIsOpen(event.currentTarget.open)}>
      <summary className="govgr-details__summary">
        <span className="govgr-details__summary-text">{t('alerts.title')}</span>
      </summary>
      {isOpen ? <AlertPreferenceChoice entityId={entityId} /> : null}
    </details>
  );
}

function AlertPreferenceChoice({ entityId }: { entityId: string }) {
  const { t } = useTranslation('dashboard');
  const preference = useAlertPreference(entityId);
  const save = useSetAlertPreference(entityId);
  const [chosen, setChosen] = useState<StaffAlertMode | null>(null);
  const [outcome, setOutcome] = useState<'saved' | 'failed' | null>(null);
  if (preference.isError)
    return <p className="govgr-body govgr-details__text">{t('alerts.loadFailed')}</p>;
  if (!preference.data) return null;
  const { mode, email } = preference.data.data;
  const value = chosen ?? mode;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    save.mutate(value, {
      onSuccess: () => {
        setChosen(null);
        setOutcome('saved');
      },
      onError: () => setOutcome('failed'),
    });
  };
  return (
    <form className="govgr-details__text" noValidate onSubmit={onSubmit}>
      <FieldGroup
        id="alert-mode"
        legend={t('alerts.legend')}
        legendClassName="govgr-fieldset__legend govgr-heading-s"
        hint={email ? t('alerts.to', { email }) : t('alerts.noEmail')}
      >
        <RadioGroup
          id="alert-mode"
          name="alert_mode"
          value={value}
          onChange={setChosen}
          options={STAFF_ALERT_MODES.map((option) => ({
            value: option,
            label: t(`alerts.${option}`),
          }))}
        />
      </FieldGroup>
      <button
        type="submit"
        className="govgr-btn govgr-btn-primary"
        disabled={save.isPending}
        aria-busy={save.isPending || undefined}
      >
        {t('alerts.save')}
      </button>
      <p className="govgr-body" role="status">
        {outcome ? t(`alerts.${outcome}`) : null}
      </p>
    </form>
  );
}
