import { formatReferenceCode, type DocumentListItem } from '@dilosi/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useLocale } from '../../i18n/use-locale';
import { PageSkeleton } from '../../ui/page-skeleton';
import { useVaultDocuments } from './api/list-vault-documents';
import { date, dateTime, Facts } from './document-facts';
import { usePageParams } from './use-page-params';
import { VaultLayout } from './vault-layout';
import { VaultPager } from './vault-pager';

/** `/vault`: the citizen's issued (and revoked) documents, newest first, a page at a time. */
export function VaultIndexPage() {
  const { t } = useTranslation('vault');
  const { page, size, offset } = usePageParams();
  const query = useVaultDocuments({ draft: false, limit: size, offset });
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) throw query.error;
  const { data, meta } = query.data;
  return (
    <VaultLayout title={t('index.title')} section="documents">
      <p className="govgr-body">{t('index.lead', { count: meta.count })}</p>
      <p className="govgr-body">
        <Link className="govgr-link" to={paths.vault.export.getHref()}>
          {t('index.export')}
        </Link>
      </p>
      {data.length === 0 ? (
        <p className="govgr-body">
          {t('index.empty')}{' '}
          <Link className="govgr-link" to={paths.templates.search.getHref()}>
            {t('index.newDocument')}
          </Link>
        </p>
      ) : (
        <ul className="dilosi-entry-list">
          {data.map((document) => (
            <IssuedDocument key={document.id} document={document} />
          ))}
        </ul>
      )}
      <VaultPager
        page={page}
        totalPages={meta.total_pages}
        size={size}
        hrefOf={paths.vault.root.getHref}
      />
    </VaultLayout>
  );
}

function IssuedDocument({ document }: { document: DocumentListItem }) {
  const { t } = useTranslation('vault');
  const locale = useLocale();
  const name = document.template.shortname[locale] || document.template.shortname.el;
  const recipient =
    document.recipient?.type === 'entity'
      ? document.recipient.name[locale] || document.recipient.name.el
      : (document.recipient?.name ?? null);
  return (
    <li className="dilosi-vault-item">
      <h2 className="govgr-heading-s dilosi-vault-item__title">
        {document.reference_code ? (
          <Link className="govgr-link" to={paths.vault.show.getHref(document.reference_code)}>
            {name}
          </Link>
        ) : (
          name
        )}
      </h2>
      {document.summary ? (
        <p className="govgr-body dilosi-vault-item__summary">{document.summary}</p>
      ) : null}
      <Facts
        rows={[
          ...(recipient ? [[t('fields.recipient'), recipient] as [string, string]] : []),
          ...(document.case_status
            ? [
                [t('fields.caseStatus'), t(`caseStatuses.${document.case_status}`)] as [
                  string,
                  string,
                ],
              ]
            : []),
          [t('fields.state'), t(`states.${document.state}`)],
          [
            t('fields.referenceCode'),
            document.reference_code ? formatReferenceCode(document.reference_code) : '—',
          ],
          [t('fields.issuedAt'), dateTime(document.issued_at ?? document.timestamp)],
          [t('fields.retention'), date(document.retention_until)],
        ]}
      />
    </li>
  );
}
