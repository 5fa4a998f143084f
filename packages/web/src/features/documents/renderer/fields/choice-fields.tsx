import type { Choice, HierarchyNode, Locale, StepField } from '@dilosi/domain';
import { controlAria, fieldClassName, inputClassName } from '../../../../ui/form';
import {
  ErrorMessage,
  FieldHint,
  FieldShell,
  GroupShell,
  hasHint,
  TechnicalError,
  useFieldLabel,
} from '../form-primitives';
import type { FieldComponentProps } from '../types';
import { useDocumentsText } from '../use-renderer-text';
import { DatasetSelectField } from './dataset-select-field';

/** The field's choices in choices-order when given (any others after), minus excluded ones. */
export function orderedChoices(field: StepField, excluded: readonly string[] = []): Choice[] {
  const choices = field.choices ?? [];
  const order = field['choices-order'];
  const sorted = order
    ? [...choices].sort((a, b) => {
        const rank = (value: string) => {
          const index = order.indexOf(value);
          return index === -1 ? order.length : index;
        };
        return rank(a.value) - rank(b.value);
      })
    : choices;
  return sorted.filter((choice) => !excluded.includes(choice.value));
}

function NoOptions(props: FieldComponentProps) {
  const t = useDocumentsText();
  const label = useFieldLabel(props);
  return (
    <div className={fieldClassName(Boolean(props.error))}>
      <p className="govgr-label" id={props.id} tabIndex={-1}>
        {label}
      </p>
      <ErrorMessage id={props.id} error={props.error} />
      <TechnicalError>{t('technical.noAvailableOptions')}</TechnicalError>
    </div>
  );
}

/** A single box to tick; the value is true or false. */
export function CheckboxField(props: FieldComponentProps) {
  const label = useFieldLabel(props, { markOptional: false });
  const { id, field, locale, value, onChange, error } = props;
  return (
    <div className={fieldClassName(Boolean(error))}>
      <ErrorMessage id={id} error={error} />
      <div className="govgr-checkboxes__item">
        <label className="govgr-checkboxes__label" htmlFor={id}>
          <input
            id={id}
            name={props.path}
            className="govgr-checkboxes__input"
            type="checkbox"
            checked={value === true}
            required={field.required}
            {...controlAria(id, { hasHint: hasHint(field), hasError: Boolean(error) })}
            onChange={(event) => onChange(event.target.checked)}
          />
          <span className={props.isLabelHidden ? 'govgr-visually-hidden' : undefined}>{label}</span>
        </label>
      </div>
      <FieldHint id={id} field={field} locale={locale} />
    </div>
  );
}

function SelectOptions({ choices, locale }: { choices: Choice[]; locale: Locale }) {
  const groups: { group?: string; choices: Choice[] }[] = [];
  for (const choice of choices) {
    const group = choice.group?.[locale];
    const last = groups.at(-1);
    if (last && last.group === group) last.choices.push(choice);
    else groups.push({ ...(group === undefined ? {} : { group }), choices: [choice] });
  }
  return (
    <>
      {groups.map((entry, index) => {
        const options = entry.choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label[locale]}
          </option>
        ));
        return entry.group === undefined ? (
          options
        ) : (
          <optgroup key={`${entry.group}-${index}`} label={entry.group}>
            {options}
          </optgroup>
        );
      })}
    </>
  );
}

/** A drop-down list; the value is the chosen option's value. */
export function ChoiceField(props: FieldComponentProps) {
  const t = useDocumentsText();
  const { id, field, locale, value, onChange, error } = props;
  const choices = orderedChoices(
    field,
    (props.excludedChoices ?? []).filter((choice) => choice !== value),
  );
  if (choices.length === 0) return <NoOptions {...props} />;
  return (
    <FieldShell props={props}>
      <select
        id={id}
        name={props.path}
        className={inputClassName('govgr-select', Boolean(error))}
        value={typeof value === 'string' ? value : ''}
        required={field.required}
        {...controlAria(id, {
          hasHint: !props.isLabelHidden && hasHint(field),
          hasError: Boolean(error),
        })}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{t('form.select')}</option>
        <SelectOptions choices={choices} locale={locale} />
      </select>
    </FieldShell>
  );
}

/** Radio buttons in a fieldset; the value is the chosen option's value. */
export function RadioChoiceField(props: FieldComponentProps) {
  const { id, field, locale, value, onChange } = props;
  const choices = orderedChoices(
    field,
    (props.excludedChoices ?? []).filter((choice) => choice !== value),
  );
  if (choices.length === 0) return <NoOptions {...props} />;
  return (
    <GroupShell props={props}>
      <div className="govgr-radios">
        {choices.map((choice, index) => {
          const optionId = index === 0 ? id : `${id}-${index}`;
          return (
            <div key={choice.value} className="govgr-radios__item">
              <label className="govgr-radios__label" htmlFor={optionId}>
                <input
                  id={optionId}
                  className="govgr-radios__input"
                  type="radio"
                  name={props.path}
                  value={choice.value}
                  checked={value === choice.value}
                  onChange={() => onChange(choice.value)}
                />
                {choice.label[locale]}
              </label>
            </div>
          );
        })}
      </div>
    </GroupShell>
  );
}

