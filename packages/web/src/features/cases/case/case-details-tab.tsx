import type { CaseDetail } from '@dilosi/domain';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../i18n/use-locale';
import { createCaseDownloadUrl, createCaseZipUrl } from '../api/create-case-download-url';

/** The document's statements, its PDF and its attachments. */
export function CaseDetailsTab({ item, entityId }: { item: CaseDetail; entityId: string }) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const download = async (attachment?: number) => {
    const { download_url } = await createCaseDownloadUrl(entityId, item.id, attachment);
    window.location.assign(download_url);
  };
  // Issue #41: the sealed PDF, the attachments and a manifest in one file.
  const zip = async () => {
    const { download_url } = await createCaseZipUrl(entityId, item.id);
    window.location.assign(download_url);
  };
  if (!item.document.id) return <p className="govgr-body">{t('case.noDocument')}</p>;
  return (
    <>
      <dl className="dilosi-dashboard-summary dilosi-case-statements">
        {item.document.statements.map((statement) => (
          <div key={statement.key} style={{ display: 'contents' }}>
            <dt>{statement.label[locale]}</dt>
            <dd>{statement.value}</dd>
          </div>
        ))}
      </dl>
      <button
        type="button"
        className="govgr-btn govgr-btn-secondary"
        onClick={() => void download()}
      >
        {t('case.pdf')}
      </button>{' '}
      <button type="button" className="govgr-btn govgr-btn-secondary" onClick={() => void zip()}>
        {t('case.zip')}
      </button>
      {item.document.attachments.length > 0 ? (
        <>
          <h2 className="govgr-heading-s">{t('case.attachments')}</h2>
          <ul className="govgr-list">
            {item.document.attachments.map((file) => (
              <li key={file.index}>
                <button
                  type="button"
                  className="govgr-link"
                  onClick={() => void download(file.index)}
                >
                  {file.filename}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
