import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';

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
  const ids = { code: useId(), hint: useId(), error: useId() };
  const summaryRef = useRef<HTMLDivElement>(null);
  // Sending again with the same mistake moves focus to the summary again.
  const [sends, setSends] = useState(0);

  useEffect(() => {
    if (message) summaryRef.current?.focus();
  }, [message, sends]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSends((count) => count + 1);
    props.onSubmit(String(new FormData(event.currentTarget).get('code') ?? ''));
  };

  return (
    <>
      {message ? (
        <div className="govgr-error-summary" ref={summaryRef} tabIndex={-1} role="alert">
          <h2 className="govgr-heading-m">{props.errorTitle}</h2>
          <ul className="govgr-list">
            <li>
              <a className="govgr-link" href={`#${ids.code}`}>
                {message}
              </a>
            </li>
          </ul>
        </div>
      ) : null}
      {props.heading}
      <form className="govgr-form" noValidate onSubmit={onSubmit}>
        <div className={`govgr-field${message ? ' govgr-field__error' : ''}`}>
          <label className="govgr-label" htmlFor={ids.code}>
            {props.label}
          </label>
          <p id={ids.hint} className="govgr-hint">
            {props.hint}
          </p>
          {message ? (
            <p id={ids.error} className="govgr-error-message">
              {message}
            </p>
          ) : null}
          <input
            id={ids.code}
            name="code"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={props.maxLength}
            className={`govgr-input ${props.width}${message ? ' govgr-error-input' : ''}`}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `${ids.hint} ${ids.error}` : ids.hint}
          />
        </div>
        <button type="submit" className="govgr-btn govgr-btn-primary" disabled={props.isBusy}>
          {props.submitLabel}
        </button>
      </form>
    </>
  );
}
