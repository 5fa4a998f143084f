import type { HTMLInputTypeAttribute, ReactNode } from 'react';
import type { PersonAttribute } from '@dilosi/domain';
import { controlAria, inputClassName } from '../../../../ui/form';
import { FieldShell, hasHint } from '../form-primitives';
import type { FieldComponentProps } from '../types';
import { useDocumentsText } from '../use-renderer-text';

type InputConfig = {
  type?: HTMLInputTypeAttribute;
  inputMode?: 'numeric' | 'decimal' | 'email' | 'tel' | 'text';
  autoComplete?: string;
  width?: string;
  spellCheck?: boolean;
  step?: string;
  min?: string;
  max?: string;
};

const INPUTS: Record<string, InputConfig> = {
  string: {},
  afm: { inputMode: 'numeric', width: 'govgr-input--width-10', spellCheck: false },
  amka: { inputMode: 'numeric', width: 'govgr-input--width-10', spellCheck: false },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email', spellCheck: false },
  iban: { width: 'govgr-input--width-20', spellCheck: false },
  landline_phone: { type: 'tel', autoComplete: 'tel', width: 'govgr-input--width-20' },
  mobile_phone: { type: 'tel', autoComplete: 'tel', width: 'govgr-input--width-20' },
  postal_code: {
    inputMode: 'numeric',
    autoComplete: 'postal-code',
    width: 'govgr-input--width-5',
  },
  integer: { inputMode: 'numeric', width: 'govgr-input--width-5' },
  rate: {
    type: 'number',
    inputMode: 'decimal',
    step: '0.01',
    min: '0',
    max: '100',
    width: 'govgr-input--width-5',
  },
  date: { width: 'govgr-input--width-10', spellCheck: false },
  datetime: { width: 'govgr-input--width-20', spellCheck: false },
};

/** Browser autofill for fields pre-filled from the citizen's person data. */
const AUTOCOMPLETE: Partial<Record<PersonAttribute, string>> = {
  firstname: 'given-name',
  surname: 'family-name',
  email: 'email',
  mobile: 'tel',
  landline: 'tel',
  address_street: 'address-line1',
  address_city: 'address-level2',
  address_postal_code: 'postal-code',
  birth_date: 'bday',
};

function asText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

function TextInput(props: FieldComponentProps & { config: InputConfig; extraHint?: ReactNode }) {
  const { id, field, value, onChange, onBlur, error, config, extraHint } = props;
  const className = ['govgr-input', config.width ?? ''].filter(Boolean).join(' ');
  return (
    <FieldShell props={props} extraHint={extraHint}>
      <input
        id={id}
        name={props.path}
        className={inputClassName(className, Boolean(error))}
        type={config.type ?? 'text'}
        inputMode={config.inputMode}
        autoComplete={
          config.autoComplete ?? (field.origin ? AUTOCOMPLETE[field.origin] : undefined) ?? 'off'
        }
        spellCheck={config.spellCheck}
        step={config.step}
        min={config.min}
        max={config.max}
        value={asText(value)}
        required={field.required}
        {...controlAria(id, {
          hasHint: !props.isLabelHidden && hasHint(field, extraHint),
          hasError: Boolean(error),
        })}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
    </FieldShell>
  );
}

function inputComponent(component: string) {
  const config = INPUTS[component] ?? {};
  function Input(props: FieldComponentProps) {
    return <TextInput {...props} config={config} />;
  }
  Input.displayName = `Input(${component})`;
  return Input;
}

export const StringField = inputComponent('string');
export const AfmField = inputComponent('afm');
export const AmkaField = inputComponent('amka');
export const EmailField = inputComponent('email');
export const IbanField = inputComponent('iban');
export const LandlinePhoneField = inputComponent('landline_phone');
export const MobilePhoneField = inputComponent('mobile_phone');
export const PostalCodeField = inputComponent('postal_code');
export const IntegerField = inputComponent('integer');
export const RateField = inputComponent('rate');

/** DD/MM/YYYY typed in one box, with the format as a hint. */
export function DateField(props: FieldComponentProps) {
  const t = useDocumentsText();
  return <TextInput {...props} config={INPUTS.date ?? {}} extraHint={t('date.hint')} />;
}

/** DD/MM/YYYY HH:mm typed in one box. */
export function DateTimeField(props: FieldComponentProps) {
  const t = useDocumentsText();
  return <TextInput {...props} config={INPUTS.datetime ?? {}} extraHint={t('date.datetimeHint')} />;
}

/** A text area; with max_length, a counter of the characters left (announced politely). */
export function TextAreaField(props: FieldComponentProps) {
  const t = useDocumentsText();
  const { id, field, value, onChange, onBlur, error } = props;
  const text = asText(value);
  const max = field['component-params'].max_length;
  const counterId = `${id}-counter`;
  const left = max === undefined ? 0 : max - [...text].length;
  return (
    <FieldShell props={props}>
      <textarea
        id={id}
        name={props.path}
        className={inputClassName('govgr-textarea', Boolean(error))}
        rows={field['component-params'].rows ?? 5}
        value={text}
        required={field.required}
        {...controlAria(id, {
          hasHint: !props.isLabelHidden && hasHint(field),
          hasError: Boolean(error),
          ...(max === undefined ? {} : { extra: counterId }),
        })}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      {max === undefined ? null : (
        <p
          id={counterId}
          className={left < 0 ? 'govgr-error-message dilosi-counter' : 'govgr-hint dilosi-counter'}
          aria-live="polite"
        >
          {left < 0
            ? t('form.charactersOver', { count: -left })
            : t('form.charactersLeft', { count: left })}
        </p>
      )}
    </FieldShell>
  );
}

/** A value carried along without being shown. */
export function HiddenField({ id, path, value }: FieldComponentProps) {
  return <input id={id} name={path} type="hidden" value={asText(value)} />;
}
