import { formatAthensDateTime, formatReferenceCode, type CaseDetail } from '@dilosi/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useLocale } from '../../i18n/use-locale';
import { FieldGroup, RadioGroup } from '../../ui/form';
import { ConfirmDialog } from '../../ui/modal-dialog';
import { showToast } from '../../ui/toasts';
import { useErrorMessage } from '../../ui/use-error-message';
import { createReplyDownloadUrl } from './api/create-reply-download-url';
import { useCreatableTemplates } from './api/list-creatable-templates';

type ReplyState = 'issued' | 'revoked' | 'editing' | 'requested';

const when = (iso: string) => formatAthensDateTime(new Date(iso));

/**
 * The replies tab: issued replies (reference code, date, author, state, PDF) and, apart, the
 * unissued ones as drafts that open the wizard again (`reply/EDIT/{id}`).
 */
export function RepliesTab({ item, entityId }: { item: CaseDetail; entityId: string }) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const errorMessage = useErrorMessage();
  const issued = item.replies.filter((reply) => reply.reference_code !== null);
  const drafts = item.replies.filter((reply) => reply.reference_code === null);
  const download = async (replyId: string) => {
    try {
      const { data } = await createReplyDownloadUrl(entityId, replyId);
      window.location.assign(data.download_url);
    } catch (error) {
      showToast('error', () => errorMessage(error));
    }
  };
  if (item.replies.length === 0) return <p className="govgr-body">{t('case.noReplies')}</p>;
  return (
    <>
      {issued.length > 0 ? (
        <div
          className="govgr-table-container"
          role="region"
          aria-labelledby="replies-caption"
          tabIndex={0}
        >
          <table className="govgr-table">
            <caption id="replies-caption" className="govgr-table__caption govgr-table__caption--s">
              {t('replies.issuedCaption')}
            </caption>
            <thead className="govgr-table__head">
              <tr className="govgr-table__row">
                {(['code', 'date', 'template', 'author', 'state', 'pdf'] as const).map((key) => (
                  <th key={key} scope="col" className="govgr-table__header">
                    {t(`replies.columns.${key}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="govgr-table__body">
              {issued.map((reply) => (
                <tr key={reply.id} className="govgr-table__row">
                  <td className="govgr-table__cell">
                    {reply.reference_code ? formatReferenceCode(reply.reference_code) : null}
                  </td>
                  <td className="govgr-table__cell">{when(reply.timestamp)}</td>
                  <td className="govgr-table__cell">{reply.template_shortname[locale]}</td>
                  <td className="govgr-table__cell">{reply.user_display_name}</td>
                  <td className="govgr-table__cell">
                    {t(`replies.states.${reply.state as ReplyState}`)}
                  </td>
                  <td className="govgr-table__cell">
                    <button
                      type="button"
                      className="govgr-link"
                      aria-label={t('replies.pdfOf', {
                        code: reply.reference_code ? formatReferenceCode(reply.reference_code) : '',
                      })}
                      onClick={() => void download(reply.id)}
                    >
                      {t('replies.pdf')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {drafts.length > 0 ? (
        <>
          <h2 className="govgr-heading-s">{t('replies.drafts')}</h2>
          <ul className="govgr-list">
            {drafts.map((reply) => (
              <li key={reply.id}>
                <Link
                  className="govgr-link"
                  to={paths.dashboard.replyEdit.getHref(entityId, reply.id)}
                >
                  {t('replies.draftLink', {
                    template: reply.template_shortname[locale],
                    author: reply.user_display_name,
                    date: when(reply.timestamp),
                  })}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

/** The "Reply" action: the entity's reply templates to choose from, then the wizard. */
export function ReplyDialog({
  entityId,
  inboxId,
  onClose,
}: {
  entityId: string;
  inboxId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const templates = useCreatableTemplates(entityId, 'reply', { limit: 100, offset: 0 });
  const [choice, setChoice] = useState('');
  const [error, setError] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!choice) {
      setError(true);
      document.getElementById('reply-template')?.focus();
      return;
    }
    navigate(paths.dashboard.replyStart.getHref(entityId, choice, inboxId));
  };
  return (
    <ConfirmDialog
      onClose={onClose}
      title={t('replies.dialogTitle')}
      closeLabel={t('actions.close')}
      confirmLabel={t('replies.start')}
      cancelLabel={t('actions.cancel')}
      onSubmit={onSubmit}
    >
      <FieldGroup
        id="reply-template"
        legend={t('replies.templateLegend')}
        error={error ? t('replies.templateRequired') : null}
      >
        {templates.isPending ? <p className="govgr-body">{t('replies.loading')}</p> : null}
        {templates.isError ? (
          <p className="govgr-error-message">{errorMessage(templates.error)}</p>
        ) : null}
        <RadioGroup
          id="reply-template"
          name="reply-template"
          value={choice}
          onChange={(value) => {
            setChoice(value);
            setError(false);
          }}
          options={(templates.data?.data ?? []).map((template) => ({
            value: template.refname,
            label: template.shortname[locale],
            hint: template.description[locale],
          }))}
        />
      </FieldGroup>
    </ConfirmDialog>
  );
}
