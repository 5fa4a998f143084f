import {
  consentBannerState,
  formatAthensDateTime,
  type CitizenMessage,
  type MessageStatus,
} from '@dilosi/domain';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { useLocale } from '../../i18n/use-locale';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { PageSkeleton } from '../../ui/page-skeleton';
import { textOf } from '../../ui/text-of';
import { useMessages } from './messages-api';
import './messages.css';

type List = 'new' | 'read' | 'archive';
const STATUSES: Record<List, MessageStatus[]> = {
  new: ['incoming'],
  read: ['retrieved', 'resolved'],
  archive: ['archived'],
};

/**
 * `/my/messages` (new and read, `?list=read`) and `/my/messages/archive`: the citizen's messages,
 * newest first, a page at a time (spec section 2; limits 30, 30 and 5).
 */
export function MessagesPage({ archive = false }: { archive?: boolean }) {
  const { t } = useTranslation('messages');
  const [search, setSearch] = useSearchParams();
  const list: List = archive ? 'archive' : search.get('list') === 'read' ? 'read' : 'new';
  const before = search.get('before') ?? undefined;
  const query = useMessages(STATUSES[list], before);
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) throw query.error;
  const { data, meta } = query.data;
  const hrefOf = (name: List) =>
    name === 'archive'
      ? paths.my.messages.archive.getHref()
      : `${paths.my.messages.root.getHref()}${name === 'read' ? '?list=read' : ''}`;

  return (
    <PageContainer narrow={false}>
      <div className="dilosi-wide-page">
        <PageHeading>{archive ? t('archiveTitle') : t('title')}</PageHeading>
        <nav aria-label={t('tabsLabel')} className="dilosi-page-tabs">
          <ul>
            {(['new', 'read', 'archive'] as const).map((name) => (
              <li key={name}>
                <Link
                  className="govgr-link"
                  to={hrefOf(name)}
                  aria-current={name === list ? 'page' : undefined}
                >
                  {t(`tabs.${name}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {data.length === 0 ? (
          <p className="govgr-body">{t('empty')}</p>
        ) : (
          <ul className="dilosi-entry-list">
            {data.map((message) => (
              <MessageRow key={message.id} message={message} />
            ))}
          </ul>
        )}
        <div className="dilosi-messages-paging">
          {before ? (
            <button
              type="button"
              className="govgr-btn govgr-btn-secondary"
              onClick={() => {
                const next = new URLSearchParams(search);
                next.delete('before');
                setSearch(next);
              }}
            >
              {t('first')}
            </button>
          ) : null}
          {meta.next ? (
            <button
              type="button"
              className="govgr-btn govgr-btn-secondary"
              onClick={() => {
                const next = new URLSearchParams(search);
                next.set('before', meta.next ?? '');
                setSearch(next);
              }}
            >
              {t('older')}
            </button>
          ) : null}
        </div>
      </div>
    </PageContainer>
  );
}

function MessageRow({ message }: { message: CitizenMessage }) {
  const { t } = useTranslation('messages');
  const locale = useLocale();
  const sender = textOf(message.state_data.sender_display_name, locale);
  const title = textOf(message.state_data.title, locale);
  const isNew = message.status === 'incoming';
  const consent =
    message.type === 'wallet-consent-request'
      ? consentBannerState(message.state_data, new Date())
      : null;
  const answer = message.type === 'user-document' ? message.document?.answer_state : null;
  return (
    <li className={`dilosi-message${isNew ? ' dilosi-message--new' : ''}`}>
      <p className="govgr-body-s dilosi-message__meta">
        {t(`types.${message.type}`)} · {formatAthensDateTime(new Date(message.create_timestamp))}
        {isNew ? (
          <strong className="dilosi-message__badge"> {t('statuses.incoming')}</strong>
        ) : null}
      </p>
      <h2 className="govgr-heading-s dilosi-message__title">
        <Link className="govgr-link" to={paths.my.messages.show.getHref(message.id)}>
          {sender || t(`types.${message.type}`)}
        </Link>
      </h2>
      {/* A title or summary that repeats the heading (the sender) is not said twice. */}
      {title && title !== sender ? (
        <p className="govgr-body dilosi-message__summary">{title}</p>
      ) : null}
      {message.state_data.summary &&
      message.state_data.summary !== title &&
      message.state_data.summary !== sender ? (
        <p className="govgr-body dilosi-message__summary">{message.state_data.summary}</p>
      ) : null}
      {consent ? (
        <p className="govgr-body-s dilosi-message__summary">
          {t(`consent.banner.${consent}.title`)}
        </p>
      ) : null}
      {answer ? (
        <p className="govgr-body-s dilosi-message__summary">{t(`answer.states.${answer}`)}</p>
      ) : null}
    </li>
  );
}
