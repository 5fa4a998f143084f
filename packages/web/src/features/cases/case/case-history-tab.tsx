import type { HistoryItem, Locale } from '@dilosi/domain';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../i18n/use-locale';
import { PageSkeleton } from '../../../ui/page-skeleton';
import { useCaseTab } from '../api/list-case-tab';
import { when } from './when';

/** A forward's other entity in a history entry: its name in the reader's language, else codename. */
function historyEntityName(details: HistoryItem['details'], locale: Locale): string | null {
  if (typeof details.entity !== 'string') return null;
  const names = details.entity_display_name as Partial<Record<Locale, unknown>> | undefined;
  const name = names?.[locale];
  return typeof name === 'string' && name !== '' ? name : details.entity;
}

/** An annotation's change: «label» before → after (yes/no in the reader's language). */
function annotationChange(
  details: HistoryItem['details'],
  t: (key: 'annotations.yes' | 'annotations.no' | 'annotations.empty') => string,
): string {
  const shown = (value: unknown) =>
    typeof value !== 'string'
      ? t('annotations.empty')
      : details.kind === 'yes_no'
        ? t(value === 'yes' ? 'annotations.yes' : 'annotations.no')
        : value;
  return `«${String(details.field ?? '')}» ${shown(details.before)} → ${shown(details.after)}`;
}

/** An opinion's expert in a history entry (issue #41): the entity's name or the tax number. */
function opinionExpert(details: HistoryItem['details']): string {
  const expert = details.expert ?? details.expert_afm;
  return typeof expert === 'string' ? `: ${expert}` : '';
}

/** What happened to the case, oldest first, and who did it. */
export function CaseHistoryTab({ entityId, inboxId }: { entityId: string; inboxId: string }) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const query = useCaseTab(entityId, inboxId, 'history', true);
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) throw query.error;
  const label = (action: string) =>
    t(`history.${action}` as 'history.received', { defaultValue: action });
  return (
    <ol className="govgr-list govgr-list--number">
      {query.data.data.map((entry) => (
        <li key={entry.id}>
          {when(entry.timestamp)} —{' '}
          {entry.action === 'assign' && entry.assignee_display_name
            ? t('history.assignTo', { name: entry.assignee_display_name })
            : label(entry.action)}
          {typeof entry.details.to === 'string'
            ? `: ${t(`status.${entry.details.to}` as 'status.pending')}`
            : ''}
          {typeof entry.details.reason === 'string' ? ` (${entry.details.reason})` : ''}
          {entry.action === 'annotate' ? `: ${annotationChange(entry.details, t)}` : ''}
          {entry.action.startsWith('opinion_') ? opinionExpert(entry.details) : ''}
          {historyEntityName(entry.details, locale) !== null &&
          typeof entry.details.case_id === 'string'
            ? `: ${historyEntityName(entry.details, locale)} ${entry.details.case_id}`
            : ''}
          {' — '}
          {entry.action_user_display_name ?? t('history.system')}
          {typeof entry.details.comment === 'string' && entry.action.startsWith('forwarded') ? (
            <p className="govgr-body">
              {t('history.forwardComment', { comment: entry.details.comment })}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
