import { useTranslation } from 'react-i18next';
import type { LocalizedText, Locale } from '@dilosi/domain';
import './wizard.css';

type StepIndicatorProps = {
  /** step_info['wizard-steps']: 4 labels for declarations, 3 for authorisations. */
  labels: LocalizedText[];
  /** step_info['wizard-step'], 1-based. */
  current: number;
  locale: Locale;
};

/**
 * Where the citizen is in the wizard: "Βήμα 2 από 4" and the labels of all the steps, the
 * current one marked with aria-current="step" and the earlier ones as completed.
 */
export function StepIndicator({ labels, current, locale }: StepIndicatorProps) {
  const { t } = useTranslation('wizard');
  if (labels.length === 0 || current < 1) return null;
  const total = labels.length;
  const position = Math.min(current, total);
  return (
    <div className="dilosi-wizard-steps">
      <p className="govgr-caption-m dilosi-wizard-steps__position">
        {t('steps.position', { current: position, total })}
      </p>
      <ol className="dilosi-wizard-steps__list" aria-label={t('steps.label')}>
        {labels.map((label, index) => {
          const number = index + 1;
          const state = number < position ? 'done' : number === position ? 'current' : 'todo';
          return (
            <li
              key={number}
              className={`dilosi-wizard-steps__item dilosi-wizard-steps__item--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="dilosi-wizard-steps__number" aria-hidden="true">
                {number}
              </span>
              <span className="dilosi-wizard-steps__label">{label[locale]}</span>
              {state === 'done' ? (
                <span className="govgr-visually-hidden"> ({t('steps.completed')})</span>
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
