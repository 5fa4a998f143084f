import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  formatReferenceCode,
  isFinalState,
  serviceErrorPlace,
  type ApiDocument,
  type InvalidField,
  type ReplyCaseStatus,
} from '@dilosi/domain';
import { isApiRequestError, type ApiRequestError } from '../../api/api-client';
import { documentConsentQueryOptions, useDocumentConsent } from '../../api/get-document-consent';
import { useCurrentUser } from '../../api/auth';
import { paths } from '../../config/paths';
import { useLocale } from '../../i18n/use-locale';
import { JointAuthorPanel } from '../../ui/joint-signatories';
import { MissingClaimsNotice } from '../../ui/missing-claims-notice';
import { PageContainer } from '../../ui/page-container';
import { PageSkeleton } from '../../ui/page-skeleton';
import { focusPageHeading } from '../../ui/route-focus';
import { showToast } from '../../ui/toasts';
import { useErrorMessage } from '../../ui/use-error-message';
import { useBackstepDocument } from './api/backstep-document';
import { getCitizenDeclarationQueryOptions } from './api/get-citizen-declaration';
import { useDocument } from './api/get-document';
import { useRunDocumentAction } from './api/run-document-action';
import { useUpdateDocument } from './api/update-document';
import { StepRenderer, type StepSubmission } from './renderer';
import { StepIndicator } from './step-indicator';
import { StepLookupsPanel } from './step-lookups/step-lookups-panel';
import { useStepLookups } from './step-lookups/use-step-lookups';
import { WizardNotice } from './wizard-notice';
import { InPersonOffer, InPersonWaiting, offersInPerson } from './in-person-panel';
import { CITIZEN_SCOPE, entityDoneHref, wizardStepHref, type WizardScope } from './document-scope';
import { ReplyConfirmDialog } from './reply-confirm-dialog';
import { StepUpPanel } from './step-up-panel';
import { StepRequirementNotice, requiredActionOf, unmetStepRequirement } from './step-requirements';
import type { RequiredAction } from '@dilosi/domain';

/** What creation hands over in the navigation state. */
type IssueLocationState = { document?: ApiDocument } | null;

type Notice =
  | { kind: 'modified' }
  | { kind: 'notAllowed' }
  | { kind: 'error'; error: ApiRequestError }
  /** A service's refusal the whole page says (spec section 8's `page` codes): no form below. */
  | { kind: 'page'; error: ApiRequestError }
  | { kind: 'mobile'; code: 'no_mobile' | 'mobile_not_greek' }
  | { kind: 'otpAlreadySent'; seconds: number | null; message: string }
  | { kind: 'claims'; claims: unknown[] }
  /** The step waits for a login, the mobile consent or a step-up (403 action_required). */
  | { kind: 'action'; action: RequiredAction };

/** otp_already_sent: how long until a new code may be asked for, when the server says. */
function retryAfterSeconds(data: unknown): number | null {
  const value = (data as { retry_after_seconds?: unknown } | undefined)?.retry_after_seconds;
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(1, Math.ceil(value)) : null;
}

/**
 * /issue/{id} and /issue/{id}/{step} (spec sections 2 and 4): loads the document, keeps the
 * server's step in the address (history replace), sends final documents to the done page and
 * renders the current step with its indicator.
 */
export function IssueDocumentPage({ scope = CITIZEN_SCOPE }: { scope?: WizardScope } = {}) {
  const { id = '', step } = useParams();
  const location = useLocation();
  const initialDocument = (location.state as IssueLocationState)?.document;
  const query = useDocument(id, initialDocument, scope);

  if (query.isPending) return <PageSkeleton />;
  if (query.isError) {
    const { error } = query;
    if (isApiRequestError(error) && error.code === 'missing_required_claims') {
      return (
        <PageContainer>
          <MissingClaimsNotice
            claims={claimsOf(error.data)}
            next={`${location.pathname}${location.search}`}
          />
        </PageContainer>
      );
    }
    // Not found, permission denied and anything else: the error boundary shows its page.
    throw error;
  }

  const document = query.data;
  if (isFinalState(document.state) || document.step_info['is-final-view']) {
    if (scope.kind === 'entity') return <Navigate to={entityDoneHref(scope, document)} replace />;
    return (
      <Navigate to={paths.documents.done.getHref(document.reference_code ?? document.id)} replace />
    );
  }
  return (
    <DocumentWizard
      key={document.id}
      scope={scope}
      document={document}
      addressStep={step}
      onReload={query.refetch}
    />
  );
}

