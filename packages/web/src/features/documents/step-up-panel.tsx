import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '../../api/api-client';
import { TextInput } from '../../ui/form';
import { useErrorMessage } from '../../ui/use-error-message';
import { useConfirmStepUp, useSendStepUpCode } from './api/step-up';
import { WizardNotice } from './wizard-notice';

/** The code's field error as the server words it (invalid_fields on otp_code), else the code's text. */
function codeErrorOf(error: unknown, fallback: (error: unknown) => string): string {
  if (!isApiRequestError(error)) return fallback(error);
  const field = error.data?.invalid_fields?.[0]?.error_info;
  return field?.message ?? fallback(error);
}

/**
 * Step-up (issue #37; spec section 6, "a 2FA action may be required"): the step waits for a
 * fresh six-digit SMS code. The citizen asks for it, types it, and the step she sent goes on.
 */
export function StepUpPanel({ onConfirmed }: { onConfirmed: () => void }) {
  const { t } = useTranslation('wizard');
  const errorMessage = useErrorMessage();
  const send = useSendStepUpCode();
  const confirm = useConfirmStepUp();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const onSend = () => {
    setError(null);
    send.mutate(undefined, { onError: (failure) => setError(errorMessage(failure)) });
  };
  const onConfirm = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setError(t('stepUp.codeFormat'));
      return;
    }
    setError(null);
    confirm.mutate(code.trim(), {
      onSuccess: onConfirmed,
      onError: (failure) => setError(codeErrorOf(failure, (e) => errorMessage(e))),
    });
  };

  return (
    <WizardNotice variant="info" title={t('stepUp.title')}>
      <p className="govgr-body">{t('stepUp.body')}</p>
      {send.data ? (
        <form onSubmit={onConfirm} noValidate>
          <p className="govgr-body" role="status">
            {t('stepUp.sent', { mobile: send.data.mobile })}
          </p>
          <TextInput
            id={id}
            label={t('stepUp.codeLabel')}
            hint={t('stepUp.codeHint')}
            error={error ?? undefined}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <div className="govgr-button-group">
            <button
              type="submit"
              className="govgr-btn govgr-btn-primary"
              disabled={confirm.isPending}
            >
              {t('stepUp.confirm')}
            </button>
            <button
              type="button"
              className="govgr-btn govgr-btn-secondary"
              onClick={onSend}
              disabled={send.isPending}
            >
              {t('stepUp.resend')}
            </button>
          </div>
        </form>
      ) : (
        <>
          {error ? (
            <p className="govgr-error-message" role="alert">
              {error}
            </p>
          ) : null}
          <button
            type="button"
            className="govgr-btn govgr-btn-primary"
            onClick={onSend}
            disabled={send.isPending}
          >
            {t('stepUp.send')}
          </button>
        </>
      )}
    </WizardNotice>
  );
}
