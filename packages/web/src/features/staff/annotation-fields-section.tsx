import { ANNOTATION_KINDS, type AnnotationKind } from '@dilosi/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnotationFields } from '../../api/annotation-fields';
import { useInboxTemplates } from '../../api/inbox-templates';
import { useLocale } from '../../i18n/use-locale';
import { Select, Textarea, TextInput } from '../../ui/form';
import { showToast } from '../../ui/toasts';
import { fieldErrorOf, useErrorMessage } from '../../ui/use-error-message';
import { useCreateAnnotationField, useDeleteAnnotationField } from './api/annotation-fields';

type Errors = Partial<Record<'label' | 'choices' | 'template' | 'form', string>>;

/**
 * The head's annotation fields (issue #41): the list, each with its kind and template and a
 * delete button, and a form to add one (a name, a kind, the choices of a choice field, for every
 * case or one template).
 */
export function AnnotationFieldsSection({ entityId }: { entityId: string }) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const errorMessage = useErrorMessage();
  const fields = useAnnotationFields(entityId);
  const templates = useInboxTemplates(entityId);
  const create = useCreateAnnotationField(entityId);
  const remove = useDeleteAnnotationField(entityId);
  const [label, setLabel] = useState('');
  const [kind, setKind] = useState<AnnotationKind>('yes_no');
  const [choices, setChoices] = useState('');
  const [template, setTemplate] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const templateName = (refname: string | null) =>
    refname === null
      ? t('annotations.anyTemplate')
      : (templates.data?.data.find((row) => row.refname === refname)?.shortname[locale] ?? refname);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!label.trim()) {
      setErrors({ label: t('annotations.labelRequired') });
      return;
    }
    setErrors({});
    create.mutate(
      {
        label,
        kind,
        ...(kind === 'choice' ? { choices: choices.split('\n') } : {}),
        template: template || null,
      },
      {
        onSuccess: () => {
          setLabel('');
          setChoices('');
          showToast('success', () => t('annotations.added'));
        },
        onError: (failure) => {
          const message = errorMessage(fieldErrorOf(failure));
          const field = (failure as { data?: { invalid_fields?: { invalid_field?: string }[] } })
            .data?.invalid_fields?.[0]?.invalid_field;
          setErrors(
            field === 'choices' || field === 'template' || field === 'label'
              ? { [field]: message }
              : { label: message },
          );
        },
      },
    );
  };

  const list = fields.data?.data ?? [];
  return (
    <section aria-labelledby="annotation-fields-title">
      <h2 id="annotation-fields-title" className="govgr-heading-m">
        {t('annotations.fieldsTitle')}
      </h2>
      <p className="govgr-body">{t('annotations.fieldsIntro')}</p>
      {list.length === 0 ? (
        <p className="govgr-body">{t('annotations.none')}</p>
      ) : (
        <ul className="govgr-list" aria-label={t('annotations.fieldsTitle')}>
          {list.map((field) => (
            <li key={field.id}>
              <strong>{field.label}</strong> — {t(`annotations.kinds.${field.kind}`)}
              {field.kind === 'choice' ? ` (${field.choices.join(', ')})` : ''} ·{' '}
              {templateName(field.template)}{' '}
              <button
                type="button"
                className="govgr-link"
                disabled={remove.isPending}
                aria-label={t('annotations.deleteNamed', { label: field.label })}
                onClick={() =>
                  remove.mutate(field.id, {
                    onSuccess: () => showToast('success', () => t('annotations.deleted')),
                    onError: (failure) => showToast('error', errorMessage(failure)),
                  })
                }
              >
                {t('annotations.delete')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={onSubmit} noValidate className="dilosi-annotation-fields-form">
        <TextInput
          id="annotation-field-label"
          label={t('annotations.label')}
          error={errors.label}
          maxLength={80}
          value={label}
          onChange={(event) => setLabel(event.target.value)}
        />
        <Select
          id="annotation-field-kind"
          label={t('annotations.kind')}
          value={kind}
          onChange={(event) => setKind(event.target.value as AnnotationKind)}
        >
          {ANNOTATION_KINDS.map((option) => (
            <option key={option} value={option}>
              {t(`annotations.kinds.${option}`)}
            </option>
          ))}
        </Select>
        {kind === 'choice' ? (
          <Textarea
            id="annotation-field-choices"
            label={t('annotations.choices')}
            hint={t('annotations.choicesHint')}
            error={errors.choices}
            rows={4}
            value={choices}
            onChange={(event) => setChoices(event.target.value)}
          />
        ) : null}
        <Select
          id="annotation-field-template"
          label={t('annotations.template')}
          error={errors.template}
          value={template}
          onChange={(event) => setTemplate(event.target.value)}
        >
          <option value="">{t('annotations.anyTemplate')}</option>
          {(templates.data?.data ?? []).map((row) => (
            <option key={row.refname} value={row.refname}>
              {row.shortname[locale]}
            </option>
          ))}
        </Select>
        <button type="submit" className="govgr-btn govgr-btn-secondary" disabled={create.isPending}>
          {t('annotations.add')}
        </button>
      </form>
    </section>
  );
}
