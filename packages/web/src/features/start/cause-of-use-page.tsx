import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/auth';
import { paths } from '../../config/paths';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';

/** What a person may come to do (spec section 2, "cause of use": create, validate, view mailbox). */
export const CAUSES_OF_USE = ['create', 'validate', 'mailbox'] as const;
export type CauseOfUse = (typeof CAUSES_OF_USE)[number];

/**
 * Where each answer leads. Issuing starts at the template-type screen (public: the template asks
 * for a login when it needs one); validating needs no login; the mailbox needs one, so a visitor
 * goes through login with `next` set to it.
 */
function destinationOf(cause: CauseOfUse, signedIn: boolean): string {
  if (cause === 'create') return paths.templates.type.getHref();
  if (cause === 'validate') return paths.validation.root.getHref();
  const mailbox = paths.my.messages.root.getHref();
  return signedIn ? mailbox : paths.auth.login.getHref({ next: mailbox });
}

/** /q/start: asks what the person came to do, then leads to that flow. */
export function CauseOfUsePage() {
  const { t } = useTranslation('wizard');
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const id = useId();
  const [choice, setChoice] = useState<CauseOfUse | null>(null);
  const [hasError, setHasError] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (hasError) summaryRef.current?.focus();
  }, [hasError]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!choice) {
      setHasError(true);
      return;
    }
    navigate(destinationOf(choice, user !== null && !user.anonymous_login));
  };

  return (
    <PageContainer>
      {hasError ? (
        <div className="govgr-error-summary" ref={summaryRef} tabIndex={-1} role="alert">
          <h2 className="govgr-heading-m">{t('causeOfUse.errorTitle')}</h2>
          <ul className="govgr-list">
            <li>
              <a className="govgr-link" href={`#${id}-${CAUSES_OF_USE[0]}`}>
                {t('causeOfUse.required')}
              </a>
            </li>
          </ul>
        </div>
      ) : null}
      <PageHeading>{t('causeOfUse.title')}</PageHeading>
      <form className="govgr-form" noValidate onSubmit={onSubmit}>
        <div className={`govgr-field${hasError ? ' govgr-field__error' : ''}`}>
          <fieldset
            className="govgr-fieldset"
            aria-describedby={hasError ? `${id}-error` : undefined}
          >
            <legend className="govgr-fieldset__legend govgr-visually-hidden">
              {t('causeOfUse.title')}
            </legend>
            {hasError ? (
              <p id={`${id}-error`} className="govgr-error-message">
                {t('causeOfUse.required')}
              </p>
            ) : null}
            <div className="govgr-radios">
              {CAUSES_OF_USE.map((value) => (
                <div key={value} className="govgr-radios__item">
                  <input
                    id={`${id}-${value}`}
                    className="govgr-radios__input"
                    type="radio"
                    name="cause"
                    value={value}
                    checked={choice === value}
                    aria-describedby={`${id}-${value}-hint`}
                    onChange={() => {
                      setChoice(value);
                      setHasError(false);
                    }}
                  />
                  <label className="govgr-radios__label" htmlFor={`${id}-${value}`}>
                    {t(`causeOfUse.options.${value}`)}
                  </label>
                  <p id={`${id}-${value}-hint`} className="govgr-hint">
                    {t(`causeOfUse.hints.${value}`)}
                  </p>
                </div>
              ))}
            </div>
          </fieldset>
        </div>
        <button type="submit" className="govgr-btn govgr-btn-primary">
          {t('causeOfUse.continue')}
        </button>
      </form>
    </PageContainer>
  );
}
