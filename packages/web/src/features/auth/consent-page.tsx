import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isValidGreekMobile } from '@dilosi/domain';
import { isApiRequestError } from '../../api/api-client';
import { updateProfile, useCurrentUser } from '../../api/auth';
import { paths } from '../../config/paths';
import {
  Checkbox,
  controlAria,
  ErrorSummary,
  Field,
  FieldGroup,
  inputClassName,
  RadioGroup,
  useFocusOnErrors,
} from '../../ui/form';
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
  const ids = { choice: useId(), mobile: useId(), check: useId() };
  // The number the login gave is the one to confirm: filled in once the profile arrives, unless
  // the reader has typed already.
  const typed = useRef(false);
  useEffect(() => {
    if (!typed.current && user?.mobile) setMobile(user.mobile);
  }, [user?.mobile]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!choice) found.choice = t('consent.choiceRequired');
    if (choice === 'yes' && !mobile.trim()) found.mobile = t('consent.mobileRequired');
    else if (choice === 'yes' && !isValidGreekMobile(mobile.trim()))
      found.mobile = t('consent.mobileInvalid');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
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
    } finally {
      setSubmitting(false);
    }
  };

  const summary = [
    errors.choice ? { key: 'choice', href: `#${ids.choice}-yes`, message: errors.choice } : null,
    errors.mobile ? { key: 'mobile', href: `#${ids.mobile}`, message: errors.mobile } : null,
    errors.form ? { key: 'form', href: '#consent-form', message: errors.form } : null,
  ].filter((item) => item !== null);
  // Each failed check or refusal sets a new errors object: the summary takes the focus again.
  const { summaryRef, formRef } = useFocusOnErrors(summary.length > 0 ? errors : null);

  return (
    <PageContainer>
      {summary.length > 0 ? (
        <ErrorSummary ref={summaryRef} title={t('consent.errorSummary')} items={summary} />
      ) : null}
      <PageHeading>{t('consent.title')}</PageHeading>
      <p className="govgr-body">{t('consent.lead')}</p>
      <form
        ref={formRef}
        id="consent-form"
        className="govgr-form"
        noValidate
        onSubmit={(e) => void onSubmit(e)}
      >
        <FieldGroup
          id={ids.choice}
          legend={t('consent.question')}
          legendClassName="govgr-heading-s"
          error={errors.choice}
        >
          <RadioGroup
            id={`${ids.choice}-yes`}
            name="mobile_use"
            options={[
              { value: 'yes', label: t('consent.yes') },
              { value: 'no', label: t('consent.no') },
            ]}
            value={choice}
            onChange={setChoice}
          />
        </FieldGroup>
        {choice === 'yes' ? (
          <Field
            id={ids.mobile}
            label={t('consent.mobile')}
            hint={t('consent.mobileHint')}
            error={errors.mobile}
          >
            <input
              id={ids.mobile}
              className={inputClassName(
                'govgr-input govgr-input--width-10',
                Boolean(errors.mobile),
              )}
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              value={mobile}
              {...controlAria(ids.mobile, { hasHint: true, hasError: Boolean(errors.mobile) })}
              onChange={(e) => {
                typed.current = true;
                setMobile(e.target.value);
              }}
            />
            <Checkbox
              id={ids.check}
              checked={checkCertified}
              onChange={setCheckCertified}
              label={t('consent.checkCertified')}
            />
          </Field>
        ) : null}
        <button type="submit" className="govgr-btn govgr-btn-primary" disabled={isSubmitting}>
          {t('consent.continue')}
        </button>
      </form>
    </PageContainer>
  );
}
