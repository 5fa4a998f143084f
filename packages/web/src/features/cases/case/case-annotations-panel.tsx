import type { AnnotationField, CaseAnnotation } from '@dilosi/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Select, Textarea, TextInput } from '../../../ui/form';
import { showToast } from '../../../ui/toasts';
import { fieldErrorOf, useErrorMessage } from '../../../ui/use-error-message';
import {
  createAnnotationFileUrl,
  useCaseAnnotations,
  useSetAnnotation,
  useUploadAnnotationFile,
} from '../api/annotations';
import { when } from './when';

/**
 * The entity's private annotations of the case (issue #41), never shown to the citizen: each
 * field its own small form (a choice, a date, a number, a text, yes or no, a PDF), saved on its
 * own; nothing when the entity has no field for the case's template.
 */
export function CaseAnnotationsPanel({
  entityId,
  inboxId,
  editable,
}: {
  entityId: string;
  inboxId: string;
  editable: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const query = useCaseAnnotations(entityId, inboxId);
  if (!query.data || query.data.data.fields.length === 0) return null;
  const { fields, values } = query.data.data;
  return (
    <section className="dilosi-case-annotations" aria-labelledby="case-annotations-title">
      <h2 className="govgr-heading-s" id="case-annotations-title">
        {t('annotations.title')}
      </h2>
      <p className="govgr-hint">{t('annotations.private')}</p>
      {fields.map((field) =>
        field.kind === 'attachment' ? (
          <AttachmentAnnotation
            key={field.id}
            entityId={entityId}
            inboxId={inboxId}
            field={field}
            value={values.find((v) => v.field_id === field.id)}
            editable={editable}
          />
        ) : (
          <AnnotationForm
            key={`${field.id}:${values.find((v) => v.field_id === field.id)?.value ?? ''}`}
            entityId={entityId}
            inboxId={inboxId}
            field={field}
            value={values.find((v) => v.field_id === field.id)}
            editable={editable}
          />
        ),
      )}
    </section>
  );
}

function AnnotationForm({
  entityId,
  inboxId,
  field,
  value,
  editable,
}: {
  entityId: string;
  inboxId: string;
  field: AnnotationField;
  value: CaseAnnotation | undefined;
  editable: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const errorMessage = useErrorMessage();
  const save = useSetAnnotation(entityId, inboxId);
  const [draft, setDraft] = useState(value?.value ?? '');
  const [error, setError] = useState<string | null>(null);
  const id = `annotation-${field.id}`;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    save.mutate(
      { fieldId: field.id, value: draft.trim() === '' ? null : draft },
      {
        onSuccess: () => showToast('success', () => t('annotations.saved', { label: field.label })),
        onError: (failure) => setError(errorMessage(fieldErrorOf(failure))),
      },
    );
  };
  const hint = value?.updated_at
    ? t('annotations.changed', {
        name: value.updated_by_display_name ?? '—',
        when: when(value.updated_at),
      })
    : undefined;
  const common = {
    id,
    label: field.label,
    hint,
    error,
    disabled: !editable || save.isPending,
    value: draft,
  };
  return (
    <form className="dilosi-annotation" onSubmit={onSubmit} noValidate>
      {field.kind === 'yes_no' || field.kind === 'choice' ? (
        <Select {...common} onChange={(event) => setDraft(event.target.value)}>
          <option value="">{t('annotations.empty')}</option>
          {field.kind === 'yes_no' ? (
            <>
              <option value="yes">{t('annotations.yes')}</option>
              <option value="no">{t('annotations.no')}</option>
            </>
          ) : (
            field.choices.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))
          )}
        </Select>
      ) : field.kind === 'text' ? (
        <Textarea
          {...common}
          rows={3}
          maxLength={500}
          onChange={(event) => setDraft(event.target.value)}
        />
      ) : (
        <TextInput
          {...common}
          type={field.kind === 'date' ? 'date' : 'text'}
          inputMode={field.kind === 'number' ? 'decimal' : undefined}
          onChange={(event) => setDraft(event.target.value)}
        />
      )}
      {editable ? (
        <button
          type="submit"
          className="govgr-btn govgr-btn-secondary"
          disabled={save.isPending || draft === (value?.value ?? '')}
          aria-label={t('annotations.saveNamed', { label: field.label })}
        >
          {t('annotations.save')}
        </button>
      ) : null}
    </form>
  );
}

/**
 * An attachment annotation: its PDF's name and a download button when there is one, a file
 * input that uploads (or replaces) it at once, and a button that removes it.
 */
function AttachmentAnnotation({
  entityId,
  inboxId,
  field,
  value,
  editable,
}: {
  entityId: string;
  inboxId: string;
  field: AnnotationField;
  value: CaseAnnotation | undefined;
  editable: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const errorMessage = useErrorMessage();
  const upload = useUploadAnnotationFile(entityId, inboxId);
  const clear = useSetAnnotation(entityId, inboxId);
  const [error, setError] = useState<string | null>(null);
  const id = `annotation-${field.id}`;
  const filename = value?.value ?? null;
  const busy = upload.isPending || clear.isPending;
  const onFile = (file: File | undefined) => {
    if (!file) return;
    setError(null);
    upload.mutate(
      { fieldId: field.id, file },
      {
        onSuccess: () =>
          showToast('success', () => t('annotations.file.uploaded', { label: field.label })),
        onError: (failure) => setError(errorMessage(fieldErrorOf(failure))),
      },
    );
  };
  const onRemove = () => {
    setError(null);
    clear.mutate(
      { fieldId: field.id, value: null },
      {
        onSuccess: () =>
          showToast('success', () => t('annotations.file.removed', { label: field.label })),
        onError: (failure) => setError(errorMessage(fieldErrorOf(failure))),
      },
    );
  };
  const onDownload = () => {
    createAnnotationFileUrl(entityId, inboxId, field.id).then(
      (answer) => window.location.assign(answer.download_url),
      (failure: unknown) => showToast('error', () => errorMessage(failure)),
    );
  };
  return (
    <div
      className="dilosi-annotation govgr-form-group"
      role="group"
      aria-labelledby={`${id}-label`}
    >
      <p className="govgr-label" id={`${id}-label`}>
        {field.label}
      </p>
      {value?.updated_at ? (
        <p className="govgr-hint">
          {t('annotations.changed', {
            name: value.updated_by_display_name ?? '—',
            when: when(value.updated_at),
          })}
        </p>
      ) : null}
      {error ? (
        <p className="govgr-error-message" role="alert">
          {error}
        </p>
      ) : null}
      {filename ? (
        <button type="button" className="govgr-btn govgr-btn-secondary" onClick={onDownload}>
          {t('annotations.file.download', { filename })}
        </button>
      ) : (
        <p className="govgr-body">{t('annotations.file.noFile')}</p>
      )}
      {editable ? (
        <>
          <label className="govgr-label" htmlFor={id}>
            {t('annotations.file.upload', { label: field.label })}
          </label>
          <p className="govgr-hint">{t('annotations.file.uploadHint')}</p>
          <input
            id={id}
            className="govgr-file-upload"
            type="file"
            accept="application/pdf,.pdf"
            disabled={busy}
            onChange={(event) => {
              onFile(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          {filename ? (
            <button
              type="button"
              className="govgr-btn govgr-btn-warning"
              disabled={busy}
              onClick={onRemove}
            >
              {t('annotations.file.remove', { label: field.label })}
            </button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
