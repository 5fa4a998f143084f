import { formatAthensDateTime, type VaultExport } from '@dilosi/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { PageSkeleton } from '../../ui/page-skeleton';
import { useErrorMessage } from '../../ui/use-error-message';
import { downloadExport, isBeingMade, useLatestExport, useRequestExport } from './vault-export-api';
import './vault-export.css';

const at = (iso: string) => formatAthensDateTime(new Date(iso));

/**
 * `/vault/export` — "Take your records with you" (issue #15): the citizen asks for a ZIP of every
 * issued document's sealed PDF with a manifest, follows its progress, and downloads it while the
 * link lasts.
 */
export function VaultExportPage() {
  const { t } = useTranslation('vault-export');
  const errorMessage = useErrorMessage();
  const latest = useLatestExport();
  const request = useRequestExport();
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const [isDownloading, setIsDownloading] = useState(false);
  if (latest.isPending) return <PageSkeleton />;
  if (latest.isError) throw latest.error;
  const current = latest.data.data;
  const error = request.error ?? downloadError;

  const onPrepare = () => {
    setDownloadError(null);
    request.mutate();
  };
  const onDownload = async (item: VaultExport) => {
    if (!item.download_url) return;
    setDownloadError(null);
    setIsDownloading(true);
    try {
      await downloadExport(item.download_url, `dilosi-records-${item.created_at.slice(0, 10)}.zip`);
    } catch (failure) {
      setDownloadError(failure);
      // An expired link shows as expired once the page asks again.
      void latest.refetch();
    } finally {
      setIsDownloading(false);
    }
  };

  return (
    <PageContainer>
      <PageHeading>{t('title')}</PageHeading>
      <p className="govgr-body">{t('intro')}</p>
      <ul className="govgr-list govgr-list--bullet">
        <li>{t('contents.pdfs')}</li>
        <li>{t('contents.manifest')}</li>
      </ul>
      <p className="govgr-body">{t('howLong')}</p>

      {error ? (
        <div className="govgr-error-summary" role="alert">
          <h2 className="govgr-heading-s">{t('errorTitle')}</h2>
          <p className="govgr-body">{errorMessage(error)}</p>
        </div>
      ) : null}

      <div
        className="dilosi-vault-export-status"
        role="status"
        aria-live="polite"
        aria-label={t('statusLabel')}
      >
        {current ? <ExportStatus item={current} /> : <p className="govgr-body">{t('none')}</p>}
      </div>

      <div className="govgr-button-group">
        {current?.state === 'ready' && current.download_url ? (
          <button
            type="button"
            className="govgr-btn govgr-btn-primary"
            disabled={isDownloading}
            onClick={() => void onDownload(current)}
          >
            {t('download')}
          </button>
        ) : null}
        <button
          type="button"
          className={`govgr-btn ${current?.state === 'ready' ? 'govgr-btn-secondary' : 'govgr-btn-primary'}`}
          disabled={isBeingMade(current) || request.isPending}
          onClick={onPrepare}
        >
          {current ? t('prepareAgain') : t('prepare')}
        </button>
      </div>
      <p className="govgr-body">
        <Link className="govgr-link" to={paths.vault.root.getHref()}>
          {t('back')}
        </Link>
      </p>
    </PageContainer>
  );
}

function ExportStatus({ item }: { item: VaultExport }) {
  const { t } = useTranslation('vault-export');
  switch (item.state) {
    case 'queued':
      return <p className="govgr-body">{t('state.queued')}</p>;
    case 'running':
      return (
        <>
          <p className="govgr-body" id="vault-export-progress-label">
            {t('state.running', { done: item.done, total: item.total })}
          </p>
          <progress
            className="dilosi-vault-export-progress"
            aria-labelledby="vault-export-progress-label"
            max={Math.max(item.total, 1)}
            value={item.done}
          />
        </>
      );
    case 'ready':
      return (
        <>
          <p className="govgr-body">
            <strong>{t('state.ready', { count: item.total })}</strong>
          </p>
          {item.expires_at ? (
            <p className="govgr-body">{t('expiresAt', { time: at(item.expires_at) })}</p>
          ) : null}
        </>
      );
    case 'failed':
      return <p className="govgr-body">{t('state.failed')}</p>;
    case 'expired':
      return (
        <p className="govgr-body">
          {item.expires_at
            ? t('state.expiredAt', { time: at(item.expires_at) })
            : t('state.expired')}
        </p>
      );
  }
}
