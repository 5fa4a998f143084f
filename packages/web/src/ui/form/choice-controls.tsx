import type { ReactNode } from 'react';
import { controlAria } from './field-ids';

/** One answer: its label, a description line under it (`hint`), and whether it can be chosen. */
export type RadioOption<V extends string> = {
  value: V;
  label: ReactNode;
  hint?: ReactNode;
  isDisabled?: boolean;
};

/**
 * The GOV.GR radios of a question (put them in a `FieldGroup`, whose legend is the question).
 * The first option carries `id`, so an error summary's link lands on it; the others `id-value`.
 * A form's field (`useSchemaForm`'s `field(name)`) can be spread onto it.
 */
export function RadioGroup<V extends string>({
  id,
  name,
  options,
  value,
  onChange,
  onBlur,
  isInline = false,
}: {
  id: string;
  name: string;
  options: readonly RadioOption<V>[];
  value: V | null;
  onChange: (value: V) => void;
  onBlur?: () => void;
  isInline?: boolean;
}) {
  return (
    <div className={isInline ? 'govgr-radios govgr-radios--inline' : 'govgr-radios'}>
      {options.map((option, index) => {
        const optionId = index === 0 ? id : `${id}-${option.value}`;
        return (
          <div key={option.value} className="govgr-radios__item">
            <label className="govgr-radios__label" htmlFor={optionId}>
              <input
                id={optionId}
                className="govgr-radios__input"
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                disabled={option.isDisabled}
                {...(option.hint ? { 'aria-describedby': `${optionId}-hint` } : {})}
                onChange={() => onChange(option.value)}
                onBlur={onBlur}
              />
              {option.label}
            </label>
            {option.hint ? (
              <p id={`${optionId}-hint`} className="govgr-hint govgr-radios__hint">
                {option.hint}
              </p>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}

/** One GOV.GR box to tick, its label beside it; `hint` under it when given. */
export function Checkbox({
  id,
  checked,
  onChange,
  label,
  hint,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <div className="govgr-checkboxes">
      <div className="govgr-checkboxes__item">
        <label className="govgr-checkboxes__label" htmlFor={id}>
          <input
            id={id}
            className="govgr-checkboxes__input"
            type="checkbox"
            checked={checked}
            {...controlAria(id, { hasHint: Boolean(hint), hasError: false })}
            onChange={(event) => onChange(event.target.checked)}
          />
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="govgr-hint">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
