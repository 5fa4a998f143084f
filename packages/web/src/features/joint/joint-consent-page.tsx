import { formatAthensDateTime, formatReferenceCode, type JointConsent } from '@dilosi/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useLocale } from '../../i18n/use-locale';
import { CodeEntryForm } from '../../ui/code-entry-form';
import { DocumentPreviewView } from '../../ui/document-preview-view';
import { Textarea } from '../../ui/form';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { PageSkeleton } from '../../ui/page-skeleton';
import { JointSignatoriesTable } from '../../ui/joint-signatories';
import { useErrorMessage } from '../../ui/use-error-message';
import { useActOnConsent } from './api/act-on-consent';
import { useConsent } from './api/get-consent';
import { useSendSignatureCode } from './api/send-signature-code';

const SIX_DIGITS = /^\d{6}$/;
const at = (value: string | null) => (value ? formatAthensDateTime(new Date(value)) : '—');

/**
 * `/my/joint/:id` (issue #35): a joint declaration as one of its signatories sees it, from the
 * message that asked her to sign: every signatory's state, the exact text, then her signature
 * with her own SMS code (bound to the digest of this text) or her refusal; the author reminds
 * or cancels instead.
 */

type NoticeKey = 'sign.done' | 'decline.done' | 'author.reminded' | 'author.canceled';
export function JointConsentPage() {
  const { t } = useTranslation('joint');
  const locale = useLocale();
  const id = useParams().id ?? '';
  const query = useConsent(id);
  const act = useActOnConsent(id);
  const errorMessage = useErrorMessage();
  // The notice's key, not its text: it follows a change of language.
  const [notice, setNotice] = useState<NoticeKey | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) throw query.error;
  const consent = query.data.data.consent;
  const me = consent.signatories.find((row) => row.position === consent.my_position);
  const isOpen = consent.state === 'issued';
  const run = (action: Parameters<typeof act.mutate>[0], done: NoticeKey) => {
    setNotice(null);
    setFailure(null);
    act.mutate(action, {
      onSuccess: () => setNotice(done),
      onError: (error) => setFailure(errorMessage(error)),
    });
  };

  return (
    <PageContainer>
      <PageHeading caption={t('title')}>{consent.title[locale]}</PageHeading>
      <p className="govgr-body">
        <Link className="govgr-link" to={paths.my.messages.root.getHref()}>
          {t('back')}
        </Link>
      </p>
      <div role="status" aria-live="polite">
        {notice ? <p className="govgr-body govgr-success-text">{t(notice)}</p> : null}
      </div>
      {failure ? (
        <div role="alert" className="govgr-error-summary">
          <p className="govgr-body">{failure}</p>
        </div>
      ) : null}
      <dl className="govgr-summary-list">
        <div className="govgr-summary-list__row">
          <dt className="govgr-summary-list__key">{t('state')}</dt>
          <dd className="govgr-summary-list__value">
            {t(`states.${consent.state}`)}
            {consent.closed_reason ? ` — ${t(`closedReasons.${consent.closed_reason}`)}` : ''}
          </dd>
        </div>
        {isOpen ? (
          <div className="govgr-summary-list__row">
            <dt className="govgr-summary-list__key">{t('expires')}</dt>
            <dd className="govgr-summary-list__value">{at(consent.expires_at)}</dd>
          </div>
        ) : null}
        {consent.reference_code ? (
          <div className="govgr-summary-list__row">
            <dt className="govgr-summary-list__key">{t('referenceCode')}</dt>
            <dd className="govgr-summary-list__value">
              {formatReferenceCode(consent.reference_code)}
            </dd>
          </div>
        ) : null}
      </dl>
      <JointSignatoriesTable consent={consent} locale={locale} captionId="joint-signatories" />
      <h2 className="govgr-heading-m">{t('text')}</h2>
      <p className="govgr-hint">{t('textHint')}</p>
      <DocumentPreviewView preview={consent.preview} locale={locale} headingLevel={3} />
      {isOpen && me?.state === 'pending' ? (
        <>
          <SignForm consent={consent} onSigned={() => setNotice('sign.done')} />
          <DeclineForm
            isBusy={act.isPending}
            onDecline={(reason) =>
              run({ kind: 'decline', body: reason ? { reason } : {} }, 'decline.done')
            }
          />
        </>
      ) : null}
      {isOpen && me?.is_author ? (
        <section aria-labelledby="joint-author">
          <h2 id="joint-author" className="govgr-heading-m">
            {t('author.heading')}
          </h2>
          <div className="govgr-button-group">
            <button
              type="button"
              className="govgr-btn govgr-btn-secondary"
              disabled={act.isPending}
              onClick={() => run({ kind: 'remind' }, 'author.reminded')}
            >
              {t('author.remind')}
            </button>
            <button
              type="button"
              className="govgr-btn govgr-btn-warning"
              disabled={act.isPending}
              onClick={() => run({ kind: 'cancel' }, 'author.canceled')}
            >
              {t('author.cancel')}
            </button>
          </div>
        </section>
      ) : null}
    </PageContainer>
  );
}

