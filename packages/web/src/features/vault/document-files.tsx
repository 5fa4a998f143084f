import type { ApiDocument } from '@dilosi/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../ui/toasts';
import { useErrorMessage } from '../../ui/use-error-message';
import { useVaultDocumentAction } from './api/run-vault-document-action';

/** Starts the download of a file from its short-lived address (no session needed there). */
export function downloadFrom(url: string, filename: string | undefined): void {
  const link = window.document.createElement('a');
  link.href = url;
  link.download = filename ?? '';
  window.document.body.append(link);
  link.click();
  link.remove();
}

/**
 * The document's files and its PDF's address, through the spec's actions on the scope the vault
 * reads it from: `download-attachment` for each attached file, `retrieve` with
 * `retrieval: 'content-uri'` for a link to the PDF (issued documents; it works for a few
 * minutes, so it is asked for, not shown by default).
 */
export function DocumentFiles({
  document,
  referenceCode,
}: {
  document: ApiDocument;
  referenceCode: string;
}) {
  const { t } = useTranslation('vault');
  const errorMessage = useErrorMessage();
  const action = useVaultDocumentAction();
  const [pdfLink, setPdfLink] = useState<string | null>(null);
  const files = Object.values(document.attachments).flat();
  const onError = (error: unknown) => showToast('error', () => errorMessage(error));
  const base = { id: document.id, referenceCode };
  return (
    <>
      {files.length > 0 ? (
        <section aria-labelledby="vault-files-title" className="dilosi-vault-files">
          <h2 id="vault-files-title" className="govgr-heading-s">
            {t('files.title')}
          </h2>
          <ul className="govgr-list">
            {files.map((file) => (
              <li key={file.file_id}>
                <button
                  type="button"
                  className="govgr-link"
                  disabled={action.isPending}
                  aria-label={t('files.download', { name: file.filename })}
                  onClick={() =>
                    action.mutate(
                      {
                        ...base,
                        action: 'download-attachment',
                        arguments: { file_id: file.file_id },
                      },
                      {
                        onSuccess: (answer) => {
                          const url = answer.meta?.download_url;
                          if (url) downloadFrom(url, file.filename);
                        },
                        onError,
                      },
                    )
                  }
                >
                  {file.filename}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {document.state === 'issued' ? (
        <p className="govgr-body">
          <button
            type="button"
            className="govgr-btn govgr-btn-secondary"
            disabled={action.isPending}
            onClick={() =>
              action.mutate(
                { ...base, action: 'retrieve', arguments: { retrieval: 'content-uri' } },
                {
                  onSuccess: (answer) =>
                    setPdfLink(answer.data['document-pdf']?.['content-uri'] ?? null),
                  onError,
                },
              )
            }
          >
            {t('files.getPdfLink')}
          </button>
          {pdfLink ? (
            <>
              {' '}
              <a className="govgr-link" href={pdfLink}>
                {t('files.pdfLink')}
              </a>{' '}
              <span className="govgr-hint">{t('files.pdfLinkHint')}</span>
            </>
          ) : null}
        </p>
      ) : null}
    </>
  );
}
