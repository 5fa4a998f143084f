import { useTranslation } from 'react-i18next';
import type { ApiDocument, Locale, RegistryName } from '@dilosi/domain';
import { formatIssueDate } from '../../../lib/format-issue-date';
import { useErrorMessage } from '../../../ui/use-error-message';
import { WizardNotice } from '../wizard-notice';
import type { StepLookupsState } from './use-step-lookups';

type Props = {
  document: ApiDocument;
  state: StepLookupsState;
  onRetry(): void;
  locale: Locale;
};

/**
 * What the step's registry look-ups are doing: what is fetched from which registry while they
 * run; then, on the step, which registry each prefilled value came from and when; or the error
 * (`*_not_found`, `*_try_later`, `retry_limit_exceeded`) with a button to try again.
 */
export function StepLookupsPanel({ document, state, onRetry, locale }: Props) {
  const { t } = useTranslation('wizard');
  const errorMessage = useErrorMessage();
  const info = document.step_info;
  if (!info.poll || state.kind === 'none') return null;
  const fieldLabels = (keys: readonly string[]) =>
    keys.map((key) => info.fields[key]?.label[locale] ?? key).join(', ');
  const registryName = (registry: RegistryName) => t(`lookups.registries.${registry}`);

  if (state.kind === 'pending') {
    return (
      <div role="status" aria-live="polite" className="dilosi-step-lookups govgr-body">
        <p className="govgr-body">{t('lookups.pending')}</p>
        <ul className="govgr-list govgr-list--bullet">
          {info.poll.lookups.map((lookup) => (
            <li key={lookup.registry}>
              {t('lookups.fetching', {
                what: fieldLabels(lookup.fields),
                registry: registryName(lookup.registry),
              })}
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (state.kind === 'done') {
    return (
      <div className="dilosi-step-lookups govgr-inset-text">
        <ul className="govgr-list">
          {state.answer.sources.map((source) => (
            <li key={source.registry}>
              {t('lookups.source', {
                what: fieldLabels(source.fields),
                registry: registryName(source.registry),
                at: formatIssueDate(source.fetched_at),
              })}
            </li>
          ))}
        </ul>
      </div>
    );
  }
  const message =
    state.kind === 'limit' ? errorMessage('retry_limit_exceeded') : errorMessage(state.error);
  return (
    <WizardNotice variant="error" title={t('lookups.failedTitle')}>
      <p className="govgr-body">{message}</p>
      <p className="govgr-body">{t('lookups.fillByHand')}</p>
      <button type="button" className="govgr-btn govgr-btn-secondary" onClick={onRetry}>
        {t('lookups.retry')}
      </button>
    </WizardNotice>
  );
}
