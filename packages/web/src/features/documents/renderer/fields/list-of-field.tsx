import { useEffect, useRef, useState } from 'react';
import type { StepField } from '@dilosi/domain';
import { useRenderField } from '../field-slot';
import { describedBy, fieldClassName, hintId, errorId } from '../../../../ui/form';
import { ErrorMessage, FieldHint, hasHint } from '../form-primitives';
import { fieldDomId, newListRow, normalizeOnBlur } from '../form-values';
import type { FieldComponentProps } from '../types';
import { useDocumentsText } from '../use-renderer-text';

type Row = Record<string, unknown>;

/**
 * Rows of sub-fields (spec section 3, listOf params): a table (one column per sub-field) or cards,
 * with add, remove and (when sortable) move buttons. Adding stops at `multiplicity`; `fixed` rows
 * cannot be added or removed; `solo` is exactly one row without controls; a `multiplicity-unique`
 * column does not offer a choice another row already took. Value: an array of row objects.
 */
export function ListOfField(props: FieldComponentProps) {
  const t = useDocumentsText();
  const renderField = useRenderField();
  const { id, path, field, locale, value, onChange, errors } = props;
  const list = field['list-of'];
  const rows: Row[] = Array.isArray(value) ? (value as Row[]) : [];
  const nextRowId = useRef(rows.length);
  const [rowIds, setRowIds] = useState<number[]>(() => rows.map((_, index) => index));
  const [focusRequest, setFocusRequest] = useState<{ target: string } | null>(null);

  useEffect(() => {
    if (focusRequest) document.getElementById(focusRequest.target)?.focus();
  }, [focusRequest]);

  if (!list) return null;
  const subFields = list.fields;
  const itemLabel = list.multiplicityLabels?.item[locale] ?? t('list.item');
  const addLabel = list.multiplicityLabels?.add[locale] ?? t('list.add');
  const hasControls = !list.solo && !list.fixed && !list.readonly;
  const isAtMax = rows.length >= list.multiplicity;
  const label = field.label[locale];
  const optional = field.required ? '' : ` ${t('form.optional')}`;
  const listError = props.error;
  const uniqueKey = list['multiplicity-unique'];
  const keys = rowIds.length === rows.length ? rowIds : rows.map((_, index) => index);
  const rowName = (index: number) => t('list.rowName', { item: itemLabel, number: index + 1 });
  const cellPath = (index: number, sub: StepField) => `${path}.${index}.${sub.key}`;
  const firstControl = (index: number) => {
    const first = subFields[0];
    return first ? fieldDomId(cellPath(index, first)) : `${id}-add`;
  };

  const setRows = (next: Row[], nextIds: number[]) => {
    setRowIds(nextIds);
    onChange(next);
  };
  const add = () => {
    const rowId = nextRowId.current++;
    setRows([...rows, newListRow(field)], [...keys, rowId]);
    setFocusRequest({ target: firstControl(rows.length) });
  };
  const remove = (index: number) => {
    setRows(
      rows.filter((_, i) => i !== index),
      keys.filter((_, i) => i !== index),
    );
    setFocusRequest({ target: index > 0 ? firstControl(index - 1) : id });
  };
  const move = (index: number, offset: -1 | 1) => {
    const target = index + offset;
    const nextRows = [...rows];
    const nextIds = [...keys];
    [nextRows[index], nextRows[target]] = [nextRows[target] as Row, nextRows[index] as Row];
    [nextIds[index], nextIds[target]] = [nextIds[target] as number, nextIds[index] as number];
    setRows(nextRows, nextIds);
    // Focus follows the moved row; at either end the button that is still enabled takes it.
    const isAtEnd = target === 0 || target === rows.length - 1;
    const direction = offset < 0 !== isAtEnd ? 'up' : 'down';
    setFocusRequest({ target: `${id}-row-${target}-${direction}` });
  };
  const setCell = (index: number, key: string, cell: unknown) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [key]: cell } : row)));

  const cell = (row: Row, index: number, sub: StepField, isInTable: boolean) => {
    const subPath = cellPath(index, sub);
    const excluded =
      sub.key === uniqueKey
        ? rows
            .filter((_, i) => i !== index)
            .map((other) => other[sub.key])
            .filter((taken): taken is string => typeof taken === 'string' && taken !== '')
        : undefined;
    return renderField({
      ...props,
      field: sub,
      id: fieldDomId(subPath),
      path: subPath,
      value: row[sub.key],
      onChange: (next) => setCell(index, sub.key, next),
      onBlur: sub.normalize_upper
        ? () => setCell(index, sub.key, normalizeOnBlur(sub, row[sub.key]))
        : undefined,
      error: errors.get(subPath),
      ...(isInTable
        ? {
            isLabelHidden: true,
            labelText: t('list.cellLabel', { label: sub.label[locale], row: rowName(index) }),
          }
        : {}),
      ...(excluded ? { excludedChoices: excluded } : {}),
    });
  };

  const rowControls = (index: number) =>
    hasControls ? (
      <div className="govgr-button-group dilosi-list-controls">
        {list['multiplicity-sortable'] ? (
          <>
            <button
              id={`${id}-row-${index}-up`}
              type="button"
              className="govgr-btn govgr-btn-secondary dilosi-btn-small"
              disabled={index === 0}
              aria-label={`${t('list.moveUp')} ${rowName(index)}`}
              onClick={() => move(index, -1)}
            >
              {t('list.moveUp')}
            </button>
            <button
              id={`${id}-row-${index}-down`}
              type="button"
              className="govgr-btn govgr-btn-secondary dilosi-btn-small"
              disabled={index === rows.length - 1}
              aria-label={`${t('list.moveDown')} ${rowName(index)}`}
              onClick={() => move(index, 1)}
            >
              {t('list.moveDown')}
            </button>
          </>
        ) : null}
        <button
          type="button"
          className="govgr-btn govgr-btn-warning dilosi-btn-small"
          aria-label={`${t('list.remove')} ${rowName(index)}`}
          onClick={() => remove(index)}
        >
          {t('list.remove')}
        </button>
      </div>
    ) : null;

  let body;
  if (list.solo) {
    body = subFields.map((sub) => <div key={sub.key}>{cell(rows[0] ?? {}, 0, sub, false)}</div>);
  } else if (list.layout === 'card') {
    body = rows.map((row, index) => (
      <fieldset key={keys[index]} className="govgr-card govgr-card--border dilosi-list-card">
        <legend className="govgr-heading-s dilosi-list-card__title">{rowName(index)}</legend>
        {subFields.map((sub) => (
          <div key={sub.key}>{cell(row, index, sub, false)}</div>
        ))}
        {rowControls(index)}
      </fieldset>
    ));
  } else {
    body =
      rows.length === 0 ? null : (
        <div
          className="govgr-table-container dilosi-scroll-x"
          role="region"
          aria-labelledby={`${id}-caption`}
          tabIndex={0}
        >
          <table className="govgr-table govgr-table--dense dilosi-list-table">
            <caption id={`${id}-caption`} className="govgr-visually-hidden">
              {label}
            </caption>
            <thead className="govgr-table__head">
              <tr className="govgr-table__row">
                <th scope="col" className="govgr-table__header">
                  <span className="govgr-visually-hidden">{itemLabel}</span>
                </th>
                {subFields.map((sub) => (
                  <th key={sub.key} scope="col" className="govgr-table__header">
                    {sub.label[locale]}
                    {sub.required ? '' : ` ${t('form.optional')}`}
                  </th>
                ))}
                {hasControls ? (
                  <th scope="col" className="govgr-table__header">
                    {t('list.actions')}
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody className="govgr-table__body govgr-table__body--vertical-top">
              {rows.map((row, index) => (
                <tr key={keys[index]} className="govgr-table__row">
                  <th scope="row" className="govgr-table__header">
                    {index + 1}
                  </th>
                  {subFields.map((sub) => (
                    <td key={sub.key} className="govgr-table__cell">
                      {cell(row, index, sub, true)}
                    </td>
                  ))}
                  {hasControls ? <td className="govgr-table__cell">{rowControls(index)}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  }

  return (
    <div className={fieldClassName(Boolean(listError), 'dilosi-list')}>
      <fieldset
        id={hasControls ? undefined : id}
        tabIndex={hasControls ? undefined : -1}
        className="govgr-fieldset"
        aria-describedby={describedBy(hasHint(field) && hintId(id), listError && errorId(id))}
      >
        <legend className="govgr-fieldset__legend govgr-heading-s">
          {label}
          {optional}
        </legend>
        <FieldHint id={id} field={field} locale={locale} />
        <ErrorMessage id={id} error={listError} />
        {body}
        {!list.solo && rows.length === 0 ? <p className="govgr-body">{t('list.empty')}</p> : null}
        {hasControls ? (
          <>
            <button
              id={id}
              type="button"
              className="govgr-btn govgr-btn-secondary"
              disabled={isAtMax}
              aria-describedby={describedBy(listError && errorId(id), isAtMax && `${id}-max`)}
              onClick={add}
            >
              {addLabel}
            </button>
            {isAtMax ? (
              <p id={`${id}-max`} className="govgr-hint">
                {t('list.maxReached', { max: list.multiplicity })}
              </p>
            ) : null}
          </>
        ) : null}
      </fieldset>
    </div>
  );
}
