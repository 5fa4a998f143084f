import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { parseReferenceCode } from '@dilosi/domain';
import { isApiRequestError } from '../../api/api-client';
import { paths } from '../../config/paths';
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
  const ids = { code: useId(), hint: useId(), error: useId() };
  const [error, setError] = useState<CodeError | null>(null);
  const [isChecking, setIsChecking] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (error) summaryRef.current?.focus();
  }, [error]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get('code') ?? '');
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
    <section aria-labelledby={`${ids.code}-title`}>
      {message ? (
        <div className="govgr-error-summary" ref={summaryRef} tabIndex={-1} role="alert">
          <h2 className="govgr-heading-m">{t('code.errorTitle')}</h2>
          <ul className="govgr-list">
            <li>
              <a className="govgr-link" href={`#${ids.code}`}>
                {message}
              </a>
            </li>
          </ul>
        </div>
      ) : null}
      <h2 id={`${ids.code}-title`} className="govgr-heading-m">
        {t('code.title')}
      </h2>
      <form className="govgr-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className={`govgr-field${message ? ' govgr-field__error' : ''}`}>
          <label className="govgr-label" htmlFor={ids.code}>
            {t('code.label')}
          </label>
          <p id={ids.hint} className="govgr-hint">
            {t('code.hint')}
          </p>
          {message ? (
            <p id={ids.error} className="govgr-error-message">
              {message}
            </p>
          ) : null}
          <input
            id={ids.code}
            name="code"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            className={`govgr-input govgr-input--width-20${message ? ' govgr-error-input' : ''}`}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `${ids.hint} ${ids.error}` : ids.hint}
          />
        </div>
        <button type="submit" className="govgr-btn govgr-btn-primary" disabled={isChecking}>
          {isChecking ? t('code.checking') : t('code.submit')}
        </button>
      </form>
    </section>
  );
}
