import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '../../config/paths';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { getTemplatesQueryOptions } from './api/get-templates';

const CODE_PATTERN = /^[A-Z0-9]{2,12}$/;

type CodeError = 'required' | 'invalid' | 'notFound';

/** /create/code: a template code such as YD1 leads to that template (spec section 2). */
export function TemplateCodePage() {
  const { t } = useTranslation('wizard');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = { code: useId(), hint: useId(), error: useId() };
  const [error, setError] = useState<{ kind: CodeError; code: string } | null>(null);
  const [isChecking, setIsChecking] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (error) summaryRef.current?.focus();
  }, [error]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '')
      .trim()
      .toUpperCase();
    if (!code) return setError({ kind: 'required', code });
    if (!CODE_PATTERN.test(code)) return setError({ kind: 'invalid', code });
    setIsChecking(true);
    try {
      const result = await queryClient.fetchQuery(
        getTemplatesQueryOptions({ q: code, limit: 50, offset: 0 }),
      );
      const match = result.data.find((template) => template.code.toUpperCase() === code);
      if (!match) return setError({ kind: 'notFound', code });
      navigate(paths.templates.template.getHref(match.refname));
    } catch {
      setError({ kind: 'notFound', code });
    } finally {
      setIsChecking(false);
    }
  };

  const message = error
    ? error.kind === 'notFound'
      ? t('codeScreen.notFound', { code: error.code })
      : t(`codeScreen.${error.kind}`)
    : null;

  return (
    <PageContainer>
      {message ? (
        <div className="govgr-error-summary" ref={summaryRef} tabIndex={-1} role="alert">
          <h2 className="govgr-heading-m">{t('codeScreen.errorTitle')}</h2>
          <ul className="govgr-list">
            <li>
              <a className="govgr-link" href={`#${ids.code}`}>
                {message}
              </a>
            </li>
          </ul>
        </div>
      ) : null}
      <PageHeading caption={t('choose.caption')}>{t('codeScreen.title')}</PageHeading>
      <form className="govgr-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className={`govgr-field${message ? ' govgr-field__error' : ''}`}>
          <label className="govgr-label" htmlFor={ids.code}>
            {t('codeScreen.label')}
          </label>
          <p id={ids.hint} className="govgr-hint">
            {t('codeScreen.hint')}
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
            className={`govgr-input govgr-input--width-10${message ? ' govgr-error-input' : ''}`}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `${ids.hint} ${ids.error}` : ids.hint}
          />
        </div>
        <button type="submit" className="govgr-btn govgr-btn-primary" disabled={isChecking}>
          {t('codeScreen.continue')}
        </button>
      </form>
      <p className="govgr-body">
        <Link className="govgr-link" to={paths.templates.search.getHref()}>
          {t('choose.searchLink')}
        </Link>
      </p>
    </PageContainer>
  );
}