/** Her code first (sent on request), then the code typed: signs the digest of the text shown. */
function SignForm({ consent, onSigned }: { consent: JointConsent; onSigned: () => void }) {
  const { t } = useTranslation('joint');
  const errorMessage = useErrorMessage();
  const send = useSendSignatureCode(consent.id);
  const act = useActOnConsent(consent.id);
  const [message, setMessage] = useState<string | null>(null);
  const sent = send.data?.data;
  return (
    <section aria-labelledby="joint-sign">
      {sent ? (
        <>
          <p className="govgr-body" role="status">
            {t('sign.sent', { mobile: sent.mobile })}
          </p>
          <CodeEntryForm
            heading={
              <h2 id="joint-sign" className="govgr-heading-m">
                {t('sign.heading')}
              </h2>
            }
            label={t('sign.label')}
            hint={t('sign.hint')}
            errorTitle={t('sign.errorTitle')}
            submitLabel={t('sign.submit')}
            message={message}
            isBusy={act.isPending}
            width="govgr-input--width-10"
            maxLength={6}
            onSubmit={(code) => {
              if (!SIX_DIGITS.test(code.trim())) {
                setMessage(t('sign.invalid'));
                return;
              }
              setMessage(null);
              act.mutate(
                { kind: 'sign', body: { otp_code: code.trim(), text_digest: consent.text_digest } },
                { onSuccess: onSigned, onError: (error) => setMessage(errorMessage(error)) },
              );
            }}
          />
        </>
      ) : (
        <>
          <h2 id="joint-sign" className="govgr-heading-m">
            {t('sign.heading')}
          </h2>
          <p className="govgr-body">{t('sign.intro')}</p>
          {send.isError ? (
            <p role="alert" className="govgr-error-message">
              {errorMessage(send.error)}
            </p>
          ) : null}
          <button
            type="button"
            className="govgr-btn govgr-btn-primary"
            disabled={send.isPending}
            onClick={() => send.mutate()}
          >
            {t('sign.sendCode')}
          </button>
        </>
      )}
    </section>
  );
}

function DeclineForm({
  isBusy,
  onDecline,
}: {
  isBusy: boolean;
  onDecline: (reason: string) => void;
}) {
  const { t } = useTranslation('joint');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onDecline(String(new FormData(event.currentTarget).get('reason') ?? '').trim());
  };
  return (
    <section aria-labelledby="joint-decline">
      <h2 id="joint-decline" className="govgr-heading-m">
        {t('decline.heading')}
      </h2>
      <form className="govgr-form" noValidate onSubmit={onSubmit}>
        <Textarea
          id="joint-decline-reason"
          name="reason"
          label={t('decline.reason')}
          maxLength={500}
          rows={3}
        />
        <button type="submit" className="govgr-btn govgr-btn-warning" disabled={isBusy}>
          {t('decline.submit')}
        </button>
      </form>
    </section>
  );
}
