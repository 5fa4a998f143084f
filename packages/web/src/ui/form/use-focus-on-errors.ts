import { useEffect, useRef } from 'react';

/** Focus on the error summary when there is one, else on the first invalid control. */
export function focusFirstError(summary: HTMLElement | null, form: HTMLElement | null): void {
  if (summary) {
    summary.focus();
    return;
  }
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/**
 * After a failed submit, focus goes to the error summary (or the first invalid control of the
 * form when there is no summary). `attempt` is what the errors shown came from: null while there
 * are none, a new value (a new errors object) each time a submit fails, even with the same
 * errors, so the citizen hears the summary again.
 */
export function useFocusOnErrors(attempt: unknown) {
  const summaryRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (attempt === null || attempt === undefined) return;
    focusFirstError(summaryRef.current, formRef.current);
  }, [attempt]);
  return { summaryRef, formRef };
}
