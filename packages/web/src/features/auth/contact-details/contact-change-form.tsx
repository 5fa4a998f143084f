import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { readContactCode, type Locale } from '@dilosi/domain';
import { isApiRequestError } from '../../../api/api-client';
import { useLocale } from '../../../i18n/use-locale';
import { TextInput } from '../../../ui/form';
import { showToast } from '../../../ui/toasts';
import { useErrorMessage } from '../../../ui/use-error-message';

/** A change waiting for its code, as the server answered it. */
export type PendingCode = { address: string; expiresAt: string; resendAvailableAt: string };

type Step = { name: 'closed' } | { name: 'value' } | { name: 'code'; pending: PendingCode };

export type ContactChangeFormProps = {
  channel: 'email' | 'mobile';
  /** none set or invalid (an error code of the `errors` catalog), before anything is sent. */
  check: (value: string) => string | null;
  request: (value: string) => Promise<PendingCode>;
  resend: () => Promise<PendingCode>;
  verify: (code: string) => Promise<unknown>;
};

/** Seconds until a time, counting down once a second while it is ahead. */
function useSecondsUntil(at: string | null): number {
  const target = at ? new Date(at).getTime() : 0;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let timer = 0;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      if (current < target) timer = window.setTimeout(tick, 1000);
    };
    // The clock is read again at once for a new time (a resend), then every second.
    timer = window.setTimeout(tick, 0);
    return () => window.clearTimeout(timer);
  }, [target]);
  return Math.max(0, Math.ceil((target - now) / 1000));
}

const timeOf = (locale: Locale, at: string) =>
  new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Europe/Athens',
  }).format(new Date(at));

/**
 * Changing one contact detail in three steps (issue #38): the button opens the new value's
 * field; sending it brings "a code was sent to …" and the code's field, with a resend link once
 * the wait is over; the right code closes the form with a success toast. Each refusal shows under
 * the field it is about, which takes the focus.
 */
export function ContactChangeForm(props: ContactChangeFormProps) {
  const { channel } = props;
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const errorMessage = useErrorMessage();
  const ids = { value: useId(), code: useId(), status: useId() };
  const [step, setStep] = useState<Step>({ name: 'closed' });
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const openRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const wasOpened = useRef(false);
  const pending = step.name === 'code' ? step.pending : null;
  const resendSeconds = useSecondsUntil(pending?.resendAvailableAt ?? null);

  // The field of each step takes the focus; closing gives it back to the button.
  useEffect(() => {
    if (step.name === 'closed') {
      if (wasOpened.current) openRef.current?.focus();
      return;
    }
    wasOpened.current = true;
    inputRef.current?.focus();
  }, [step]);

  const fail = (message: string) => {
    setError(message);
    setNotice(null);
    inputRef.current?.focus();
  };

  /** The server's refusal in words; a wrong code also says how many attempts are left. */
  const refusal = (failure: unknown): string => {
    const message = errorMessage(failure);
    const left = isApiRequestError(failure) ? failure.data?.remaining_attempts : undefined;
    return typeof left === 'number' && left > 0
      ? `${message} ${t('contactDetails.attemptsLeft', { count: left })}`
      : message;
  };

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (failure) {
      fail(refusal(failure));
    } finally {
      setBusy(false);
    }
  };

  const onSendValue = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('value') ?? '');
    const refused = props.check(value);
    if (refused) return fail(errorMessage(refused));
    void run(async () => {
      const sent = await props.request(value);
      setError(null);
      setStep({ name: 'code', pending: sent });
    });
  };

  const onSendCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const typed = String(new FormData(form).get('code') ?? '');
    if (!readContactCode(typed)) return fail(t('contactDetails.codeRequired'));
    void run(async () => {
      await props.verify(typed);
      setError(null);
      setNotice(null);
      setStep({ name: 'closed' });
      showToast('success', () =>
        t(channel === 'email' ? 'contactDetails.emailChanged' : 'contactDetails.mobileChanged'),
      );
    });
  };

  const onResend = () =>
    void run(async () => {
      const sent = await props.resend();
      setError(null);
      setNotice(t('contactDetails.resent'));
      setStep({ name: 'code', pending: sent });
      if (inputRef.current) inputRef.current.value = '';
      inputRef.current?.focus();
    });

  const onCancel = () => {
    setError(null);
    setNotice(null);
    setStep({ name: 'closed' });
  };

  const openLabel = t(
    channel === 'email' ? 'personalDetails.changeEmail' : 'personalDetails.changeMobile',
  );
  if (step.name === 'closed') {
    return (
      <button
        ref={openRef}
        type="button"
        className="govgr-btn govgr-btn-secondary"
        onClick={() => setStep({ name: 'value' })}
      >
        {openLabel}
      </button>
    );
  }

  const cancel = (
    <button type="button" className="govgr-btn govgr-btn-secondary" onClick={onCancel}>
      {t('contactDetails.cancel')}
    </button>
  );

  if (step.name === 'value') {
    return (
      <form className="govgr-form" noValidate aria-label={openLabel} onSubmit={onSendValue}>
        <TextInput
          ref={inputRef}
          id={ids.value}
          name="value"
          label={t(channel === 'email' ? 'contactDetails.newEmail' : 'contactDetails.newMobile')}
          hint={t(
            channel === 'email' ? 'contactDetails.newEmailHint' : 'contactDetails.newMobileHint',
          )}
          error={error}
          {...(channel === 'email'
            ? { type: 'email', autoComplete: 'email', spellCheck: false }
            : { type: 'tel', inputMode: 'tel' as const, autoComplete: 'tel-national' })}
        />
        <div className="govgr-button-group">
          <button type="submit" className="govgr-btn govgr-btn-primary" disabled={isBusy}>
            {t('contactDetails.sendCode')}
          </button>
          {cancel}
        </div>
      </form>
    );
  }

  const sentTo = t(
    channel === 'email' ? 'contactDetails.codeSentEmail' : 'contactDetails.codeSentMobile',
    { address: step.pending.address, time: timeOf(locale, step.pending.expiresAt) },
  );
  return (
    <form className="govgr-form" noValidate aria-label={openLabel} onSubmit={onSendCode}>
      <div id={ids.status} role="status">
        <p className="govgr-body">{sentTo}</p>
        {notice ? <p className="govgr-body">{notice}</p> : null}
      </div>
      <TextInput
        ref={inputRef}
        id={ids.code}
        name="code"
        label={t('contactDetails.code')}
        hint={t('contactDetails.codeHint')}
        error={error}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
      />
      <p className="govgr-body">
        {resendSeconds > 0 ? (
          t('contactDetails.resendIn', { count: resendSeconds })
        ) : (
          <button type="button" className="govgr-link" disabled={isBusy} onClick={onResend}>
            {t('contactDetails.resend')}
          </button>
        )}
      </p>
      <div className="govgr-button-group">
        <button type="submit" className="govgr-btn govgr-btn-primary" disabled={isBusy}>
          {t('contactDetails.confirm')}
        </button>
        {cancel}
      </div>
    </form>
  );
}
