/**
 * The ids of a field's parts, derived from its control's id, so a label, an error summary link
 * and aria-describedby can name them without passing ids around.
 */
export function hintId(id: string): string {
  return `${id}-hint`;
}

export function errorId(id: string): string {
  return `${id}-error`;
}

/** An aria-describedby value from the ids that apply, or undefined when none does. */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

/** The aria attributes of a control with (maybe) a hint and an error, hint first. */
export function controlAria(
  id: string,
  { hasHint, hasError, extra }: { hasHint: boolean; hasError: boolean; extra?: string },
) {
  return {
    'aria-describedby': describedBy(hasHint && hintId(id), hasError && errorId(id), extra),
    'aria-invalid': hasError ? true : undefined,
  } as const;
}
