import {
  INBOX_STANDARD_COLUMNS,
  inboxColumnsParam,
  type AnnotationField,
  type InboxColumn,
} from '@dilosi/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The choice of the list's columns (issue #41): the state, template, citizen and assignee, and
 * the entity's annotation fields, as checkboxes; applying it hands the list's new `columns`
 * parameter (null for the standard four) to `onChoose`. The date and the case are always shown.
 */
export function ColumnChooser({
  columns,
  fields,
  onChoose,
}: {
  columns: readonly InboxColumn[];
  fields: readonly AnnotationField[];
  onChoose: (columns: string | null) => void;
}) {
  const { t } = useTranslation('dashboard');
  const [chosen, setChosen] = useState<ReadonlySet<InboxColumn>>(() => new Set(columns));
  const options: { column: InboxColumn; label: string }[] = [
    ...INBOX_STANDARD_COLUMNS.map((column) => ({ column, label: t(`columns.${column}`) })),
    ...fields.map((field) => ({
      column: `annotation:${field.id}` as InboxColumn,
      label: field.label,
    })),
  ];
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // In the order of the options: the standard columns first, then the fields as added.
    onChoose(inboxColumnsParam(options.map((o) => o.column).filter((c) => chosen.has(c))));
  };
  const toggle = (column: InboxColumn, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(column);
    else next.delete(column);
    setChosen(next);
  };
  return (
    <details className="govgr-details">
      <summary className="govgr-details__summary">
        <span className="govgr-details__summary-text">{t('columns.title')}</span>
      </summary>
      <form className="govgr-details__text" onSubmit={onSubmit}>
        <fieldset className="govgr-fieldset">
          <legend className="govgr-fieldset__legend">{t('columns.legend')}</legend>
          <div className="govgr-checkboxes">
            {options.map(({ column, label }) => (
              <div className="govgr-checkboxes__item" key={column}>
                <input
                  className="govgr-checkboxes__input"
                  id={`column-${column}`}
                  type="checkbox"
                  checked={chosen.has(column)}
                  onChange={(event) => toggle(column, event.target.checked)}
                />
                <label className="govgr-label govgr-checkboxes__label" htmlFor={`column-${column}`}>
                  {label}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
        <button type="submit" className="govgr-btn govgr-btn-secondary">
          {t('columns.apply')}
        </button>
      </form>
    </details>
  );
}
