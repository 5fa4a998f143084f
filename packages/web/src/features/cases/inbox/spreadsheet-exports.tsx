import {
  CASE_EXPORT_FORMATS,
  type CaseExport,
  type CaseExportFormat,
  type InboxTab,
} from '@dilosi/domain';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../ui/toasts';
import { useErrorMessage } from '../../../ui/use-error-message';
import { downloadCaseExport, useCaseExports, useRequestCaseExport } from '../api/case-exports';
import { when } from '../case/when';

/**
 * The list as filtered as a spreadsheet (issue #41): XLSX or ODS with every column, annotation
 * and form field, built in the background; my last exports with their progress, each to
 * download while it is kept (7 days).
 */
export function SpreadsheetExports({
  entityId,
  tab,
  query,
}: {
  entityId: string;
  tab: InboxTab;
  /** The list's API query (its filters and order). */
  query: URLSearchParams;
}) {
  const { t } = useTranslation('dashboard');
  const errorMessage = useErrorMessage();
  const exports = useCaseExports(entityId);
  const request = useRequestCaseExport(entityId);
  const listQuery = new URLSearchParams(query);
  listQuery.delete('limit');
  listQuery.delete('offset');
  const ask = (format: CaseExportFormat) =>
    request.mutate(
      { format, tab, query: listQuery.toString() },
      {
        onSuccess: () => showToast('success', () => t('exports.queued')),
        onError: (failure) => showToast('error', errorMessage(failure)),
      },
    );
  const save = async (item: CaseExport) => {
    try {
      const day = item.created_at.slice(0, 10);
      await downloadCaseExport(item, `${t('export.filename')}-${day}.${item.format}`);
    } catch (failure) {
      showToast('error', errorMessage(failure));
    }
  };
  const list = exports.data?.data ?? [];
  return (
    <details className="govgr-details">
      <summary className="govgr-details__summary">
        <span className="govgr-details__summary-text">{t('exports.title')}</span>
      </summary>
      <div className="govgr-details__text">
        <p className="govgr-body">{t('exports.intro')}</p>
        <div className="govgr-button-group">
          {CASE_EXPORT_FORMATS.map((format) => (
            <button
              key={format}
              type="button"
              className="govgr-btn govgr-btn-secondary"
              disabled={request.isPending}
              onClick={() => ask(format)}
            >
              {t(`exports.${format}`)}
            </button>
          ))}
        </div>
        {list.length === 0 ? (
          <p className="govgr-body">{t('exports.none')}</p>
        ) : (
          <ul className="govgr-list" aria-label={t('exports.history')} aria-live="polite">
            {list.map((item) => (
              <li key={item.id}>
                {item.format.toUpperCase()} · {when(item.created_at)} ·{' '}
                {item.state === 'running' || item.state === 'queued'
                  ? t(`exports.state.${item.state}`, { done: item.done })
                  : t(`exports.state.${item.state}`, { count: item.total ?? 0 })}{' '}
                {item.download_url ? (
                  <button
                    type="button"
                    className="govgr-link"
                    aria-label={t('exports.downloadNamed', {
                      format: item.format.toUpperCase(),
                      when: when(item.created_at),
                    })}
                    onClick={() => void save(item)}
                  >
                    {t('exports.download')}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}