/** Check boxes in a fieldset; the value is the list of ticked values, in the options' order. */
export function MultipleChoiceField(props: FieldComponentProps) {
  const { id, field, locale, value, onChange } = props;
  const choices = orderedChoices(field);
  if (choices.length === 0) return <NoOptions {...props} />;
  const selected = Array.isArray(value) ? (value as string[]) : [];
  const toggle = (choice: string, isChecked: boolean) => {
    const next = new Set(selected);
    if (isChecked) next.add(choice);
    else next.delete(choice);
    onChange(choices.map((entry) => entry.value).filter((entry) => next.has(entry)));
  };
  return (
    <GroupShell props={props}>
      <div className="govgr-checkboxes">
        {choices.map((choice, index) => {
          const optionId = index === 0 ? id : `${id}-${index}`;
          return (
            <div key={choice.value} className="govgr-checkboxes__item">
              <label className="govgr-checkboxes__label" htmlFor={optionId}>
                <input
                  id={optionId}
                  className="govgr-checkboxes__input"
                  type="checkbox"
                  name={props.path}
                  value={choice.value}
                  checked={selected.includes(choice.value)}
                  onChange={(event) => toggle(choice.value, event.target.checked)}
                />
                {choice.label[locale]}
              </label>
            </div>
          );
        })}
      </div>
    </GroupShell>
  );
}

/**
 * Choices in order of preference: row N offers the options not chosen in earlier rows. One more
 * row appears while fewer than max_choices are chosen; clearing a row removes it.
 */
export function PreferenceMultipleChoiceField(props: FieldComponentProps) {
  const t = useDocumentsText();
  const { id, field, locale, value, onChange, error } = props;
  const choices = orderedChoices(field);
  if (choices.length === 0) return <NoOptions {...props} />;
  const chosen = Array.isArray(value) ? (value as string[]) : [];
  const params = field['component-params'];
  const maxRows = Math.min(params.max_choices ?? choices.length, choices.length);
  const minRows = Math.max(params.min_choices ?? 0, 1);
  const rowCount = Math.min(Math.max(chosen.length + 1, minRows), maxRows);
  const setRow = (row: number, choice: string) => {
    const next = [...chosen];
    if (choice === '') next.splice(row, 1);
    else next[row] = choice;
    // A choice taken by this row is dropped from the rows after it.
    onChange(next.filter((entry, index) => entry && next.indexOf(entry) === index));
  };
  return (
    <GroupShell props={props}>
      {Array.from({ length: rowCount }, (_, row) => {
        const rowId = row === 0 ? id : `${id}-${row}`;
        const earlier = chosen.slice(0, row);
        const disabled = row > chosen.length;
        return (
          <div key={row} className="govgr-field dilosi-preference-row">
            <label className="govgr-label" htmlFor={rowId}>
              {t('choice.preference', { number: row + 1 })}
            </label>
            <select
              id={rowId}
              className={inputClassName('govgr-select', row === 0 && Boolean(error))}
              value={chosen[row] ?? ''}
              disabled={disabled}
              {...(row === 0
                ? controlAria(id, { hasHint: hasHint(field), hasError: Boolean(error) })
                : {})}
              onChange={(event) => setRow(row, event.target.value)}
            >
              <option value="">{t('form.select')}</option>
              <SelectOptions
                choices={choices.filter((choice) => !earlier.includes(choice.value))}
                locale={locale}
              />
            </select>
          </div>
        );
      })}
    </GroupShell>
  );
}

/** Cascading selects, one per level of component-params.tree; the value is the path of values. */
export function HierarchicalSelectField(props: FieldComponentProps) {
  const t = useDocumentsText();
  const { id, field, locale, value, onChange, error } = props;
  const tree = field['component-params'].tree ?? [];
  const dataset = field['component-params'].dataset;
  if (dataset && tree.length === 0) return <DatasetSelectField {...props} dataset={dataset} />;
  if (tree.length === 0) return <NoOptions {...props} />;
  const path = Array.isArray(value) ? (value as string[]) : [];
  const levels: HierarchyNode[][] = [tree];
  for (const part of path) {
    const node = levels.at(-1)?.find((candidate) => candidate.value === part);
    if (!node?.children?.length) break;
    levels.push(node.children);
  }
  const labels = field['component-params'].levels;
  return (
    <GroupShell props={props}>
      {levels.map((nodes, level) => {
        const levelId = level === 0 ? id : `${id}-${level}`;
        return (
          <div key={level} className="govgr-field">
            <label className="govgr-label" htmlFor={levelId}>
              {labels?.[level]?.[locale] ?? t('choice.level', { number: level + 1 })}
            </label>
            <select
              id={levelId}
              className={inputClassName('govgr-select', level === 0 && Boolean(error))}
              value={path[level] ?? ''}
              {...(level === 0
                ? controlAria(id, { hasHint: hasHint(field), hasError: Boolean(error) })
                : {})}
              onChange={(event) => {
                const next = path.slice(0, level);
                if (event.target.value) next.push(event.target.value);
                onChange(next);
              }}
            >
              <option value="">{t('form.select')}</option>
              {nodes.map((node) => (
                <option key={node.value} value={node.value}>
                  {node.label[locale]}
                </option>
              ))}
            </select>
          </div>
        );
      })}
    </GroupShell>
  );
}
