import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  userActionsFor,
  validateAfm,
  validateEmail,
  type ApiDocument,
  type DocumentUserAction,
} from '@dilosi/domain';
import { useCurrentUser } from '../../api/auth';
import { isApiRequestError } from '../../api/api-client';
import { paths } from '../../config/paths';
import { showToast } from '../../ui/toasts';
import { useErrorMessage } from '../../ui/use-error-message';
import { ActionFormDialog } from './action-form-dialog';
import { useCreatePdfToken } from './api/create-pdf-token';
import { useRunDocumentAction, type RunDocumentActionInput } from './api/run-document-action';

/** Retention choices (spec section 9: 30 days by default, up to 5 years), in days from the issue. */
const RETENTION_DAYS = [30, 365, 730, 1826] as const;

/**
 * The sidebar's buttons, in order, and the action each runs (spec section 7): e-mail, SMS and
 * the link to someone else are all `send-document-link`, by `method`. Only those the document
 * allows now are shown.
 */
const BUTTONS = {
  pdf: 'pdf',
  email: 'send-document-link',
  sms: 'send-document-link',
  link: 'send-document-link',
  share: 'share',
  'set-retention': 'set-retention',
  revoke: 'revoke',
  dismiss: 'dismiss',
} as const satisfies Record<string, DocumentUserAction>;
type ButtonKey = keyof typeof BUTTONS;
const ORDER = Object.keys(BUTTONS) as ButtonKey[];

type DialogKind = Exclude<ButtonKey, 'pdf' | 'sms'>;

/** Starts the download of the PDF from its short-lived address (no session needed there). */
function downloadFrom(url: string, filename: string | undefined): void {
  const link = window.document.createElement('a');
  link.href = url;
  link.download = filename ?? '';
  link.rel = 'noopener';
  window.document.body.append(link);
  link.click();
  link.remove();
}

/**
 * What the citizen can do with an issued document (spec sections 2 and 7): download the PDF,
 * send it by e-mail or SMS, send its link, share it with a person, choose how long it is kept,
 * revoke it (after a warning that this is final), hide it. Successes and failures as toasts.
 */
