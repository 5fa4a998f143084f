import { formatReferenceCode, type VaultCase } from '@dilosi/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useLocale } from '../../i18n/use-locale';
import { PageSkeleton } from '../../ui/page-skeleton';
import { useVaultCases } from './api/list-vault-cases';
import { dateTime, Facts } from './document-facts';
import { usePageParams } from './use-page-params';
import { VaultLayout } from './vault-layout';
import { VaultPager } from './vault-pager';

/**
 * `/vault/cases`: the documents the citizen sent to public bodies, each with the status the body
 * set and what it sent back (messages, replies, shared documents).
 */
export function VaultCasesPage() {
  const { t } = useTranslation('vault');
  const { page, size, offset } = usePageParams();
  const query = useVaultCases({ limit: size, offset });
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) throw query.error;
  const { data, meta } = query.data;
  return (
    <VaultLayout title={t('cases.title')} section="cases">
      <p className="govgr-body">{t('cases.lead')}</p>
      {data.length === 0 ? (
        <p className="govgr-body">{t('cases.empty')}</p>
      ) : (
        <ul className="dilosi-entry-list">
          {data.map((item) => (
            <CaseItem key={item.id} item={item} />
          ))}
        </ul>
      )}
      <VaultPager
        page={page}
        totalPages={meta.total_pages}
        size={size}
        hrefOf={paths.vault.cases.getHref}
      />
    </VaultLayout>
  );
}

function CaseItem({ item }: { item: VaultCase }) {
  const { t } = useTranslation('vault');
  const locale = useLocale();
  return (
    <li className="dilosi-vault-item">
      <h2 className="govgr-heading-s dilosi-vault-item__title">
        <Link className="govgr-link" to={paths.vault.show.getHref(item.reference_code)}>
          {item.template.shortname[locale]}
        </Link>{' '}
        <span className={`dilosi-vault-status dilosi-vault-status--${item.status}`}>
          {t(`caseStatuses.${item.status}`)}
        </span>
      </h2>
      {item.forwarded_from ? (
        <p className="govgr-body-s">
          {t('cases.forwardedBy', {
            from: item.forwarded_from.display_name[locale] || item.forwarded_from.display_name.el,
          })}
        </p>
      ) : null}
      <Facts
        rows={[
          [t('fields.entity'), item.entity.display_name[locale]],
          [t('fields.caseId'), item.case_id],
          [t('fields.referenceCode'), formatReferenceCode(item.reference_code)],
          [t('fields.sentAt'), dateTime(item.received_at)],
          [t('fields.caseUpdatedAt'), dateTime(item.updated_at)],
        ]}
      />
      <p className="govgr-body">
        <Link className="govgr-link" to={paths.vault.thread.getHref(item.id)}>
          {t('cases.thread')}
        </Link>
      </p>
      <h3 className="govgr-heading-s dilosi-vault-received__title">{t('cases.received')}</h3>
      {item.received.length === 0 ? (
        <p className="govgr-body-s">{t('cases.nothingReceived')}</p>
      ) : (
        <ul className="dilosi-vault-received">
          {item.received.map((received) => (
            <li key={received.id}>
              <Link
                className="govgr-link"
                to={paths.vault.showItem.getHref(item.reference_code, received.id)}
              >
                {t(`types.${received.type}`)}
              </Link>{' '}
              <span className="govgr-body-s">
                · {dateTime(received.create_timestamp)}
                {received.status === 'incoming' ? ` · ${t('messageStatuses.incoming')}` : ''}
              </span>
              {received.summary ? (
                <p className="govgr-body-s dilosi-vault-received__summary">{received.summary}</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
