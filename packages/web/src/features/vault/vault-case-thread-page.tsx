import { formatReferenceCode, type VaultThreadMessage } from '@dilosi/domain';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useLocale } from '../../i18n/use-locale';
import { CaseMessageForm } from '../../ui/case-message-form';
import { PageSkeleton } from '../../ui/page-skeleton';
import { caseThreadFileUrl, useCaseThread, useSendToCaseThread } from './api/get-case-thread';
import { dateTime, Facts } from './document-facts';
import { VaultLayout } from './vault-layout';

/**
 * `/vault/cases/:caseId`: one of her cases and its conversation with the entity, both ways,
 * oldest first (issue #33); she writes into it with one optional PDF, unless the entity is
 * disabled or dismissed the case (then the reason instead of the form).
 */
export function VaultCaseThreadPage() {
  const { t } = useTranslation('vault');
  const locale = useLocale();
  const caseId = useParams().caseId ?? '';
  const query = useCaseThread(caseId);
  const send = useSendToCaseThread(caseId);
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) throw query.error;
  const { case: item, messages, refusal } = query.data.data;
  const entityName = item.entity.display_name[locale] || item.entity.display_name.el;
  return (
    <VaultLayout title={t('thread.title', { caseId: item.case_id })} section="cases">
      <p className="govgr-body">
        <Link className="govgr-link" to={paths.vault.cases.getHref()}>
          {t('thread.back')}
        </Link>
      </p>
      <Facts
        rows={[
          [t('fields.entity'), entityName],
          [t('fields.regarding'), item.template.shortname[locale]],
          [t('fields.caseId'), item.case_id],
          [t('fields.referenceCode'), formatReferenceCode(item.reference_code)],
          [t('fields.caseStatus'), t(`caseStatuses.${item.status}`)],
        ]}
      />
      <h2 className="govgr-heading-m">{t('thread.messages')}</h2>
      {messages.length === 0 ? (
        <p className="govgr-body">{t('thread.empty')}</p>
      ) : (
        <ol className="dilosi-case-thread">
          {messages.map((message) => (
            <ThreadMessage
              key={message.id}
              caseId={caseId}
              message={message}
              author={message.direction === 'citizen' ? t('thread.you') : entityName}
            />
          ))}
        </ol>
      )}
      {refusal ? (
        <p className="govgr-body govgr-warning-text">{t(`thread.refusal.${refusal}`)}</p>
      ) : (
        <CaseMessageForm
          id="case-thread"
          title={t('thread.write')}
          onSend={(message, file) => send.mutateAsync({ message, file })}
        />
      )}
    </VaultLayout>
  );
}

function ThreadMessage({
  caseId,
  message,
  author,
}: {
  caseId: string;
  message: VaultThreadMessage;
  author: string;
}) {
  const { t } = useTranslation('vault');
  const download = async () => {
    const { download_url } = await caseThreadFileUrl(caseId, message.id);
    window.location.assign(download_url);
  };
  return (
    <li className={`dilosi-case-thread__message dilosi-case-thread__message--${message.direction}`}>
      <p className="govgr-body-s">
        <strong>{author}</strong> · {dateTime(message.timestamp)}
      </p>
      <p className="govgr-body dilosi-case-thread__text">{message.message}</p>
      {message.attachment && message.direction === 'citizen' ? (
        <button
          type="button"
          className="govgr-btn govgr-btn-secondary"
          onClick={() => void download()}
        >
          {t('thread.download', { filename: message.attachment.filename })}
        </button>
      ) : null}
    </li>
  );
}