export function DocumentActions({ document }: { document: ApiDocument }) {
  const { t } = useTranslation('wizard');
  const errorText = useErrorMessage();
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const action = useRunDocumentAction();
  const pdfToken = useCreatePdfToken();
  const [dialog, setDialog] = useState<DialogKind | null>(null);

  const allowed = document.actions ?? userActionsFor(document.state);
  // An anonymous session only downloads the PDF (issue #37): the server refuses the rest.
  const actions = ORDER.filter(
    (key) => allowed.includes(BUTTONS[key]) && (!user?.anonymous_login || key === 'pdf'),
  );

  /** Runs an action; a success shows the server's text (else ours), a failure a toast too. */
  const run = (
    key: DocumentUserAction,
    args: RunDocumentActionInput['arguments'],
    fallback: () => string,
    { keepFieldErrors = false }: { keepFieldErrors?: boolean } = {},
  ) =>
    action.mutateAsync({ id: document.id, action: key, arguments: args }).then(
      (answer) => {
        showToast('success', answer.message ?? fallback);
        return answer;
      },
      (error: unknown) => {
        // Errors of a dialog's inputs are shown in the dialog itself.
        const hasFieldErrors =
          keepFieldErrors &&
          isApiRequestError(error) &&
          (error.data?.invalid_fields?.length ?? 0) > 0;
        if (!hasFieldErrors) showToast('error', () => errorText(error));
        throw error;
      },
    );

  const onPdf = () => {
    pdfToken.mutate(document.id, {
      onSuccess: (url) => downloadFrom(url, document.pdf?.filename),
      onError: (error) => showToast('error', () => errorText(error)),
    });
  };

  const onSms = () => {
    void run('send-document-link', { method: 'sms' }, () => t('actions.smsSent')).catch(
      () => undefined,
    );
  };

  const closeDialog = () => setDialog(null);
  const isBusy = action.isPending || pdfToken.isPending;

  const labels: Record<ButtonKey, string> = {
    pdf: t('actions.pdf'),
    email: t('actions.email'),
    sms: t('actions.sms'),
    link: t('actions.link'),
    share: t('actions.share'),
    'set-retention': t('actions.retention'),
    revoke: t('actions.revoke'),
    dismiss: t('actions.dismiss'),
  };

  const onAction = (key: ButtonKey) => {
    if (isBusy) return;
    if (key === 'pdf') onPdf();
    else if (key === 'sms') onSms();
    else setDialog(key);
  };

  return (
    <>
      <ul className="dilosi-done-actions">
        {actions.map((key) => (
          <li key={key}>
            <button
              type="button"
              className={`govgr-btn ${
                key === 'pdf'
                  ? 'govgr-btn-primary'
                  : key === 'revoke'
                    ? 'govgr-btn-warning'
                    : 'govgr-btn-secondary'
              } dilosi-done-actions__button`}
              // aria-disabled, not disabled: a disabled button loses the keyboard focus to <body>.
              aria-disabled={isBusy}
              aria-haspopup={key === 'pdf' || key === 'sms' ? undefined : 'dialog'}
              onClick={() => onAction(key)}
            >
              {labels[key]}
            </button>
          </li>
        ))}
      </ul>
      {pdfToken.isPending ? (
        <p className="govgr-hint" role="status">
          {t('actions.pdfPreparing')}
        </p>
      ) : null}

      <ActionFormDialog
        isOpen={dialog === 'email'}
        onClose={closeDialog}
        title={t('dialogs.email.title')}
        text={t('dialogs.email.text')}
        fields={[
          {
            name: 'email',
            label: t('dialogs.email.label'),
            hint: t('dialogs.email.hint'),
            kind: 'email',
            required: !user?.email,
            initial: user?.email ?? '',
            autoComplete: 'email',
            inputMode: 'email',
            validate: validateEmail,
          },
        ]}
        submitLabel={t('dialogs.send')}
        isSubmitting={action.isPending}
        onSubmit={(values) =>
          run(
            'send-document-link',
            { method: 'email', ...(values.email ? { email: values.email } : {}) },
            () => t('actions.emailSent'),
            { keepFieldErrors: true },
          )
        }
      />

      <ActionFormDialog
        isOpen={dialog === 'link'}
        onClose={closeDialog}
        title={t('dialogs.link.title')}
        text={t('dialogs.link.text')}
        fields={[
          {
            name: 'email',
            label: t('dialogs.link.label'),
            hint: t('dialogs.email.hint'),
            kind: 'email',
            required: true,
            autoComplete: 'off',
            inputMode: 'email',
            validate: validateEmail,
          },
        ]}
        submitLabel={t('dialogs.send')}
        isSubmitting={action.isPending}
        onSubmit={(values) =>
          run(
            'send-document-link',
            { method: 'email', email: values.email },
            () => t('actions.linkSent', { email: values.email }),
            { keepFieldErrors: true },
          )
        }
      />

      <ActionFormDialog
        isOpen={dialog === 'share'}
        onClose={closeDialog}
        title={t('dialogs.share.title')}
        text={t('dialogs.share.text')}
        fields={[
          {
            name: 'firstname',
            label: t('dialogs.share.firstname'),
            kind: 'text',
            required: true,
            autoComplete: 'off',
          },
          {
            name: 'surname',
            label: t('dialogs.share.surname'),
            kind: 'text',
            required: true,
            autoComplete: 'off',
          },
          {
            name: 'afm',
            label: t('dialogs.share.afm'),
            hint: t('dialogs.share.afmHint'),
            kind: 'text',
            required: true,
            autoComplete: 'off',
            inputMode: 'numeric',
            validate: validateAfm,
          },
        ]}
        submitLabel={t('dialogs.share.submit')}
        isSubmitting={action.isPending}
        onSubmit={(values) =>
          run(
            'share',
            {
              targets: [
                {
                  type: 'person',
                  firstname: values.firstname,
                  surname: values.surname,
                  afm: values.afm,
                },
              ],
            },
            () => t('actions.shared'),
            { keepFieldErrors: true },
          )
        }
      />

      <ActionFormDialog
        isOpen={dialog === 'set-retention'}
        onClose={closeDialog}
        title={t('dialogs.retention.title')}
        text={t('dialogs.retention.text')}
        fields={[
          {
            name: 'days',
            label: t('dialogs.retention.legend'),
            kind: 'radio',
            required: true,
            options: RETENTION_DAYS.map((days) => ({
              value: String(days),
              label: t(`dialogs.retention.options.d${days}`),
            })),
          },
        ]}
        submitLabel={t('dialogs.retention.submit')}
        isSubmitting={action.isPending}
        onSubmit={(values) =>
          run('set-retention', { days: Number(values.days) }, () => t('actions.retentionSet'), {
            keepFieldErrors: true,
          })
        }
      />

      <ActionFormDialog
        isOpen={dialog === 'revoke'}
        onClose={closeDialog}
        title={t('dialogs.revoke.title')}
        warning={t('dialogs.revoke.warning')}
        fields={[]}
        submitLabel={t('dialogs.revoke.submit')}
        isWarning
        isSubmitting={action.isPending}
        onSubmit={() => run('revoke', {}, () => t('actions.revoked'))}
      />

      <ActionFormDialog
        isOpen={dialog === 'dismiss'}
        onClose={closeDialog}
        title={t('dialogs.dismiss.title')}
        text={t('dialogs.dismiss.text')}
        fields={[]}
        submitLabel={t('dialogs.dismiss.submit')}
        isSubmitting={action.isPending}
        onSubmit={() =>
          run('dismiss', {}, () => t('actions.dismissed')).then(() =>
            navigate(paths.root.getHref(), { replace: true }),
          )
        }
      />
    </>
  );
}
