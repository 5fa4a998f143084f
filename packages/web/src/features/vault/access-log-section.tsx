import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccessLog, type AccessLogEntry } from './api/get-access-log';
import { dateTime } from './document-facts';

const LOG_PAGE_SIZE = 10;

/**
 * "Who looked at my document": one row a sitting (issue #33): validation look-ups through one
 * context, a public body's staff opening the case and taking its PDF, a forward of the case. Where the server has no access log yet (404) it says so
 * quietly; the rest of the page does not depend on it.
 */
export function AccessLogSection({ referenceCode }: { referenceCode: string }) {
  const { t } = useTranslation('vault');
  const headingId = useId();
  const [page, setPage] = useState(1);
  const query = useAccessLog({
    ref: referenceCode,
    limit: LOG_PAGE_SIZE,
    offset: (page - 1) * LOG_PAGE_SIZE,
  });
  return (
    <section className="dilosi-vault-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="govgr-heading-m">
        {t('accessLog.title')}
      </h2>
      {query.isPending ? (
        <p className="govgr-body" role="status">
          {t('accessLog.loading')}
        </p>
      ) : query.isError ? (
        <p className="govgr-body">{t('accessLog.failed')}</p>
      ) : query.data === null ? (
        <p className="govgr-hint">{t('accessLog.unavailable')}</p>
      ) : query.data.data.length === 0 ? (
        <p className="govgr-body">{t('accessLog.empty')}</p>
      ) : (
        <>
          <p className="govgr-body">{t('accessLog.lead', { count: query.data.meta.count })}</p>
          <ul className="dilosi-vault-log">
            {query.data.data.map((entry) => (
              <AccessLogRow key={entry.id} entry={entry} />
            ))}
          </ul>
          {query.data.meta.total_pages > 1 ? (
            <div className="dilosi-vault-paging">
              <button
                type="button"
                className="govgr-btn govgr-btn-secondary"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                {t('accessLog.newer')}
              </button>
              <span className="govgr-body">
                {t('accessLog.pageOf', { page, pages: query.data.meta.total_pages })}
              </span>
              <button
                type="button"
                className="govgr-btn govgr-btn-secondary"
                disabled={page >= query.data.meta.total_pages}
                onClick={() => setPage(page + 1)}
              >
                {t('accessLog.older')}
              </button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

/** The validation contexts the service has (server validation-contexts.ts), each with a name. */
const NAMED_CONTEXTS = ['default', 'international'] as const;
const isNamedContext = (id: string): id is (typeof NAMED_CONTEXTS)[number] =>
  (NAMED_CONTEXTS as readonly string[]).includes(id);

function AccessLogRow({ entry }: { entry: AccessLogEntry }) {
  const { t } = useTranslation('vault');
  const context = entry.validation_context;
  // A context this page does not know (added on the server later) shows as its id.
  const where = context && isNamedContext(context) ? t(`accessLog.contexts.${context}`) : context;
  const entity = entry.entity_name ?? t('accessLog.someEntity');
  const what =
    entry.kind === 'forward'
      ? t('accessLog.forward', {
          from: entity,
          to: entry.target_entity_name ?? t('accessLog.someEntity'),
        })
      : entry.kind === 'validation'
        ? where
          ? t('accessLog.validationIn', { where })
          : t('accessLog.validation')
        : entry.staff_role
          ? t('accessLog.caseViewRole', {
              entity,
              role: t(`accessLog.roles.${entry.staff_role}`),
            })
          : t('accessLog.caseView', { entity });
  return (
    <li className="dilosi-vault-log__row">
      <time dateTime={entry.timestamp} className="dilosi-vault-log__time">
        {dateTime(entry.timestamp)}
      </time>
      <span>
        {what}
        {entry.count > 1 ? (
          <span className="dilosi-vault-log__detail">
            {t('accessLog.repeated', {
              count: entry.count,
              from: dateTime(entry.first_timestamp),
              to: dateTime(entry.timestamp),
            })}
          </span>
        ) : null}
        {entry.pdf_downloaded ? (
          <span className="dilosi-vault-log__detail">{t('accessLog.pdfDownloaded')}</span>
        ) : null}
      </span>
    </li>
  );
}
