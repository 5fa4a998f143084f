import type { DocumentHistoryItem, Locale } from '@dilosi/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../i18n/use-locale';
import { useDocumentHistory } from './api/get-document-history';

const HISTORY_PAGE_SIZE = 20;

/** The language tags times are written in, each locale's own way (Athens time, spec section 9). */
const DATE_LOCALES: Record<Locale, string> = { el: 'el-GR', en: 'en-GB', fr: 'fr-FR' };

function formatTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(DATE_LOCALES[locale], {
    dateStyle: 'long',
    timeStyle: 'medium',
    timeZone: 'Europe/Athens',
  }).format(new Date(iso));
}

/**
 * "History": what happened to the document, oldest first (created, SMS code asked, issued, PDF
 * made, a public body's reply, revoked …). A step of a public body's staff shows the body's
 * name; the server never sends the clerk's. Where the server has none (404) it says so quietly.
 */
export function DocumentHistorySection({ documentId }: { documentId: string }) {
  const { t } = useTranslation('vault');
  const headingId = useId();
  const [page, setPage] = useState(1);
  const query = useDocumentHistory({
    id: documentId,
    limit: HISTORY_PAGE_SIZE,
    offset: (page - 1) * HISTORY_PAGE_SIZE,
  });
  return (
    <section className="dilosi-vault-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="govgr-heading-m">
        {t('history.title')}
      </h2>
      {query.isPending ? (
        <p className="govgr-body" role="status">
          {t('history.loading')}
        </p>
      ) : query.isError ? (
        <p className="govgr-body" role="alert">
          {t('history.failed')}
        </p>
      ) : query.data === null ? (
        <p className="govgr-hint">{t('history.unavailable')}</p>
      ) : query.data.data.length === 0 ? (
        <p className="govgr-body">{t('history.empty')}</p>
      ) : (
        <>
          <p className="govgr-body">{t('history.lead', { count: query.data.meta.count })}</p>
          <ol className="dilosi-vault-log">
            {query.data.data.map((item) => (
              <HistoryRow key={item.id} item={item} />
            ))}
          </ol>
          {query.data.meta.total_pages > 1 ? (
            <div className="dilosi-vault-paging">
              <button
                type="button"
                className="govgr-btn govgr-btn-secondary"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                {t('history.earlier')}
              </button>
              <span className="govgr-body">
                {t('history.pageOf', { page, pages: query.data.meta.total_pages })}
              </span>
              <button
                type="button"
                className="govgr-btn govgr-btn-secondary"
                disabled={page >= query.data.meta.total_pages}
                onClick={() => setPage(page + 1)}
              >
                {t('history.later')}
              </button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

function HistoryRow({ item }: { item: DocumentHistoryItem }) {
  const { t } = useTranslation('vault');
  const locale = useLocale();
  // The owner's own steps read "You"; others by the name the server gives, else their kind.
  const who =
    item.actor === 'owner'
      ? t('history.actors.owner')
      : (item.actor_display_name ?? t(`history.actors.${item.actor}`));
  return (
    <li className="dilosi-vault-log__row">
      <time dateTime={item.timestamp} className="dilosi-vault-log__time">
        {formatTime(item.timestamp, locale)}
      </time>
      <span>
        {item.action_display}
        <span className="dilosi-vault-log__detail">{t('history.by', { name: who })}</span>
      </span>
    </li>
  );
}
