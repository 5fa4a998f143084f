import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatReferenceCode, isFinalState, type ApiDocument } from '@dilosi/domain';
import { useCurrentUser } from '../../api/auth';
import { useAppConfig } from '../../api/get-app-config';
import { useDocumentConsent } from '../../api/get-document-consent';
import { paths } from '../../config/paths';
import { useLocale } from '../../i18n/use-locale';
import { JointAuthorPanel } from '../../ui/joint-signatories';
import { PageHeading } from '../../ui/page-heading';
import { PageSkeleton } from '../../ui/page-skeleton';
import { focusPageHeading } from '../../ui/route-focus';
import { showToast } from '../../ui/toasts';
import { useCitizenDeclaration } from './api/get-citizen-declaration';
import { DocumentActions } from './document-actions';
import { DocumentQrCode } from './document-qr-code';
import { formatIssueDate } from '../../lib/format-issue-date';
import { StepElements } from './renderer/step-elements';
import './done.css';

/**
 * /dilosi/{ref}/done (spec section 2, issued layout): the success notification with the
 * reference code, the document as issued, and the sidebar in the default order: invalid,
 * qrcode, refcode, state, template, issuedate, actions. A revoked document shows the fixed
 * revoked view: its state, the notice and no action but hiding it.
 */
export function DocumentDonePage() {
  const { ref = '' } = useParams();
  const query = useCitizenDeclaration(ref);
  if (query.isPending) return <PageSkeleton />;
  // Not found (another's or no such code) and anything else: the error boundary's pages.
  if (query.isError) throw query.error;
  const document = query.data;
  if (!isFinalState(document.state)) {
    return <Navigate to={paths.documents.issue.getHref(document.id, document.step_name)} replace />;
  }
  return <FinalDocument document={document} />;
}

function SidebarItem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="dilosi-done-sidebar__item">
      <dt className="govgr-heading-s dilosi-done-sidebar__title">{title}</dt>
      <dd className="dilosi-done-sidebar__value">{children}</dd>
    </div>
  );
}

function ReferenceCode({ code }: { code: string }) {
  const { t } = useTranslation('wizard');
  const formatted = formatReferenceCode(code);
  const onCopy = () => {
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (!clipboard) {
      showToast('error', () => t('copy_url.failed'));
      return;
    }
    clipboard.writeText(formatted).then(
      () => showToast('success', () => t('copy_url.success')),
      () => showToast('error', () => t('copy_url.failed')),
    );
  };
  return (
    <>
      <span className="dilosi-refcode" translate="no">
        {formatted}
      </span>
      <button
        type="button"
        className="govgr-btn govgr-btn-secondary dilosi-refcode__copy"
        onClick={onCopy}
      >
        {t('done.copy')}
      </button>
    </>
  );
}

