import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ValidatedDocument } from '@dilosi/domain';
import { useLocale } from '../../i18n/use-locale';
import { formatIssueDate } from '../../lib/format-issue-date';
import { QrCodeImage } from './qr-code-image';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="govgr-summary-list__row">
      <dt className="govgr-summary-list__key">{label}</dt>
      <dd className="govgr-summary-list__value">{children}</dd>
    </div>
  );
}

/**
 * The validation view (spec section 2), in the sidebar's order: invalid marker, QR code,
 * reference code, state, template, issue date, the signatories of a joint declaration (issue
 * #35), actions (PDF). A revoked document shows only
 * that it is revoked: its sidebar is hidden from validators.
 */
export function DocumentView({ document }: { document: ValidatedDocument }) {
  const { t } = useTranslation('validation-page');
  const locale = useLocale();

  if (document.state === 'revoked') {
    return (
      <div className="govgr-error-summary" role="status">
        <h2 className="govgr-heading-m">{t('show.revokedTitle')}</h2>
        <p className="govgr-body">{t('show.revoked')}</p>
        <p className="govgr-body">
          {t('show.referenceCode')}:{' '}
          <span className="dilosi-validation__code">{document.reference_code}</span>
        </p>
      </div>
    );
  }

  const isOfficial = document.is_official === true;
  return (
    <>
      {isOfficial ? (
        <div className="govgr-panel govgr-panel--confirmation" role="status">
          <h2 className="govgr-panel__title">{t('show.validTitle')}</h2>
          <div className="govgr-panel__body">{t('show.valid')}</div>
        </div>
      ) : (
        <div className="govgr-error-summary" role="status">
          <h2 className="govgr-heading-m">{t('show.invalidTitle')}</h2>
          <p className="govgr-body">{t('show.invalid')}</p>
        </div>
      )}
      {isOfficial && document.qrcode ? (
        <QrCodeImage
          value={document.qrcode}
          label={t('show.qr', { code: document.reference_code })}
        />
      ) : null}
      <dl className="govgr-summary-list">
        <Row label={t('show.referenceCode')}>
          <span className="dilosi-validation__code">{document.reference_code}</span>
        </Row>
        <Row label={t('show.state')}>{t('show.states.issued')}</Row>
        {document.template ? (
          <Row label={t('show.template')}>
            {document.template.code} — {document.template.shortname[locale]}
          </Row>
        ) : null}
        {document.issuer_identified === undefined ? null : (
          <Row label={t('show.issuer')}>
            {document.issuer_identified ? t('show.issuerIdentified') : t('show.issuerAnonymous')}
          </Row>
        )}
        {document.issued_at ? (
          <Row label={t('show.issuedAt')}>{formatIssueDate(document.issued_at)}</Row>
        ) : null}
        {document.signatories?.length ? (
          <Row label={t('show.signatories')}>
            <ul className="govgr-list" data-testid="validation-signatories">
              {document.signatories.map((signatory) => (
                <li key={`${signatory.surname} ${signatory.firstname} ${signatory.signed_at}`}>
                  {signatory.firstname} {signatory.surname}
                  <br />
                  <span className="govgr-hint">
                    {t('show.signedAt', { date: formatIssueDate(signatory.signed_at) })}
                  </span>
                </li>
              ))}
            </ul>
          </Row>
        ) : null}
        {document.pdf ? (
          <Row label={t('show.pdf')}>
            <a className="govgr-link" href={document.pdf.download_url} download>
              {t('show.download')}
            </a>
          </Row>
        ) : null}
      </dl>
    </>
  );
}
