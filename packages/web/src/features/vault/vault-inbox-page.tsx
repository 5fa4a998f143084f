import { formatReferenceCode, type CitizenMessage } from '@dilosi/domain';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { useLocale } from '../../i18n/use-locale';
import { PageSkeleton } from '../../ui/page-skeleton';
import { useVaultInbox } from './api/list-vault-inbox';
import { dateTime } from './document-facts';
import { textOf } from '../../ui/text-of';
import { VaultLayout } from './vault-layout';

const INBOX_PAGE_SIZE = 10;

/**
 * `/vault/inbox`: documents the citizen received (from public bodies, shared by others, their
 * own), newest first, older ones a page at a time by tsid.
 */
export function VaultInboxPage() {
  const { t } = useTranslation('vault');
  const [search] = useSearchParams();
  const before = search.get('before') ?? undefined;
  const query = useVaultInbox({ limit: INBOX_PAGE_SIZE, before });
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) throw query.error;
  const { data, meta } = query.data;
  return (
    <VaultLayout title={t('inbox.title')} section="inbox">
      <p className="govgr-body">{t('inbox.lead')}</p>
      {data.length === 0 ? (
        <p className="govgr-body">{t('inbox.empty')}</p>
      ) : (
        <ul className="dilosi-entry-list">
          {data.map((item) => (
            <InboxItem key={item.id} item={item} />
          ))}
        </ul>
      )}
      <div className="dilosi-vault-paging">
        {before ? (
          <Link className="govgr-btn govgr-btn-secondary" to={paths.vault.inbox.getHref()}>
            {t('inbox.first')}
          </Link>
        ) : null}
        {meta.next ? (
          <Link
            className="govgr-btn govgr-btn-secondary"
            to={paths.vault.inbox.getHref({ before: meta.next })}
          >
            {t('inbox.older')}
          </Link>
        ) : null}
      </div>
    </VaultLayout>
  );
}

function InboxItem({ item }: { item: CitizenMessage }) {
  const { t } = useTranslation('vault');
  const locale = useLocale();
  const sender = textOf(item.state_data.sender_display_name, locale);
  const title = textOf(item.state_data.title, locale) || t(`types.${item.type}`);
  const ref = item.document?.reference_code;
  const href = ref
    ? paths.vault.showItem.getHref(ref, item.id)
    : paths.my.messages.show.getHref(item.id);
  const isNew = item.status === 'incoming';
  return (
    <li className={`dilosi-vault-item${isNew ? ' dilosi-vault-item--new' : ''}`}>
      <p className="govgr-body-s dilosi-vault-item__meta">
        {t(`types.${item.type}`)} · {dateTime(item.create_timestamp)}
        {isNew ? <strong> · {t('messageStatuses.incoming')}</strong> : null}
      </p>
      <h2 className="govgr-heading-s dilosi-vault-item__title">
        <Link className="govgr-link" to={href}>
          {title}
        </Link>
      </h2>
      {sender ? <p className="govgr-body-s">{t('inbox.from', { sender })}</p> : null}
      {item.state_data.summary ? <p className="govgr-body">{item.state_data.summary}</p> : null}
      {ref ? (
        <p className="govgr-body-s">
          {t('fields.referenceCode')}: {formatReferenceCode(ref)}
        </p>
      ) : null}
    </li>
  );
}
