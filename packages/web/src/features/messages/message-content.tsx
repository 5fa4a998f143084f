import {
  ANSWER_REASON_MAX_SIZE,
  consentBannerState,
  formatAthensDateTime,
  parseConsentContent,
  parseLabResults,
  type CitizenMessage,
  type CitizenMessageType,
  type ConsentBannerState,
} from '@dilosi/domain';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../i18n/use-locale';
import { controlAria, Field, inputClassName, useFocusOnErrors } from '../../ui/form';
import { ConsentContentView } from '../../ui/consent-content-view';
import { LabResultsView } from '../../ui/lab-results-view';
import { ConfirmDialog } from '../../ui/modal-dialog';
import { textOf } from '../../ui/text-of';
import { showToast } from '../../ui/toasts';
import { useErrorMessage } from '../../ui/use-error-message';
import { messageDocumentPdfUrl, useMessageAction, useMessageDocument } from './messages-api';

type ContentProps = { message: CitizenMessage };

/** What each type of message shows below its details (spec section 3's seven types). */
const CONTENT = {
  message: PlainMessage,
  'wallet-consent-request': ConsentRequest,
  'shared-document': DocumentMessage,
  'user-document': DocumentMessage,
  'incoming-document': DocumentMessage,
  'user-application': Application,
  'representative-application': Application,
} satisfies Record<CitizenMessageType, (props: ContentProps) => ReactNode>;

export function MessageContent({ message }: ContentProps) {
  const Content = CONTENT[message.type];
  return <Content message={message} />;
}

function Summary({ message, hasTitle = true }: ContentProps & { hasTitle?: boolean }) {
  const locale = useLocale();
  const title = hasTitle ? textOf(message.state_data.title, locale) : '';
  const summary = message.state_data.summary;
  return (
    <>
      {title ? <h2 className="govgr-heading-m">{title}</h2> : null}
      {summary ? <p className="govgr-body dilosi-message-body">{summary}</p> : null}
    </>
  );
}

/** A plain message; one from a lab carries its results (`state_data.lab_results`). */
function PlainMessage({ message }: ContentProps) {
  const { t } = useTranslation('messages');
  const labResults = parseLabResults(message.state_data.lab_results);
  return (
    <>
      <Summary message={message} />
      {labResults ? <LabResultsView results={labResults} /> : null}
      {message.state_data.correction_link ? (
        // A public body asks her to correct her document (issue #41).
        <p className="govgr-body">
          <SafeLink href={message.state_data.correction_link}>{t('correction.link')}</SafeLink>
        </p>
      ) : null}
      {message.state_data.opinion_link ? (
        // A public body asks her opinion on a case (issue #41).
        <p className="govgr-body">
          <SafeLink href={message.state_data.opinion_link}>{t('opinion.link')}</SafeLink>
        </p>
      ) : null}
    </>
  );
}

/** A link the message names: a path of this site, or nothing (never another origin). */
function SafeLink({ href, children }: { href: unknown; children: ReactNode }) {
  if (typeof href !== 'string' || !href.startsWith('/') || href.startsWith('//')) return null;
  return (
    <Link className="govgr-link" to={href}>
      {children}
    </Link>
  );
}

function Application({ message }: ContentProps) {
  const { t } = useTranslation('messages');
  const { state_data: data } = message;
  return (
    <>
      <Summary message={message} />
      <dl className="dilosi-message-details">
        {data.recipient_display_name ? (
          <>
            <dt>{t('recipient')}</dt>
            <dd>{data.recipient_display_name}</dd>
          </>
        ) : null}
        {data.representative_display_name ? (
          <>
            <dt>{t('representative')}</dt>
            <dd>{data.representative_display_name}</dd>
          </>
        ) : null}
      </dl>
      <ul className="govgr-list">
        {data.reply_link ? (
          <li>
            <SafeLink href={data.reply_link}>{t('replyLink')}</SafeLink>
          </li>
        ) : null}
        {data.replying_to_link ? (
          <li>
            <SafeLink href={data.replying_to_link}>{t('replyingToLink')}</SafeLink>
          </li>
        ) : null}
      </ul>
    </>
  );
}

