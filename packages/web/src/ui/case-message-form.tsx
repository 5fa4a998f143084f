import {
  CASE_MESSAGE_ATTACHMENT_FIELD,
  COMMUNICATIONS_MESSAGE_MAX_SIZE,
  type CaseMessage,
} from '@dilosi/domain';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch, isApiRequestError } from '../api/api-client';
import { useAppConfig } from '../api/get-app-config';
import { controlAria, Field, inputClassName } from './form';
import { showToast } from './toasts';
import { useErrorMessage } from './use-error-message';

/**
 * Sends a citizen's message into a case's thread (issue #33): JSON, or multipart with the one
 * PDF in `file__attachment` beside the `json` part, as the server's upload routes take them.
 */
export function sendCitizenMessage(url: string, message: string, file: File | null) {
  if (!file) return apiFetch<{ data: CaseMessage }>(url, { method: 'POST', json: { message } });
  const form = new FormData();
  form.append('json', JSON.stringify({ message }));
  form.append(`file__${CASE_MESSAGE_ATTACHMENT_FIELD}`, file, file.name);
  return apiFetch<{ data: CaseMessage }>(url, { method: 'POST', body: form });
}

/**
 * The citizen's message form of a case's thread: her text (at most
 * COMMUNICATIONS_MESSAGE_MAX_SIZE characters) and one optional PDF. `onSend` posts it; on
 * success the form empties and a toast says so; a refusal shows under the field it concerns.
 */
export function CaseMessageForm({
  id,
  title,
  onSend,
  children,
}: {
  id: string;
  title: string;
  onSend: (message: string, file: File | null) => Promise<unknown>;
  /** Shown under the button (a link to the thread). */
  children?: ReactNode;
}) {
  const { t } = useTranslation('messages');
  const errorMessage = useErrorMessage();
  const { FILE_MAX_SIZE } = useAppConfig().settings;
  const maxMb = Math.round((FILE_MAX_SIZE / 1_048_576) * 10) / 10;
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);
  const textId = `${id}-message`;
  const fileId = `${id}-attachment`;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFileError(null);
    if (text.trim() === '') {
      setError(t('reply.required'));
      document.getElementById(textId)?.focus();
      return;
    }
    setError(null);
    setIsPending(true);
    try {
      await onSend(text, file);
      setText('');
      setFile(null);
      setFileKey((key) => key + 1);
      showToast('success', () => t('reply.sent'));
    } catch (cause) {
      if (isApiRequestError(cause) && cause.code === 'event_limit_reached') {
        setError(t('reply.tooMany'));
      } else if (isApiRequestError(cause) && isFileRefusal(cause.code, cause.data)) {
        setFileError(errorMessage(cause));
        document.getElementById(fileId)?.focus();
      } else {
        const fieldCode = isApiRequestError(cause) ? firstFieldCode(cause.data) : undefined;
        setError(errorMessage(fieldCode ?? cause));
        document.getElementById(textId)?.focus();
      }
    } finally {
      setIsPending(false);
    }
  };

  return (
    <form className="dilosi-message-reply" onSubmit={(event) => void onSubmit(event)} noValidate>
      <h2 className="govgr-heading-m">{title}</h2>
      <Field
        id={textId}
        label={t('reply.label')}
        hint={t('reply.hint', { count: text.length, max: COMMUNICATIONS_MESSAGE_MAX_SIZE })}
        error={error}
      >
        <textarea
          id={textId}
          className={inputClassName('govgr-textarea', error !== null)}
          rows={4}
          maxLength={COMMUNICATIONS_MESSAGE_MAX_SIZE}
          value={text}
          onChange={(event) => setText(event.target.value)}
          {...controlAria(textId, { hasHint: true, hasError: error !== null })}
        />
      </Field>
      <Field
        id={fileId}
        label={t('reply.attachment')}
        hint={t('reply.attachmentHint', { max_mb: maxMb })}
        error={fileError}
      >
        <input
          key={fileKey}
          id={fileId}
          type="file"
          accept="application/pdf,.pdf"
          className={inputClassName('govgr-file', fileError !== null)}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          {...controlAria(fileId, { hasHint: true, hasError: fileError !== null })}
        />
      </Field>
      <button type="submit" className="govgr-btn govgr-btn-primary" disabled={isPending}>
        {t('reply.send')}
      </button>
      {children}
    </form>
  );
}

const FILE_CODES = new Set([
  'file_too_large',
  'file_type_invalid',
  'pdf_encrypted',
  'pdf_invalid',
  'pdf_too_complex',
  'pdf_active_content',
  'payload_too_large',
]);

function isFileRefusal(code: string, data: unknown): boolean {
  if (FILE_CODES.has(code)) return true;
  return firstField(data) === CASE_MESSAGE_ATTACHMENT_FIELD;
}

function firstFieldEntry(data: unknown) {
  const fields = (data as { invalid_fields?: unknown } | undefined)?.invalid_fields;
  return Array.isArray(fields)
    ? (fields[0] as { invalid_field?: string; error_info?: { code?: string } } | undefined)
    : undefined;
}
const firstField = (data: unknown) => firstFieldEntry(data)?.invalid_field;
/** message_required, message_too_long: the field's code, which the errors catalog names. */
const firstFieldCode = (data: unknown) => firstFieldEntry(data)?.error_info?.code;
