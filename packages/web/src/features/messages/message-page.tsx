import {
  canTransition,
  formatAthensDateTime,
  formatReferenceCode,
  messageMachine,
} from '@dilosi/domain';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useLocale } from '../../i18n/use-locale';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { PageSkeleton } from '../../ui/page-skeleton';
import { textOf } from '../../ui/text-of';
import { showToast } from '../../ui/toasts';
import { MessageContent } from './message-content';
import { useMessageAction, useOpenedMessage } from './messages-api';
import { ReplyToMessage } from './reply-to-message';
import './messages.css';

/** `/my/messages/show/{ref}`: one message, opened (marked read the first time). */
export function MessagePage() {
  const { ref = '' } = useParams();
  const { t } = useTranslation('messages');
  const locale = useLocale();
  const query = useOpenedMessage(ref);
  const action = useMessageAction();
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) throw query.error;
  const message = query.data.data;
  const sender = textOf(message.state_data.sender_display_name, locale);
  const caseId = message.state_data.case_id;
  const archive = () =>
    action.mutate(
      { action: 'archive', id: message.id },
      {
        onSuccess: () =>
          showToast('success', () => t('archived'), {
            href: paths.my.messages.archive.getHref(),
            label: () => t('archivedLink'),
          }),
        onError: () => showToast('error', () => t('archiveFailed')),
      },
    );
  const unarchive = () =>
    action.mutate(
      { action: 'unarchive', id: message.id },
      {
        onSuccess: () =>
          showToast('success', () => t('unarchived'), {
            href: `${paths.my.messages.root.getHref()}?list=read`,
            label: () => t('unarchivedLink'),
          }),
        onError: () => showToast('error', () => t('unarchiveFailed')),
      },
    );

  return (
    <PageContainer>
      <p className="govgr-body">
        <Link
          className="govgr-back-link"
          to={
            message.status === 'archived'
              ? paths.my.messages.archive.getHref()
              : paths.my.messages.root.getHref()
          }
        >
          {t('back')}
        </Link>
      </p>
      <PageHeading caption={t(`types.${message.type}`)}>
        {sender || t(`types.${message.type}`)}
      </PageHeading>
      <dl className="dilosi-message-details">
        <dt>{t('received')}</dt>
        <dd>{formatAthensDateTime(new Date(message.create_timestamp))}</dd>
        <dt>{t('status')}</dt>
        <dd>{t(`statuses.${message.status}`)}</dd>
        {typeof caseId === 'string' ? (
          <>
            <dt>{t('case')}</dt>
            <dd>{caseId}</dd>
          </>
        ) : null}
        {message.document?.reference_code ? (
          <>
            <dt>{t('referenceCode')}</dt>
            <dd>{formatReferenceCode(message.document.reference_code)}</dd>
          </>
        ) : null}
      </dl>
      <MessageContent message={message} />
      <div className="govgr-button-group">
        {canTransition(messageMachine, message.status, 'archive') ? (
          <button
            type="button"
            className="govgr-btn govgr-btn-secondary"
            disabled={action.isPending}
            onClick={archive}
          >
            {t('archive')}
          </button>
        ) : null}
        {canTransition(messageMachine, message.status, 'unarchive') ? (
          <button
            type="button"
            className="govgr-btn govgr-btn-secondary"
            disabled={action.isPending}
            onClick={unarchive}
          >
            {t('unarchive')}
          </button>
        ) : null}
      </div>
      <ReplyToMessage message={message} />
    </PageContainer>
  );
}