const BANNER_CLASS: Record<ConsentBannerState, string> = {
  accepted: 'govgr-notification-banner govgr-notification-banner--success',
  rejected: 'govgr-notification-banner dilosi-banner--error',
  expired: 'govgr-notification-banner dilosi-banner--error',
  pending: 'govgr-notification-banner',
};

/** The wallet consent banner (spec section 4) and the consent content. */
export function ConsentBanner({ message }: ContentProps) {
  const { t } = useTranslation('messages');
  const state = consentBannerState(message.state_data, new Date());
  return (
    <div
      className={`${BANNER_CLASS[state]} dilosi-consent-banner`}
      role={state === 'pending' || state === 'accepted' ? 'status' : 'alert'}
      aria-labelledby="consent-banner-title"
    >
      <div className="govgr-notification-banner__header">
        <h2 className="govgr-notification-banner__title" id="consent-banner-title">
          {t(`consent.banner.${state}.title`)}
        </h2>
      </div>
      <div className="govgr-notification-banner__content">
        <p className="govgr-body">{t(`consent.banner.${state}.text`)}</p>
      </div>
    </div>
  );
}

function ConsentRequest({ message }: ContentProps) {
  const { t } = useTranslation('messages');
  const parsed = parseConsentContent(message.state_data.consent_content);
  return (
    <>
      <ConsentBanner message={message} />
      <Summary message={message} />
      {parsed.ok ? (
        <ConsentContentView content={parsed.content} />
      ) : (
        <p className="govgr-error-message">{t(`consent.errors.${parsed.error}`)}</p>
      )}
    </>
  );
}

