import { useTranslation } from 'react-i18next';
import { PageSkeleton } from '../../../ui/page-skeleton';
import { createCaseMessageFileUrl } from '../api/create-case-message-file-url';
import { useCaseTab } from '../api/list-case-tab';
import { when } from './when';

/** The thread with the citizen, both ways (issue #33): who wrote each message, and her PDF. */
export function CaseMessagesTab({ entityId, inboxId }: { entityId: string; inboxId: string }) {
  const { t } = useTranslation('dashboard');
  const query = useCaseTab(entityId, inboxId, 'communications', true);
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) throw query.error;
  if (query.data.data.length === 0) return <p className="govgr-body">{t('case.noMessages')}</p>;
  const download = async (messageId: string) => {
    const { download_url } = await createCaseMessageFileUrl(entityId, inboxId, messageId);
    window.location.assign(download_url);
  };
  return (
    <ul className="govgr-list dilosi-case-messages">
      {query.data.data.map((message) => (
        <li key={message.id} className={`dilosi-case-messages__item--${message.direction}`}>
          <strong>
            {message.direction === 'citizen'
              ? t('case.fromCitizen', { name: message.user_display_name })
              : t('case.fromStaff', { name: message.user_display_name })}
          </strong>
          , {when(message.timestamp)}: {message.message}
          {message.attachment ? (
            <>
              {' '}
              <button
                type="button"
                className="govgr-btn govgr-btn-secondary"
                onClick={() => void download(message.id)}
              >
                {t('case.messageAttachment', { filename: message.attachment.filename })}
              </button>
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
