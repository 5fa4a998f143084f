import { ANNOTATION_ANY_VALUE, annotationFilter } from '@dilosi/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnotationFields } from '../../../api/annotation-fields';

/**
 * The search panel's annotation filter (issue #41): one of the entity's fields and a value, as
 * the form's `annotation_field` and `annotation_value` (the panel joins them in the URL). The
 * value is a list for yes/no and choice fields, "has an attachment" for an attachment field, a
 * date or a text otherwise. Nothing when the
 * entity has no annotation fields.
 */
export function AnnotationFilter({
  entityId,
  current,
}: {
  entityId: string;
  current: string | null;
}) {
  const { t } = useTranslation('dashboard');
  const fields = useAnnotationFields(entityId).data?.data ?? [];
  const initial = annotationFilter(current ?? undefined);
  const [fieldId, setFieldId] = useState(initial?.fieldId ?? '');
  if (fields.length === 0) return null;
  const field = fields.find((candidate) => candidate.id === fieldId);
  const value = initial?.fieldId === fieldId ? initial.value : '';
  const options =
    field?.kind === 'yes_no'
      ? [
          { value: 'yes', label: t('annotations.yes') },
          { value: 'no', label: t('annotations.no') },
        ]
      : field?.kind === 'choice'
        ? field.choices.map((choice) => ({ value: choice, label: choice }))
        : field?.kind === 'attachment'
          ? [{ value: ANNOTATION_ANY_VALUE, label: t('annotations.file.hasFile') }]
          : null;
  return (
    <div className="govgr-form-group">
      <label className="govgr-label" htmlFor="search-annotation_field">
        {t('annotations.filter')}
      </label>
      <select
        className="govgr-select"
        id="search-annotation_field"
        name="annotation_field"
        value={fieldId}
        onChange={(event) => setFieldId(event.target.value)}
      >
        <option value="">{t('annotations.anyAnnotation')}</option>
        {fields.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.label}
          </option>
        ))}
      </select>
      {field ? (
        <>
          <label className="govgr-label" htmlFor="search-annotation_value">
            {t('annotations.filterValue')}
          </label>
          {options ? (
            <select
              className="govgr-select"
              id="search-annotation_value"
              name="annotation_value"
              key={field.id}
              defaultValue={value}
            >
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          ) : (
            <input
              className="govgr-input"
              id="search-annotation_value"
              name="annotation_value"
              key={field.id}
              type={field.kind === 'date' ? 'date' : 'text'}
              defaultValue={value}
            />
          )}
        </>
      ) : null}
    </div>
  );
}
