import type { DocumentListItem } from '@dilosi/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useLocale } from '../../i18n/use-locale';
import { ModalDialog } from '../../ui/modal-dialog';
import { PageSkeleton } from '../../ui/page-skeleton';
import { showToast } from '../../ui/toasts';
import { useErrorMessage } from '../../ui/use-error-message';
import { useDeleteDraft } from './api/delete-draft';
import { useVaultDocuments } from './api/list-vault-documents';
import { dateTime, Facts } from './document-facts';
import { usePageParams } from './use-page-params';
import { VaultLayout } from './vault-layout';
import { VaultPager } from './vault-pager';

/**
 * `/vault/drafts`: documents not issued yet (editing, or awaiting the SMS code). Each one goes
 * back to its step in the wizard, or is deleted after a confirmation (spec section 4).
 */
export function VaultDraftsPage() {
  const { t } = useTranslation('vault');
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const { page, size, offset } = usePageParams();
  const query = useVaultDocuments({ draft: true, limit: size, offset });
  const remove = useDeleteDraft();
  const [confirming, setConfirming] = useState<DocumentListItem | null>(null);
  const locale = useLocale();
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) throw query.error;
  const { data, meta } = query.data;

  const onDelete = (draft: DocumentListItem) => {
    remove.mutate(draft.id, {
      onSuccess: () => {
        setConfirming(null);
        showToast('success', () => t('drafts.deleted'));
        // The last draft of the last page: show the page before it.
        if (data.length === 1 && page > 1)
          navigate(paths.vault.drafts.getHref({ page: page - 1, size }));
      },
      onError: (error) => {
        setConfirming(null);
        showToast('error', () => errorMessage(error));
      },
    });
  };

  return (
    <VaultLayout title={t('drafts.title')} section="drafts">
      <p className="govgr-body">{t('drafts.lead')}</p>
      {data.length === 0 ? (
        <p className="govgr-body">{t('drafts.empty')}</p>
      ) : (
        <ul className="dilosi-entry-list">
          {data.map((draft) => {
            const name = draft.template.shortname[locale];
            return (
              <li key={draft.id} className="dilosi-vault-item">
                <h2 className="govgr-heading-s dilosi-vault-item__title">{name}</h2>
                <Facts
                  rows={[
                    [t('fields.state'), t(`states.${draft.state}`)],
                    [t('fields.createdAt'), dateTime(draft.created_at)],
                    [t('fields.updatedAt'), dateTime(draft.timestamp)],
                  ]}
                />
                <div className="dilosi-vault-actions">
                  <Link
                    className="govgr-btn govgr-btn-primary"
                    to={paths.documents.issue.getHref(draft.id, draft.step_name)}
                    aria-label={t('drafts.resumeNamed', { name })}
                  >
                    {t('drafts.resume')}
                  </Link>
                  <button
                    type="button"
                    className="govgr-btn govgr-btn-warning"
                    aria-label={t('drafts.deleteNamed', { name })}
                    onClick={() => setConfirming(draft)}
                  >
                    {t('drafts.delete')}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <VaultPager
        page={page}
        totalPages={meta.total_pages}
        size={size}
        hrefOf={paths.vault.drafts.getHref}
      />
      <ModalDialog
        isOpen={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('drafts.confirmTitle')}
        closeLabel={t('drafts.close')}
      >
        {confirming ? (
          <>
            <p className="govgr-body">
              {t('drafts.confirmText', { name: confirming.template.shortname[locale] })}
            </p>
            <div className="dilosi-vault-actions">
              <button
                type="button"
                className="govgr-btn govgr-btn-warning"
                disabled={remove.isPending}
                onClick={() => onDelete(confirming)}
              >
                {t('drafts.confirmDelete')}
              </button>
              <button
                type="button"
                className="govgr-btn govgr-btn-secondary"
                data-autofocus
                onClick={() => setConfirming(null)}
              >
                {t('drafts.cancel')}
              </button>
            </div>
          </>
        ) : null}
      </ModalDialog>
    </VaultLayout>
  );
}
