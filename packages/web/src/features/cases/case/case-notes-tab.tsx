import { useTranslation } from 'react-i18next';
import { PageSkeleton } from '../../../ui/page-skeleton';
import { useCaseTab } from '../api/list-case-tab';
import { when } from './when';

/** The staff's internal notes on the case. */
export function CaseNotesTab({ entityId, inboxId }: { entityId: string; inboxId: string }) {
  const { t } = useTranslation('dashboard');
  const query = useCaseTab(entityId, inboxId, 'comments', true);
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) throw query.error;
  if (query.data.data.length === 0) return <p className="govgr-body">{t('case.noNotes')}</p>;
  return (
    <ul className="govgr-list">
      {query.data.data.map((note) => (
        <li key={note.id}>
          <strong>{note.user_display_name}</strong>, {when(note.timestamp)}: {note.comment}
        </li>
      ))}
    </ul>
  );
}
