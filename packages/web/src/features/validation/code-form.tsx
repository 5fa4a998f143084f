import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { parseReferenceCode } from '@dilosi/domain';
import { isApiRequestError } from '../../api/api-client';
import { paths } from '../../config/paths';
import { CodeEntryForm } from '../../ui/code-entry-form';
import { validateDocumentQueryOptions } from './api/validate-document';

type CodeError =
  { kind: 'empty' | 'check' | 'notFound' | 'rateLimited' } | { kind: 'status'; status: number };

/**
 * Code entry (spec sections 5 and 8): empty → 'Empty Value'; a mistyped code is caught by its
 * check symbol here, before any request; 404 → not found; other failures show their status.
 * A found (or deleted) document opens the result page, which reads the answer from the cache.
 */
export function CodeForm({ contextId }: { contextId: string }) {
  const { t } = useTranslation('validation-page');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [error, setError] = useState<CodeError | null>(null);
  const [isChecking, setIsChecking] = useState(false);

  const onSubmit = async (typed: string) => {
    const parsed = parseReferenceCode(typed);
    if (!parsed.ok) return setError({ kind: parsed.reason === 'empty' ? 'empty' : 'check' });
    setIsChecking(true);
    try {
      await queryClient.fetchQuery(validateDocumentQueryOptions(parsed.code, contextId));
      navigate(paths.validation.contextShow.getHref(contextId, parsed.code));
    } catch (cause) {
      const status = isApiRequestError(cause) ? cause.status : 0;
      if (status === 410)
        return navigate(paths.validation.contextShow.getHref(contextId, parsed.code));
      setError(
        status === 404
          ? { kind: 'notFound' }
          : status === 429
            ? { kind: 'rateLimited' }
            : { kind: 'status', status },
      );
    } finally {
      setIsChecking(false);
    }
  };

  const message = error
    ? error.kind === 'status'
      ? t('code.status', { status: error.status })
      : t(`code.${error.kind}`)
    : null;

  return (
    <section aria-labelledby={titleId}>
      <CodeEntryForm
        heading={
          <h2 id={titleId} className="govgr-heading-m">
            {t('code.title')}
          </h2>
        }
        label={t('code.label')}
        hint={t('code.hint')}
        errorTitle={t('code.errorTitle')}
        submitLabel={isChecking ? t('code.checking') : t('code.submit')}
        message={message}
        isBusy={isChecking}
        width="govgr-input--width-20"
        maxLength={40}
        onSubmit={(typed) => void onSubmit(typed)}
      />
    </section>
  );
}
