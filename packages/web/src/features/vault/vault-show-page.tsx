import { formatReferenceCode } from '@dilosi/domain';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useDocumentConsent } from '../../api/get-document-consent';
import { paths } from '../../config/paths';
import { useLocale } from '../../i18n/use-locale';
import { JointAuthorPanel } from '../../ui/joint-signatories';
import { PageSkeleton } from '../../ui/page-skeleton';
import { showToast } from '../../ui/toasts';
import { useErrorMessage } from '../../ui/use-error-message';
import { useCreatePdfLink, useVaultDocument } from './api/get-vault-document';
import { date, dateTime, Facts } from './document-facts';
import { DocumentFiles, downloadFrom } from './document-files';
import { DocumentTabs } from './document-tabs';
import { VaultLayout } from './vault-layout';

/**
 * `/vault/show/{ref}`: one of the citizen's documents (state, template, issue date, reference
 * code, retention), its PDF and attached files, who looked at it and its history (tabs). Another person's or an unknown code: not found.
 */
export function VaultShowPage() {
  const { t } = useTranslation('vault');
  const locale = useLocale();
  const errorMessage = useErrorMessage();
  const { ref = '' } = useParams();
  const query = useVaultDocument(ref);
  const pdf = useCreatePdfLink();
  // A joint declaration lists its signatories (issue #35); null for any other document.
  const jointConsent = useDocumentConsent(query.data?.id ?? '', { enabled: query.isSuccess });
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) throw query.error;
  const document = query.data;
  const code = document.reference_code ?? ref;
  return (
    <VaultLayout title={document.template.shortname[locale]}>
      <p className="govgr-body">
        <Link className="govgr-link" to={paths.vault.root.getHref()}>
          {t('show.back')}
        </Link>
      </p>
      <Facts
        rows={[
          [t('fields.state'), t(`states.${document.state}`)],
          [t('fields.template'), document.template.title[locale]],
          [t('fields.issuedAt'), dateTime(document.issued_at ?? document.timestamp)],
          [t('fields.referenceCode'), formatReferenceCode(code)],
          [t('fields.retention'), date(document.retention_until)],
          ...(document.case_id
            ? ([[t('fields.caseId'), document.case_id]] as [string, string][])
            : []),
        ]}
      />
      <div className="dilosi-vault-actions">
        {document.pdf ? (
          <button
            type="button"
            className="govgr-btn govgr-btn-primary"
            disabled={pdf.isPending}
            onClick={() =>
              pdf.mutate(document.id, {
                onSuccess: (url) => downloadFrom(url, document.pdf?.filename),
                onError: (error) => showToast('error', () => errorMessage(error)),
              })
            }
          >
            {pdf.isPending ? t('show.preparing') : t('show.downloadPdf')}
          </button>
        ) : null}
        <Link className="govgr-btn govgr-btn-secondary" to={paths.documents.done.getHref(code)}>
          {t('show.allActions')}
        </Link>
      </div>
      <JointAuthorPanel consent={jointConsent.data} locale={locale} />
      <DocumentFiles document={document} referenceCode={code} />
      <DocumentTabs referenceCode={code} documentId={document.id} />
    </VaultLayout>
  );
}
