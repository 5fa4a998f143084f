import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isValidGreekMobile } from '@dilosi/domain';
import { isApiRequestError } from '../../api/api-client';
import { updateProfile, useCurrentUser } from '../../api/auth';
import { paths } from '../../config/paths';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { useErrorMessage } from '../../ui/use-error-message';
import { safeNext } from './login-token-page';

type Errors = { choice?: string; mobile?: string; form?: string };

/** /consent?next=… (spec section 2): mobile onboarding, a required choice, then continue. */
export function ConsentPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const next = safeNext(searchParams.get('next')) ?? paths.root.getHref();
  const { user } = useCurrentUser();
  const [choice, setChoice] = useState<'yes' | 'no' | null>(null);
  const [mobile, setMobile] = useState(user?.mobile ?? '');
  const [checkCertified, setCheckCertified] = useState(true);
  const [errors, setErrors] = useState<Errors>({});
  const errorMessage = useErrorMessage();
  const [isSubmitting, setSubmitting] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const ids = { choice: useId(), mobile: useId(), mobileHint: useId(), mobileError: useId() };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!choice) found.choice = t('consent.choiceRequired');
    if (choice === 'yes' && !mobile.trim()) found.mobile = t('consent.mobileRequired');
    else if (choice === 'yes' && !isValidGreekMobile(mobile.trim()))
      found.mobile = t('consent.mobileInvalid');
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    setSubmitting(true);
    try {
      const updated = await updateProfile({
        // The typed number is checked against the provider account's certified number when
        // asked; mobile_use_nnc_onboarding (take the registry's number as is) is not offered.
        consents: {
          mobile_use_nnc_onboarding: false,
          mobile_check_certified: choice === 'yes' && checkCertified,
        },
        mobile: choice === 'yes' ? mobile.trim() : null,
      });
      queryClient.setQueriesData({ queryKey: ['users', 'me'] }, updated);
      void navigate(next, { replace: true });
    } catch (error) {
      const code = isApiRequestError(error) ? error.code : '';
      if (code === 'no_mobile') {
        void navigate(paths.info.noMobile.getHref(), { replace: true });
        return;
      }
      setErrors(
        code === 'attribute_not_validated'
          ? { mobile: t('consent.mobileNotValidated') }
          : {
              form: errorMessage(
                error,
                isApiRequestError(error) ? error.message : t('consent.failed'),
              ),
            },
      );
      requestAnimationFrame(() => summaryRef.current?.focus());
    } finally {
      setSubmitting(false);
    }
  };

  const summary = [
    errors.choice ? { href: `#${ids.choice}-yes`, text: errors.choice } : null,
    errors.mobile ? { href: `#${ids.mobile}`, text: errors.mobile } : null,
    errors.form ? { href: '#consent-form', text: errors.form } : null,
  ].filter((e): e is { href: string; text: string } => e !== null);

  return (
    <PageContainer>
      {summary.length > 0 ? (
        <div className="govgr-error-summary" ref={summaryRef} tabIndex={-1} role="alert">
          <h2 className="govgr-heading-m">{t('consent.errorSummary')}</h2>
          <ul className="govgr-list">
            {summary.map((e) => (
              <li key={e.href}>
                <a className="govgr-link" href={e.href}>
                  {e.text}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <PageHeading>{t('consent.title')}</PageHeading>
      <p className="govgr-body">{t('consent.lead')}</p>
      <form id="consent-form" className="govgr-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <div className={`govgr-field${errors.choice ? ' govgr-field__error' : ''}`}>
          <fieldset
            className="govgr-fieldset"
            aria-describedby={errors.choice ? `${ids.choice}-error` : undefined}
          >
            <legend className="govgr-heading-s">{t('consent.question')}</legend>
            {errors.choice ? (
              <p id={`${ids.choice}-error`} className="govgr-error-message">
                {errors.choice}
              </p>
            ) : null}
            <div className="govgr-field__choices">
              {(['yes', 'no'] as const).map((value) => (
                <label key={value} className="govgr-choice" htmlFor={`${ids.choice}-${value}`}>
                  <input
                    id={`${ids.choice}-${value}`}
                    className="govgr-choice__input"
                    type="radio"
                    name="mobile_use"
                    value={value}
                    checked={choice === value}
                    onChange={() => setChoice(value)}
                  />
                  <span className="govgr-choice__label">{t(`consent.${value}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>
        </div>
        {choice === 'yes' ? (
          <div className={`govgr-field${errors.mobile ? ' govgr-field__error' : ''}`}>
            <label className="govgr-label" htmlFor={ids.mobile}>
              {t('consent.mobile')}
            </label>
            <p id={ids.mobileHint} className="govgr-hint">
              {t('consent.mobileHint')}
            </p>
            {errors.mobile ? (
              <p id={ids.mobileError} className="govgr-error-message">
                {errors.mobile}
              </p>
            ) : null}
            <input
              id={ids.mobile}
              className={`govgr-input govgr-input--width-10${errors.mobile ? ' govgr-error-input' : ''}`}
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              value={mobile}
              aria-invalid={errors.mobile ? true : undefined}
              aria-describedby={
                errors.mobile ? `${ids.mobileHint} ${ids.mobileError}` : ids.mobileHint
              }
              onChange={(e) => setMobile(e.target.value)}
            />
            <label className="govgr-choice dilosi-consent-check">
              <input
                className="govgr-choice__input"
                type="checkbox"
                checked={checkCertified}
                onChange={(e) => setCheckCertified(e.target.checked)}
              />
              <span className="govgr-choice__label">{t('consent.checkCertified')}</span>
            </label>
          </div>
        ) : null}
        <button type="submit" className="govgr-btn govgr-btn-primary" disabled={isSubmitting}>
          {t('consent.continue')}
        </button>
      </form>
    </PageContainer>
  );
}
