import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FileCheckResponse } from '@dilosi/domain';
import { isApiRequestError } from '../../api/api-client';
import { useAppConfig } from '../../api/get-app-config';
import { paths } from '../../config/paths';
import { useCheckFile } from './api/check-file';

type Outcome = FileCheckResponse['data'];

function Result({ outcome, contextId }: { outcome: Outcome; contextId: string }) {
  const { t } = useTranslation('validation-page');
  const { document } = outcome;
  if (outcome.result === 'authentic') {
    const isRevoked = document?.state === 'revoked';
    return (
      <div
        className={
          isRevoked
            ? 'govgr-warning-text'
            : 'govgr-notification-banner govgr-notification-banner--success'
        }
      >
        <div className="govgr-notification-banner__content">
          <p className="govgr-heading-s">{t('file.authenticTitle')}</p>
          <p className="govgr-body">
            {isRevoked ? t('file.authenticRevoked') : t('file.authentic')}
          </p>
          {document ? (
            <p className="govgr-body">
              <Link
                className="govgr-link"
                to={paths.validation.contextShow.getHref(
                  contextId,
                  document.reference_code.replaceAll('-', ''),
                )}
              >
                {t('file.showDocument')}{' '}
                <span className="dilosi-validation__code">{document.reference_code}</span>
              </Link>
            </p>
          ) : null}
        </div>
      </div>
    );
  }
  return (
    <div className="govgr-error-summary">
      <p className="govgr-heading-s">
        {outcome.result === 'altered' ? t('file.alteredTitle') : t('file.unknownTitle')}
      </p>
      <p className="govgr-body">
        {outcome.result === 'altered' ? t('file.altered') : t('file.unknown')}
      </p>
    </div>
  );
}

/** "Check a file": upload a PDF to learn whether it is exactly one the service issued. */
export function FileCheck({ contextId }: { contextId: string }) {
  const { t } = useTranslation('validation-page');
  const { FILE_MAX_SIZE } = useAppConfig().settings;
  const maxMb = Math.round((FILE_MAX_SIZE / 1_048_576) * 10) / 10;
  const ids = { title: useId(), file: useId(), hint: useId(), error: useId() };
  const check = useCheckFile();
  const [missing, setMissing] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('file');
    if (!(file instanceof File) || file.size === 0) {
      setMissing(true);
      return;
    }
    setMissing(false);
    check.mutate(file);
  };

  const error = missing
    ? t('file.required')
    : check.error
      ? isApiRequestError(check.error) && check.error.status === 400
        ? // The server words it in the page's language (file_type_invalid, file_too_large).
          check.error.message
        : t('code.status', {
            status: isApiRequestError(check.error) ? check.error.status : 0,
          })
      : null;

  return (
    <section className="dilosi-validation__section" aria-labelledby={ids.title}>
      <h2 id={ids.title} className="govgr-heading-m">
        {t('file.title')}
      </h2>
      <p className="govgr-body">{t('file.intro')}</p>
      <form className="govgr-form" noValidate onSubmit={onSubmit}>
        <div className={`govgr-field${error ? ' govgr-field__error' : ''}`}>
          <label className="govgr-label" htmlFor={ids.file}>
            {t('file.label')}
          </label>
          <p id={ids.hint} className="govgr-hint">
            {t('file.hint', { max_mb: maxMb })}
          </p>
          {error ? (
            <p id={ids.error} className="govgr-error-message" role="alert">
              {error}
            </p>
          ) : null}
          <input
            id={ids.file}
            name="file"
            type="file"
            accept="application/pdf,.pdf"
            className="govgr-file-input"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
            onChange={() => check.reset()}
          />
        </div>
        <button type="submit" className="govgr-btn govgr-btn-secondary" disabled={check.isPending}>
          {check.isPending ? t('file.checking') : t('file.submit')}
        </button>
      </form>
      <div aria-live="polite">
        {check.data ? <Result outcome={check.data} contextId={contextId} /> : null}
      </div>
    </section>
  );
}
