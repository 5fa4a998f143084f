import { recipientName, type DocumentPreview, type Locale } from '@dilosi/domain';
import { useTranslation } from 'react-i18next';
import './document-preview.css';

// The `documents` namespace is not in the typed resources (src/i18n/i18next.d.ts).
const DOCUMENTS_NS = 'documents' as unknown as 'ui';
type PreviewKey = 'preview.label' | 'preview.to' | 'preview.sealedIn';

/**
 * A document as it will be issued: heading, rows, body, table, recipient. The wizard's preview
 * step and the joint declaration's page (the exact text each signatory signs) show the same view.
 */
export function DocumentPreviewView({
  preview,
  locale,
  headingLevel = 2,
}: {
  preview: DocumentPreview | null;
  locale: Locale;
  /** The preview's own heading level under the page's headings. */
  headingLevel?: 2 | 3;
}) {
  const { t: translate } = useTranslation(DOCUMENTS_NS);
  const t = translate as unknown as (key: PreviewKey) => string;
  if (!preview) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <>
      <p className="govgr-hint dilosi-document-preview__language">{t('preview.sealedIn')}</p>
      <article className="dilosi-document-preview" aria-label={t('preview.label')}>
        <Heading className="govgr-heading-m dilosi-document-preview__heading">
          {preview.heading[locale]}
        </Heading>
        {preview.subheading ? (
          <p className="govgr-body dilosi-document-preview__subheading">
            {preview.subheading[locale]}
          </p>
        ) : null}
        {preview.recipient ? (
          <p className="govgr-body dilosi-document-preview__recipient">
            <strong>{t('preview.to')}</strong> {recipientName(preview.recipient, locale)}
          </p>
        ) : null}
        {preview.rows.length > 0 ? (
          <dl className="govgr-summary-list dilosi-document-preview__rows">
            {preview.rows.map((row, index) => (
              <div key={index} className="govgr-summary-list__row">
                <dt className="govgr-summary-list__key">{row.label[locale]}</dt>
                <dd className="govgr-summary-list__value">{row.value[locale]}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {preview.body.map((paragraph, index) => (
          <p key={index} className="govgr-body">
            {paragraph[locale]}
          </p>
        ))}
        {preview.table ? (
          <div
            className="govgr-table-container dilosi-scroll-x"
            role="region"
            aria-label={preview.heading[locale]}
            tabIndex={0}
          >
            <table className="govgr-table govgr-table--dense">
              <thead className="govgr-table__head">
                <tr className="govgr-table__row">
                  {preview.table.columns.map((column, index) => (
                    <th key={index} scope="col" className="govgr-table__header">
                      {column[locale]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="govgr-table__body">
                {preview.table.rows.map((row, index) => (
                  <tr key={index} className="govgr-table__row">
                    {row.map((cell, cellIndex) => (
                      <td key={cellIndex} className="govgr-table__cell">
                        {cell[locale]}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </article>
    </>
  );
}
