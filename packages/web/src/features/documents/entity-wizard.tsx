import { useEffect, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import type { ApiDocument } from '@dilosi/domain';
import { apiFetch } from '../../api/api-client';
import { paths } from '../../config/paths';
import { PageContainer } from '../../ui/page-container';
import { PageSkeleton } from '../../ui/page-skeleton';
import { useErrorMessage } from '../../ui/use-error-message';
import { useDocument } from './api/get-document';
import { wizardStepHref, type WizardScope } from './document-scope';
import { IssueDocumentPage } from './issue-document-page';
import { WizardNotice } from './wizard-notice';
import { TechnicalError } from './renderer/form-primitives';
import { useDocumentsText } from './renderer/use-renderer-text';

type EntityScope = Extract<WizardScope, { kind: 'entity' }>;

/**
 * …/reply/{replyRef}/{id}[/{step}] and …/issue/{refname}/{id}[/{step}]: the citizen's wizard in
 * the entity's scope (mounted by the router; the dashboard feature only links here).
 */
export function EntityDocumentPage({ purpose }: { purpose: 'reply' | 'issue' }) {
  const { entityId = '', replyRef, refname } = useParams();
  const t = useDocumentsText();
  // An address without its entity names no scope the wizard could speak to.
  if (entityId === '') return <TechnicalError>{t('technical.noScope')}</TechnicalError>;
  const scope: EntityScope = {
    kind: 'entity',
    entityId,
    purpose,
    refname: (purpose === 'reply' ? replyRef : refname) ?? '',
  };
  return <IssueDocumentPage scope={scope} />;
}

/**
 * …/reply/{replyRef}?case={inboxId} and …/issue/{refname}: starts the reply (POST
 * entity/{e}/inbox/{i}/reply) or the entity's document (POST entity/{e}/documents) once, then
 * opens its first step.
 */
export function StartEntityDocumentPage({ purpose }: { purpose: 'reply' | 'issue' }) {
  const { entityId = '', replyRef = '', refname = '' } = useParams();
  const [search] = useSearchParams();
  const inboxId = search.get('case') ?? '';
  const template = purpose === 'reply' ? replyRef : refname;
  const { t } = useTranslation('wizard');
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  const started = useRef(false);
  const start = useMutation({
    mutationFn: async () => {
      const enc = encodeURIComponent;
      const url =
        purpose === 'reply'
          ? `/api/entity/${enc(entityId)}/inbox/${enc(inboxId)}/reply`
          : `/api/entity/${enc(entityId)}/documents`;
      const body = await apiFetch<{ data: { document: ApiDocument } }>(url, {
        method: 'POST',
        json: { template },
      });
      return body.data.document;
    },
    onSuccess: (document) => {
      const scope: EntityScope = { kind: 'entity', entityId, purpose, refname: template };
      navigate(wizardStepHref(scope, document.id, document.step_name), {
        replace: true,
        state: { document },
      });
    },
  });
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start.mutate();
  }, [start]);

  if (start.isError) {
    const isReplyToCase = purpose === 'reply' && inboxId !== '';
    return (
      <PageContainer>
        <h1 className="govgr-heading-l" tabIndex={-1}>
          {t('entity.startFailedTitle')}
        </h1>
        <WizardNotice variant="error" title={t('entity.startFailedTitle')}>
          <p className="govgr-body">{errorMessage(start.error, t('issue.saveFailed'))}</p>
        </WizardNotice>
        <p className="govgr-body">
          <Link
            className="govgr-link"
            to={
              isReplyToCase
                ? paths.dashboard.caseTab.getHref(entityId, inboxId, 'replies')
                : paths.dashboard.templates.getHref(entityId)
            }
          >
            {isReplyToCase ? t('entity.backToCase') : t('entity.backToTemplates')}
          </Link>
        </p>
      </PageContainer>
    );
  }
  return <PageSkeleton />;
}

/** …/reply/EDIT/{replyId}: an unissued reply, opened at its template's address and step. */
export function EditReplyPage() {
  const { entityId = '', replyId = '' } = useParams();
  const scope: EntityScope = { kind: 'entity', entityId, purpose: 'reply', refname: '' };
  const query = useDocument(replyId, undefined, scope);
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) throw query.error;
  const document = query.data;
  const href = wizardStepHref(
    { ...scope, refname: document.template.refname },
    document.id,
    document.step_name,
  );
  return <Navigate to={href} replace state={{ document }} />;
}
