import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { parseReferenceCode } from '@dilosi/domain';
import { isApiRequestError } from '../../api/api-client';
import { paths } from '../../config/paths';
import { PageHeading } from '../../ui/page-heading';
import { useValidatedDocument } from './api/validate-document';
import { DocumentView } from './document-view';
import { useContextId } from './use-context-id';
import { ValidationFrame } from './validation-frame';

function Lookup({ code, contextId }: { code: string; contextId: string }) {
  const { t } = useTranslation('validation-page');
  const query = useValidatedDocument(code, contextId);
  if (query.isPending) {
    return (
      <p className="govgr-body" role="status">
        {t('show.checking')}
      </p>
    );
  }
  if (query.isError) {
    const status = isApiRequestError(query.error) ? query.error.status : 0;
    return <Failure status={status} />;
  }
  return <DocumentView document={query.data} />;
}

/** 404 'Not Found', 410 deleted after retention, anything else its status code (spec section 8). */
function Failure({ status }: { status: number }) {
  const { t } = useTranslation('validation-page');
  const [title, text] =
    status === 404
      ? [t('show.notFoundTitle'), t('code.notFound')]
      : status === 410
        ? [t('show.deletedTitle'), t('show.deleted')]
        : status === 429
          ? [t('show.errorTitle'), t('code.rateLimited')]
          : [t('show.errorTitle'), t('code.status', { status })];
  return (
    <div className="govgr-error-summary" role="alert">
      <h2 className="govgr-heading-m">{title}</h2>
      <p className="govgr-body">{text}</p>
    </div>
  );
}

/**
 * The validation result: /validate/{contextId}/show/{ref}, /show/{ref} and
 * /show/{ref}/{contextId}. A code that fails its check symbol is not found, without a request.
 */
export function ValidationShowPage() {
  const { t } = useTranslation('validation-page');
  const { ref = '' } = useParams();
  const contextId = useContextId();
  const parsed = parseReferenceCode(ref);
  return (
    <ValidationFrame
      contextId={contextId}
      inContext={(other) => paths.validation.contextShow.getHref(other, ref)}
    >
      {() => (
        <div className="dilosi-validation">
          <PageHeading caption={t('caption')}>{t('show.title')}</PageHeading>
          <div aria-live="polite">
            {parsed.ok ? (
              <Lookup code={parsed.code} contextId={contextId} />
            ) : (
              <Failure status={404} />
            )}
          </div>
          <p className="govgr-body dilosi-validation__section">
            <Link className="govgr-link" to={paths.validation.context.getHref(contextId)}>
              {t('show.another')}
            </Link>
          </p>
        </div>
      )}
    </ValidationFrame>
  );
}
