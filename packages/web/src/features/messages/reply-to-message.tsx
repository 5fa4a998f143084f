import {
  COMMUNICATIONS_MESSAGE_MAX_SIZE,
  type CaseMessage,
  type CitizenMessage,
} from '@dilosi/domain';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../api/api-client';
import { controlAria, Field, inputClassName } from '../../ui/form';
import { showToast } from '../../ui/toasts';
import { useErrorMessage } from '../../ui/use-error-message';

const FIELD_ID = 'reply-to-message';

/**
 * The citizen answers a document an entity sent her (an `incoming-document` about a case): the
 * text (at most COMMUNICATIONS_MESSAGE_MAX_SIZE characters) reaches the case's messages.
 * Nothing for other messages.
 */
export function ReplyToMessage({ message }: { message: CitizenMessage }) {
  const { t } = useTranslation('messages');
  const errorMessage = useErrorMessage();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (body: string) =>
      apiFetch<{ data: CaseMessage }>(
        `/api/gates/USER/gate/inbox-entries/${encodeURIComponent(message.id)}/reply`,
        { method: 'POST', json: { message: body } },
      ),
  });
  if (message.type !== 'incoming-document' || typeof message.state_data.case_id !== 'string') {
    return null;
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      setError(t('reply.required'));
      document.getElementById(FIELD_ID)?.focus();
      return;
    }
    setError(null);
    send.mutate(text, {
      onSuccess: () => {
        setText('');
        showToast('success', () => t('reply.sent'));
      },
      onError: (cause) => setError(errorMessage(cause)),
    });
  };
  return (
    <form className="dilosi-message-reply" onSubmit={onSubmit} noValidate>
      <h2 className="govgr-heading-m">{t('reply.title')}</h2>
      <Field
        id={FIELD_ID}
        label={t('reply.label')}
        hint={t('reply.hint', { count: text.length, max: COMMUNICATIONS_MESSAGE_MAX_SIZE })}
        error={error}
      >
        <textarea
          id={FIELD_ID}
          className={inputClassName('govgr-textarea', error !== null)}
          rows={4}
          maxLength={COMMUNICATIONS_MESSAGE_MAX_SIZE}
          value={text}
          onChange={(event) => setText(event.target.value)}
          {...controlAria(FIELD_ID, { hasHint: true, hasError: error !== null })}
        />
      </Field>
      <button type="submit" className="govgr-btn govgr-btn-primary" disabled={send.isPending}>
        {t('reply.send')}
      </button>
    </form>
  );
}