function FinalDocument({ document }: { document: ApiDocument }) {
  const { t } = useTranslation('wizard');
  const locale = useLocale();
  const config = useAppConfig();
  // A joint declaration lists its signatories under the text (issue #35); null for any other.
  // Never asked by an anonymous session: its scope refuses the call (403), which would log it
  // out and start authentication again, and its documents are never joint.
  const { user } = useCurrentUser();
  const jointConsent = useDocumentConsent(document.id, {
    enabled: user !== null && !user.anonymous_login,
  });
  const containerRef = useRef<HTMLDivElement>(null);
  const step = document.step_info;
  const isIssued = document.state === 'issued';
  const showsReference = config.flags.REFCODE_ENABLED && document.reference_code !== null;
  /** The reference code as the citizen reads it (grouped by dashes); null before issuance. */
  const code = document.reference_code ? formatReferenceCode(document.reference_code) : null;
  const notificationTitle = config.settings.ISSUE_NOTIFICATION_TITLE;
  const notificationMessage = config.settings.ISSUE_NOTIFICATION_MESSAGE;

  // Revoked while on the page: the view changes under the citizen, so the new title is read.
  const previousState = useRef(document.state);
  useEffect(() => {
    if (previousState.current === document.state) return;
    previousState.current = document.state;
    focusPageHeading(containerRef.current);
  }, [document.state]);

  const elementsContext = {
    locale,
    fields: step.fields,
    values: document.statements,
    preview: step.preview,
  };

  return (
    <div className="govgr-width-container" ref={containerRef}>
      <div className="govgr-main-wrapper dilosi-main-wrapper">
        <div className="dilosi-done">
          {isIssued ? (
            <>
              {notificationTitle || notificationMessage ? (
                <div
                  className="govgr-notification-banner dilosi-done-notification"
                  role="region"
                  aria-label={notificationTitle ?? t('done.notification')}
                >
                  <div className="govgr-notification-banner__content">
                    {notificationTitle ? (
                      <h2 className="govgr-notification-banner__heading govgr-heading-m">
                        {notificationTitle}
                      </h2>
                    ) : null}
                    {notificationMessage ? (
                      <p className="govgr-body">{notificationMessage}</p>
                    ) : null}
                  </div>
                </div>
              ) : null}
              <div className="govgr-panel govgr-panel--confirmation dilosi-done-panel">
                <PageHeading>
                  {document.texts?.['success-message']?.[locale] ?? t('done.issued_verbose')}
                </PageHeading>
                {showsReference && code ? (
                  <p className="govgr-body-l dilosi-done-panel__code">
                    {withUnbrokenCode(
                      successCodeMessage(
                        document.texts?.['success-code-message']?.[locale],
                        code,
                      ) ?? t('done.issued_refcode', { code }),
                      code,
                    )}
                  </p>
                ) : null}
              </div>
            </>
          ) : (
            <PageHeading>{step.title[locale]}</PageHeading>
          )}

          <div className="dilosi-done-layout">
            <div className="dilosi-done-document">
              <StepElements elements={step.elements} context={elementsContext} />
              <JointAuthorPanel consent={jointConsent.data} locale={locale} />
            </div>
            <aside className="dilosi-done-sidebar" aria-labelledby="done-sidebar-title">
              <h2 id="done-sidebar-title" className="govgr-visually-hidden">
                {t('done.sidebar')}
              </h2>
              <dl className="dilosi-done-sidebar__list">
                {!document.is_official ? (
                  <SidebarItem title={t('done.invalid')}>
                    <strong className="dilosi-done-invalid">{t('done.invalidText')}</strong>
                  </SidebarItem>
                ) : null}
                {isIssued && showsReference && document.qrcode ? (
                  <SidebarItem title={t('done.qrcode')}>
                    <DocumentQrCode
                      url={document.qrcode}
                      label={t('done.qrcodeLabel', {
                        code: code ?? '',
                      })}
                    />
                  </SidebarItem>
                ) : null}
                {isIssued && showsReference && document.reference_code ? (
                  <SidebarItem title={t('done.refcode')}>
                    <ReferenceCode code={document.reference_code} />
                  </SidebarItem>
                ) : null}
                <SidebarItem title={t('done.state')}>
                  <span className={`dilosi-done-state dilosi-done-state--${document.state}`}>
                    {isIssued ? t('done.states.issued') : t('done.states.revoked')}
                  </span>
                </SidebarItem>
                <SidebarItem title={t('done.template')}>
                  {document.template.shortname[locale]}
                </SidebarItem>
                {document.issued_at ? (
                  <SidebarItem title={t('done.issuedate')}>
                    <time dateTime={document.issued_at}>{formatIssueDate(document.issued_at)}</time>
                  </SidebarItem>
                ) : null}
                {isIssued && document.retention_until ? (
                  <SidebarItem title={t('done.retention')}>
                    <time dateTime={document.retention_until}>
                      {formatIssueDate(document.retention_until, { withTime: false })}
                    </time>
                  </SidebarItem>
                ) : null}
              </dl>
              <h2 className="govgr-heading-s dilosi-done-sidebar__title">{t('done.actions')}</h2>
              <DocumentActions document={document} />
            </aside>
          </div>
        </div>
      </div>
    </div>
  );
}

/**
 * The sentence with the reference code kept on one line: a phone's narrow panel would otherwise
 * break it at one of its dashes, and the code is what the citizen reads out or copies.
 */
function withUnbrokenCode(message: string, code: string): ReactNode {
  const at = message.indexOf(code);
  if (at < 0) return message;
  return (
    <>
      {message.slice(0, at)}
      <span className="dilosi-done-panel__nowrap">{code}</span>
      {message.slice(at + code.length)}
    </>
  );
}

/** A template's own code message, with `{{code}}` replaced by the formatted reference code. */
function successCodeMessage(template: string | undefined, code: string): string | undefined {
  return template?.replace(/\{\{\s*code\s*\}\}/g, code);
}