function claimsOf(data: unknown): unknown[] {
  const claims = (data as { claims?: unknown } | undefined)?.claims;
  return Array.isArray(claims) ? claims : [];
}

/** The step's files already on the server, kept as they are (an automatic or display step). */
function keepAll(document: ApiDocument): Record<string, { file_id: string }[]> {
  return Object.fromEntries(
    Object.entries(document.attachments).map(([field, files]) => [
      field,
      files.map((file) => ({ file_id: file.file_id })),
    ]),
  );
}

/** The current values of the step's fields, for a step that submits itself. */
function stepValues(document: ApiDocument): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(document.step_info.fields)) {
    if (field.value !== undefined) values[key] = field.value;
  }
  return values;
}

function DocumentWizard({
  scope,
  document,
  addressStep,
  onReload,
}: {
  scope: WizardScope;
  document: ApiDocument;
  /** The step named in the address, if any. */
  addressStep: string | undefined;
  onReload: () => Promise<unknown>;
}) {
  const { t } = useTranslation('wizard');
  const errorMessage = useErrorMessage();
  const { t: tUi } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const update = useUpdateDocument(scope);
  const backstep = useBackstepDocument(scope);
  // An entity's document is issued at once: the reply-confirm dialog asks first.
  const [pendingIssue, setPendingIssue] = useState<StepSubmission | null>(null);
  const documentAction = useRunDocumentAction();
  const [serverErrors, setServerErrors] = useState<InvalidField[] | undefined>();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [fatal, setFatal] = useState<{ error: unknown } | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const info = document.step_info;
  // Registry look-ups of the step (issue #36): the form shows once they are done or gave up.
  const lookups = useStepLookups(document, scope);
  const { user } = useCurrentUser();
  // Anonymous use confirmed at a KEP (issue #37): offered at the preview, then the code waits.
  const offersKep =
    scope.kind === 'citizen' && offersInPerson(document, user?.anonymous_login ?? false);
  const waitsAtKep = offersKep && document.state === 'requested';
  // A joint declaration the author signed waits for her co-signatories (issue #35): instead of
  // the code form, where the signatures stand; a closed one (declined, canceled) shows above it.
  const jointConsent = useDocumentConsent(document.id, {
    // An anonymous session reaches no consent (anonymous_scope): its request waits at a KEP.
    enabled: scope.kind === 'citizen' && document.state === 'requested' && !waitsAtKep,
  });
  const waitsForSignatures =
    document.state === 'requested' && jointConsent.data?.state === 'issued';
  // The step sent last: a step-up confirmed sends it again (issue #37).
  const lastSubmission = useRef<StepSubmission | null>(null);

  const title = info.title[locale];
  const templateTitle = document.template.title[locale];
  const appTitle = tUi('app.title');
  useEffect(() => {
    window.document.title = `${title} – ${templateTitle} | ${appTitle}`;
  }, [title, templateTitle, appTitle]);

  // A new step: new server errors only. The shell focuses the h1 after the address changes; a
  // step reached without one (the same address) gets the focus here.
  const previousStep = useRef(document.step_name);
  useEffect(() => {
    if (previousStep.current === document.step_name) return;
    previousStep.current = document.step_name;
    setServerErrors(undefined);
    focusPageHeading(containerRef.current);
  }, [document.step_name]);

  // The server's step wins: an address naming another step (or none) is corrected in place. The
  // wizard stays mounted meanwhile, so a notice about a reload survives the change of address.
  useEffect(() => {
    if (addressStep !== document.step_name) {
      navigate(wizardStepHref(scope, document.id, document.step_name), { replace: true });
    }
  }, [addressStep, document.id, document.step_name, navigate, scope]);

  const goTo = useCallback(
    (next: ApiDocument) => {
      if (isFinalState(next.state) || next.step_info['is-final-view']) {
        if (scope.kind === 'entity') {
          showToast('success', () =>
            t('entity.issued', { code: formatReferenceCode(next.reference_code ?? '') }),
          );
          void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
          navigate(entityDoneHref(scope, next), { replace: true });
          return;
        }
        const ref = next.reference_code ?? next.id;
        // The done page shows the issued document at once, without asking for it again.
        queryClient.setQueryData(getCitizenDeclarationQueryOptions(ref).queryKey, next);
        navigate(paths.documents.done.getHref(ref), { replace: true });
      }
      // Otherwise the effect above writes the new step into the address. The author's code at
      // a joint declaration's confirm step opens its consent: ask for it again.
      if (next.state === 'requested') {
        void queryClient.invalidateQueries({
          queryKey: documentConsentQueryOptions(next.id).queryKey,
        });
      }
    },
    [navigate, queryClient, scope, t],
  );

  const onMutationError = useCallback(
    (error: unknown) => {
      if (!isApiRequestError(error)) {
        setFatal({ error });
        return;
      }
      const invalid = error.data?.invalid_fields;
      if (error.status === 400 && invalid && invalid.length > 0) {
        setServerErrors(invalid);
        return;
      }
      switch (error.code) {
        case 'document_modified':
          setNotice({ kind: 'modified' });
          void onReload();
          return;
        case 'action_not_allowed_on_state':
          setNotice({ kind: 'notAllowed' });
          void onReload();
          return;
        case 'missing_required_claims':
          setNotice({ kind: 'claims', claims: claimsOf(error.data) });
          return;
        case 'action_required': {
          const action = requiredActionOf(error.data);
          if (action) {
            setNotice({ kind: 'action', action });
            return;
          }
          break;
        }
        case 'no_mobile':
        case 'mobile_not_greek':
          setNotice({ kind: 'mobile', code: error.code });
          return;
        case 'otp_already_sent':
          setNotice({
            kind: 'otpAlreadySent',
            seconds: retryAfterSeconds(error.data),
            message: error.message,
          });
          return;
      }
      // A service's code is shown where the catalogue says (domain service-error-codes.ts): a
      // toast over the kept form, or the page instead of the form; field codes came above.
      const place = serviceErrorPlace(error.code);
      if (place === 'toast') {
        showToast('error', errorMessage(error, t('issue.saveFailed')));
        return;
      }
      if (place === 'page') {
        setNotice({ kind: 'page', error });
        return;
      }
      if (error.status === 404 || error.status >= 500 || error.status === 401) {
        setFatal({ error });
        return;
      }
      // Other refusals (4xx) are explained here and the citizen's input stays on the page.
      setNotice({ kind: 'error', error });
    },
    [onReload, errorMessage, t],
  );

  const onBack = useCallback(() => {
    setNotice(null);
    setServerErrors(undefined);
    backstep.mutate(document.id, { onSuccess: goTo, onError: onMutationError });
  }, [backstep, document.id, goTo, onMutationError]);

  const onSubmit = useCallback(
    (submission: StepSubmission, replyCaseStatus?: ReplyCaseStatus) => {
      if (submission.action === 'back') {
        onBack();
        return;
      }
      if (scope.kind === 'entity' && submission.action === 'submit' && pendingIssue === null) {
        setPendingIssue(submission);
        return;
      }
      setPendingIssue(null);
      setNotice(null);
      setServerErrors(undefined);
      if (submission.action === 'resend_otp') {
        // Only a new code: nothing of the form is sent.
        documentAction.mutate(
          { id: document.id, action: 'resend_otp' },
          {
            onSuccess: (answer) =>
              showToast('success', answer.message ?? (() => t('issue.otpResent'))),
            onError: onMutationError,
          },
        );
        return;
      }
      lastSubmission.current = submission;
      update.mutate(
        {
          document,
          statements: submission.statements,
          files: submission.files,
          keep: submission.keep,
          ...(submission.action === 'submit' ? { action: 'submit' as const } : {}),
          ...(replyCaseStatus ? { replyCaseStatus } : {}),
        },
        { onSuccess: goTo, onError: onMutationError },
      );
    },
    [document, documentAction, goTo, onBack, onMutationError, pendingIssue, scope, t, update],
  );

  // skipIfNotEditable: a step with nothing to edit submits itself, once.
  const isSkippable =
    info.skipIfNotEditable && !Object.values(info.fields).some((field) => field.editable);
  const skippedRef = useRef<string | null>(null);
  const skipKey = `${document.step_name}:${document['digest-sha256']}`;
  useEffect(() => {
    if (!isSkippable || skippedRef.current === skipKey) return;
    skippedRef.current = skipKey;
    onSubmit({
      action: 'next',
      statements: stepValues(document),
      files: {},
      keep: keepAll(document),
    });
  }, [isSkippable, skipKey, onSubmit, document]);

  const isSubmitting = update.isPending || backstep.isPending || documentAction.isPending;
  const hasBackAction = info.actions.some((action) => action.key === 'back');
  const showEdit = info.layout === 'preview' && info['back-step'] !== null && !hasBackAction;

  // Errors this page cannot explain go to the error boundary (not found, generic error page).
  if (fatal) throw fatal.error;

  let noticeView = null;
  if (notice?.kind === 'modified') {
    noticeView = (
      <WizardNotice variant="info" title={t('issue.documentModifiedTitle')}>
        <p className="govgr-body">{t('issue.documentModified')}</p>
      </WizardNotice>
    );
  } else if (notice?.kind === 'notAllowed') {
    noticeView = (
      <WizardNotice variant="error" title={t('issue.notAllowedTitle')}>
        <p className="govgr-body">{t('issue.notAllowed')}</p>
      </WizardNotice>
    );
  } else if (notice?.kind === 'error') {
    noticeView = (
      <WizardNotice variant="error" title={t('issue.errorTitle')}>
        <p className="govgr-body">{errorMessage(notice.error, t('issue.saveFailed'))}</p>
      </WizardNotice>
    );
  } else if (notice?.kind === 'mobile') {
    noticeView = (
      <WizardNotice variant="error" title={t('issue.mobileTitle')}>
        <p className="govgr-body">{errorMessage(notice.code)}</p>
        {notice.code === 'no_mobile' ? (
          <p className="govgr-body">
            <Link className="govgr-link" to={paths.info.noMobile.getHref()}>
              {t('issue.noMobileLink')}
            </Link>
          </p>
        ) : (
          <p className="govgr-body">{t('issue.mobileNotGreekHint')}</p>
        )}
      </WizardNotice>
    );
  } else if (notice?.kind === 'otpAlreadySent') {
    noticeView = (
      <WizardNotice variant="error" title={t('issue.otpAlreadySentTitle')}>
        <p className="govgr-body">
          {/* Longer waits (the codes per hour or per day used) and no codes left: the server's
              sentence, in the interface language, says how long or why. */}
          {notice.seconds !== null && notice.seconds <= 120
            ? t('issue.otpAlreadySent', { count: notice.seconds })
            : notice.message}
        </p>
      </WizardNotice>
    );
  } else if (notice?.kind === 'claims') {
    noticeView = (
      <MissingClaimsNotice
        claims={notice.claims}
        next={`${location.pathname}${location.search}`}
        template={document.template.refname}
      />
    );
  }

  if (notice?.kind === 'page') {
    // The service refuses the request itself: what it says, and where to go from here.
    return (
      <PageContainer>
        <div ref={containerRef} className="dilosi-wizard">
          <h1 className="govgr-heading-l" tabIndex={-1}>
            {document.template.title[locale]}
          </h1>
          <WizardNotice variant="error" title={t('issue.serviceRefusedTitle')}>
            <p className="govgr-body">{errorMessage(notice.error, t('issue.saveFailed'))}</p>
          </WizardNotice>
          <p className="govgr-body">{t('issue.serviceRefusedHint')}</p>
          <p className="govgr-body">
            <Link className="govgr-link" to={paths.templates.index.getHref()}>
              {t('issue.serviceRefusedOther')}
            </Link>
          </p>
        </div>
      </PageContainer>
    );
  }

  const isReplyToCase = scope.kind === 'entity' && document.reply_case_status !== undefined;
  // What the step waits for (issue #37): the server's word after a refusal, else what the
  // browser can see of the session before the citizen fills the step in.
  const requirement =
    notice?.kind === 'action'
      ? notice.action
      : scope.kind === 'citizen' && document.state === 'editing'
        ? unmetStepRequirement(info, user ?? null)
        : null;
  const here = `${location.pathname}${location.search}`;
  const content = (
    <div ref={containerRef} className="dilosi-wizard">
      {scope.kind === 'entity' ? (
        // Every page of the entity's wizard leads back to where it started.
        <p className="govgr-body">
          <Link className="govgr-link" to={entityDoneHref(scope, document)}>
            {isReplyToCase ? t('entity.backToCase') : t('entity.backToTemplates')}
          </Link>
        </p>
      ) : null}
      <StepIndicator labels={info['wizard-steps']} current={info['wizard-step']} locale={locale} />
      {noticeView}
      {isSkippable && isSubmitting ? (
        <p role="status" className="govgr-body">
          {t('issue.skipping')}
        </p>
      ) : null}
      <StepLookupsPanel
        document={document}
        state={lookups.state}
        onRetry={lookups.retry}
        locale={locale}
      />
      {waitsForSignatures || waitsAtKep ? (
        // The step's own heading goes with its form: the page keeps one, the document's title.
        <h1 className="govgr-heading-l" tabIndex={-1}>
          {document.template.title[locale]}
        </h1>
      ) : null}
      {document.state === 'requested' ? (
        <JointAuthorPanel consent={jointConsent.data} locale={locale} />
      ) : null}
      {requirement?.name === 'step_up' ? (
        <StepUpPanel
          onConfirmed={() => {
            setNotice(null);
            if (lastSubmission.current) onSubmit(lastSubmission.current);
          }}
        />
      ) : requirement ? (
        <StepRequirementNotice
          action={requirement}
          next={here}
          template={document.template.refname}
        />
      ) : null}
      {waitsAtKep ? (
        <InPersonWaiting document={document} />
      ) : lookups.isBlocking ||
        waitsForSignatures ||
        (requirement && requirement.name !== 'step_up') ? null : (
        <StepRenderer
          document={document}
          onSubmit={onSubmit}
          onBack={info['back-step'] !== null ? onBack : undefined}
          serverErrors={serverErrors}
          isSubmitting={isSubmitting}
          locale={locale}
        />
      )}
      {offersKep && document.state === 'editing' && info.layout === 'preview' ? (
        <InPersonOffer document={document} />
      ) : null}
      {scope.kind !== 'entity' &&
      !waitsForSignatures &&
      !waitsAtKep &&
      document.actions?.includes('resend_email_otp') ? (
        // The spec's resend_email_otp: the code to the e-mail on her account, when no SMS came.
        <p className="govgr-body">
          <button
            type="button"
            className="govgr-link"
            disabled={isSubmitting}
            onClick={() => {
              setNotice(null);
              documentAction.mutate(
                { id: document.id, action: 'resend_email_otp' },
                {
                  onSuccess: (answer) =>
                    showToast('success', answer.message ?? (() => t('issue.otpEmailResent'))),
                  onError: onMutationError,
                },
              );
            }}
          >
            {t('issue.resendByEmail')}
          </button>
        </p>
      ) : null}
      {showEdit && !waitsForSignatures ? (
        <div className="dilosi-wizard-edit">
          <p className="govgr-body">{t('issue.editHint')}</p>
          <button
            type="button"
            className="govgr-btn govgr-btn-secondary"
            onClick={onBack}
            disabled={isSubmitting}
          >
            {t('issue.edit')}
          </button>
        </div>
      ) : null}
      {pendingIssue ? (
        <ReplyConfirmDialog
          purpose={scope.kind === 'entity' ? scope.purpose : 'reply'}
          caseStatus={document.reply_case_status}
          isSubmitting={isSubmitting}
          onConfirm={(caseStatus) => onSubmit(pendingIssue, caseStatus)}
          onClose={() => setPendingIssue(null)}
        />
      ) : null}
    </div>
  );

  if (info.noContainer) return content;
  return <PageContainer>{content}</PageContainer>;
}
