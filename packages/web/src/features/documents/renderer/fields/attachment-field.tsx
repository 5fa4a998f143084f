import { useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import type { AppConfig, Locale } from '@dilosi/domain';
import { getAppConfigQueryOptions } from '../../../../api/get-app-config';
import { controlAria, inputClassName } from '../../../../ui/form';
import { FieldShell } from '../form-primitives';
import { isAttachmentState } from '../form-values';
import type { AttachmentState, FieldComponentProps, FieldErrorView } from '../types';
import { useDocumentsText, useValidationMessage, type DocumentsText } from '../use-renderer-text';

/** Spec section 9: 5 MB unless the field or the configuration (FILE_MAX_SIZE) says otherwise. */
export const DEFAULT_FILE_MAX_SIZE = 5_242_880;
const MB = 1_048_576;

function formatNumber(value: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
}

export function formatFileSize(size: number, locale: Locale, t: DocumentsText): string {
  return size < MB
    ? t('attachment.sizeKb', { size: formatNumber(Math.max(size / 1024, 0.1), locale) })
    : t('attachment.sizeMb', { size: formatNumber(size / MB, locale) });
}

function isPdf(file: File): boolean {
  return file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
}

// Spec section 5: a file is the same file when name, size and lastModified match.
function isSameFile(a: File, b: File): boolean {
  return a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
}

/**
 * PDF files: those already attached (kept unless removed) and those picked now. A file that is
 * not a PDF or is too large is refused at once, with its message on the field.
 * Value: { keep: AttachmentValue[], files: File[] } (sent as `keep` and `files`).
 */
export function AttachmentField(props: FieldComponentProps) {
  const t = useDocumentsText();
  const message = useValidationMessage(props.locale);
  const queryClient = useQueryClient();
  const { id, field, locale, value, onChange } = props;
  const state: AttachmentState = isAttachmentState(value) ? value : { keep: [], files: [] };
  const [pickError, setPickError] = useState<FieldErrorView | undefined>();
  const config = queryClient.getQueryData<AppConfig>(getAppConfigQueryOptions().queryKey);
  const maxSize =
    field['component-params']['file-max-size'] ??
    config?.settings.FILE_MAX_SIZE ??
    DEFAULT_FILE_MAX_SIZE;
  const maxMb = formatNumber(maxSize / MB, locale);
  const maxFiles = field['component-params'].max_files ?? 1;
  const error = pickError ?? props.error;
  const label = field.label[locale];

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])];
    event.target.value = '';
    if (picked.length === 0) return;
    const refuse = (code: string, params?: Record<string, string | number>) =>
      setPickError({ code, message: message({ code, ...(params ? { params } : {}) }, label) });
    if (picked.some((file) => !isPdf(file))) return refuse('file_type_invalid');
    if (picked.some((file) => file.size > maxSize))
      return refuse('file_too_large', { max_mb: maxMb });
    setPickError(undefined);
    if (maxFiles === 1) {
      onChange({ keep: [], files: picked.slice(0, 1) });
      return;
    }
    const added = picked.filter((file) => !state.files.some((known) => isSameFile(known, file)));
    onChange({ keep: state.keep, files: [...state.files, ...added] });
  };

  const entries = [
    ...state.keep.map((file) => ({
      key: `keep-${file.file_id}`,
      name: file.filename,
      size: file.size,
      remove: () => onChange({ ...state, keep: state.keep.filter((k) => k !== file) }),
    })),
    ...state.files.map((file, index) => ({
      key: `new-${index}-${file.name}`,
      name: file.name,
      size: file.size,
      remove: () => onChange({ ...state, files: state.files.filter((f) => f !== file) }),
    })),
  ];

  return (
    <FieldShell props={{ ...props, error }} extraHint={t('attachment.hint', { max_mb: maxMb })}>
      {entries.length > 0 ? (
        <ul className="govgr-list dilosi-file-list" aria-label={t('attachment.files')}>
          {entries.map((entry) => (
            <li key={entry.key} className="govgr-uploaded-file dilosi-file-list__item">
              <span className="dilosi-file-list__name">
                {entry.name}{' '}
                <span className="dilosi-meta">({formatFileSize(entry.size, locale, t)})</span>
              </span>
              <button
                type="button"
                className="govgr-btn govgr-btn-secondary dilosi-btn-small"
                aria-label={`${t('attachment.remove')} ${entry.name}`}
                onClick={entry.remove}
              >
                {t('attachment.remove')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id={id}
        name={props.path}
        className={inputClassName('govgr-file-input', Boolean(error))}
        type="file"
        accept="application/pdf,.pdf"
        multiple={maxFiles > 1}
        {...controlAria(id, { hasHint: true, hasError: Boolean(error) })}
        onChange={onPick}
      />
    </FieldShell>
  );
}