/** A document the message carries: read-only, its PDF, and for the addressee the answer. */
function DocumentMessage({ message }: ContentProps) {
  const { t } = useTranslation('messages');
  const locale = useLocale();
  const query = useMessageDocument(message.id, message.document !== null);
  const [failure, setFailure] = useState<string | null>(null);
  const errorMessage = useErrorMessage();
  const download = async () => {
    try {
      const answer = await messageDocumentPdfUrl(message.id);
      window.location.assign(answer.data.download_url);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  if (!message.document) return <Summary message={message} />;
  if (query.isPending) return <p className="govgr-body">{t('documentView.loading')}</p>;
  if (query.isError) {
    return <p className="govgr-error-message">{errorMessage(query.error)}</p>;
  }
  const document = query.data.data;
  return (
    <>
      {/* The document's own title names it: the message's title would say it twice. */}
      <Summary message={message} hasTitle={false} />
      <h2 className="govgr-heading-m">{document.template_shortname[locale]}</h2>
      <dl className="dilosi-message-details">
        <dt>{t('documentView.issuedBy')}</dt>
        <dd>{document.owner_display_name}</dd>
        {document.issued_at ? (
          <>
            <dt>{t('documentView.issuedAt')}</dt>
            <dd>{formatAthensDateTime(new Date(document.issued_at))}</dd>
          </>
        ) : null}
        <dt>{t('documentView.state')}</dt>
        <dd>{t(`documentView.states.${document.state === 'revoked' ? 'revoked' : 'issued'}`)}</dd>
      </dl>
      <section className="dilosi-message-document" aria-label={t('documentView.contents')}>
        <h3 className="govgr-heading-s">{document.preview.heading[locale]}</h3>
        <dl className="dilosi-message-details">
          {document.preview.rows.map((row, index) => (
            <div key={index} style={{ display: 'contents' }}>
              <dt>{row.label[locale]}</dt>
              <dd>{row.value[locale]}</dd>
            </div>
          ))}
        </dl>
        {document.preview.body.map((paragraph, index) => (
          <p key={index} className="govgr-body dilosi-message-body">
            {paragraph[locale]}
          </p>
        ))}
      </section>
      {failure ? (
        <p className="govgr-error-message" role="alert">
          {failure}
        </p>
      ) : null}
      {document.state === 'issued' ? (
        <p className="govgr-body">
          <button
            type="button"
            className="govgr-btn govgr-btn-secondary"
            onClick={() => void download()}
          >
            {t('documentView.pdf')}
          </button>
        </p>
      ) : null}
      {message.type === 'user-document' ? <AddresseeAnswer message={message} /> : null}
    </>
  );
}

/**
 * The addressee's answer (spec section 4): accept, irreversibly after a confirmation, or reject
 * with a reason; once answered, the answer.
 */
function AddresseeAnswer({ message }: ContentProps) {
  const { t } = useTranslation('messages');
  const action = useMessageAction();
  const errorMessage = useErrorMessage();
  const [dialog, setDialog] = useState<'accept' | 'reject' | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ reason?: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { formRef } = useFocusOnErrors(errors);
  const answer = message.document?.answer_state ?? null;
  if (answer === 'accepted' || answer === 'rejected') {
    return (
      <div
        className={
          answer === 'accepted'
            ? 'govgr-notification-banner govgr-notification-banner--success'
            : 'govgr-notification-banner dilosi-banner--error'
        }
        role="region"
        aria-label={t(`answer.${answer}`)}
      >
        <div className="govgr-notification-banner__content">
          <p className="govgr-body">{t(`answer.${answer}`)}</p>
          {answer === 'rejected' && message.document?.answer_reason ? (
            <p className="govgr-body">
              {t('answer.reason')}: {message.document.answer_reason}
            </p>
          ) : null}
        </div>
      </div>
    );
  }
  if (answer !== 'pending') return null;
  const close = () => {
    setDialog(null);
    setErrors(null);
    setFailure(null);
  };
  const send = (kind: 'accept' | 'reject') =>
    action.mutate(
      { action: kind, id: message.id, ...(kind === 'reject' ? { reason: reason.trim() } : {}) },
      {
        onSuccess: () => {
          showToast('success', () => t(`answer.done.${kind}`));
          close();
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  const submitReject = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setErrors({ reason: t('answer.reasonRequired') });
      return;
    }
    setErrors(null);
    send('reject');
  };
  return (
    <section className="dilosi-message-answer" aria-labelledby="answer-heading">
      <h2 className="govgr-heading-m" id="answer-heading">
        {t('answer.heading')}
      </h2>
      <p className="govgr-body">{t('answer.intro')}</p>
      <div className="govgr-button-group">
        <button
          type="button"
          className="govgr-btn govgr-btn-primary"
          onClick={() => setDialog('accept')}
        >
          {t('answer.accept')}
        </button>
        <button
          type="button"
          className="govgr-btn govgr-btn-secondary"
          onClick={() => setDialog('reject')}
        >
          {t('answer.reject')}
        </button>
      </div>
      {dialog === 'accept' ? (
        <ConfirmDialog
          onClose={close}
          title={t('answer.accept')}
          closeLabel={t('close')}
          intro={t('answer.acceptConfirm')}
          failure={failure}
          confirmLabel={t('answer.confirm')}
          isConfirmDisabled={action.isPending}
          cancelLabel={t('cancel')}
          onConfirm={() => send('accept')}
        />
      ) : null}
      {dialog === 'reject' ? (
        <ConfirmDialog
          onClose={close}
          title={t('answer.reject')}
          closeLabel={t('close')}
          failure={failure}
          confirmLabel={t('answer.reject')}
          confirmStyle="warning"
          isConfirmDisabled={action.isPending}
          cancelLabel={t('cancel')}
          onSubmit={submitReject}
          formRef={formRef}
        >
          <Field
            id="answer-reason"
            label={t('answer.reason')}
            hint={t('answer.reasonHint', { max: ANSWER_REASON_MAX_SIZE })}
            error={errors?.reason}
          >
            <textarea
              className={inputClassName('govgr-textarea', Boolean(errors?.reason))}
              id="answer-reason"
              name="reason"
              rows={4}
              maxLength={ANSWER_REASON_MAX_SIZE}
              value={reason}
              {...controlAria('answer-reason', {
                hasHint: true,
                hasError: Boolean(errors?.reason),
              })}
              onChange={(event) => setReason(event.target.value)}
            />
          </Field>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
