import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { controlAria, ErrorSummary, Field, inputClassName, useFocusOnErrors } from './form';

/**
 * One code typed and sent (a template code, a reference code), in the GOV.GR pattern: an error
 * summary that takes focus and links to the field, then the heading, the labelled input with
 * its hint and error message, and the submit button. The caller checks the value and says what
 * went wrong through `message`.
 */
export function CodeEntryForm(props: {
  heading: ReactNode;
  label: string;
  hint: string;
  errorTitle: string;
  submitLabel: string;
  /** The error to show, or null; when there is one, focus goes to the summary. */
  message: string | null;
  isBusy: boolean;
  width: 'govgr-input--width-10' | 'govgr-input--width-20';
  maxLength?: number;
  onSubmit: (value: string) => void;
}) {
  const { message } = props;
  const id = useId();
  const hasError = Boolean(message);
  // Sending again with the same mistake moves focus to the summary again.
  const [sends, setSends] = useState(0);
  const { summaryRef, formRef } = useFocusOnErrors(message ? `${sends}:${message}` : null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSends((count) => count + 1);
    props.onSubmit(String(new FormData(event.currentTarget).get('code') ?? ''));
  };

  return (
    <>
      {message ? (
        <ErrorSummary
          ref={summaryRef}
          title={props.errorTitle}
          items={[{ key: 'code', message, href: `#${id}` }]}
        />
      ) : null}
      {props.heading}
      <form ref={formRef} className="govgr-form" noValidate onSubmit={onSubmit}>
        <Field id={id} label={props.label} hint={props.hint} error={message}>
          <input
            id={id}
            name="code"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={props.maxLength}
            className={inputClassName(`govgr-input ${props.width}`, hasError)}
            {...controlAria(id, { hasHint: true, hasError })}
          />
        </Field>
        <button type="submit" className="govgr-btn govgr-btn-primary" disabled={props.isBusy}>
          {props.submitLabel}
        </button>
      </form>
    </>
  );
}
