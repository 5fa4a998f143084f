import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import type { ApiDocument, InvalidField, Locale } from '@dilosi/domain';
import { StepRenderer } from '../index';
import type { StepSubmission } from '../types';

type Options = {
  locale?: Locale;
  serverErrors?: InvalidField[];
  isSubmitting?: boolean;
  withBack?: boolean;
  queryClient?: QueryClient;
};

/** Renders a step with the real providers; returns the user and the callbacks' spies. */
export function renderStep(document: ApiDocument, options: Options = {}) {
  const queryClient =
    options.queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onSubmit = vi.fn<(submission: StepSubmission) => void>();
  const onBack = vi.fn<() => void>();
  const user = userEvent.setup();
  const ui = (doc: ApiDocument, serverErrors = options.serverErrors) => (
    <QueryClientProvider client={queryClient}>
      <StepRenderer
        document={doc}
        onSubmit={onSubmit}
        {...(options.withBack === false ? {} : { onBack })}
        {...(serverErrors ? { serverErrors } : {})}
        isSubmitting={options.isSubmitting ?? false}
        locale={options.locale ?? 'el'}
      />
    </QueryClientProvider>
  );
  const result = render(ui(document));
  return {
    user,
    onSubmit,
    onBack,
    queryClient,
    rerenderWith: (doc: ApiDocument, serverErrors?: InvalidField[]) =>
      result.rerender(ui(doc, serverErrors)),
  };
}

/** Presses the step's "next" action. */
export async function pressContinue(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Συνέχεια' }));
}

/** The submission onSubmit received last. */
export function lastSubmission(onSubmit: { mock: { calls: [StepSubmission][] } }): StepSubmission {
  const call = onSubmit.mock.calls.at(-1);
  if (!call) throw new Error('onSubmit was not called');
  return call[0];
}

/** The text of the elements an element's aria-describedby names. */
export function description(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

/** The error summary (role alert) with its GOV.GR title. */
export function errorSummary(): HTMLElement {
  const summary = screen.getByRole('alert');
  within(summary).getByRole('heading', { name: 'Υπάρχει πρόβλημα' });
  return summary;
}

/**
 * The message is in the summary (as a link to the control) and on the field: the control is
 * marked invalid and described by the message.
 */
export function expectFieldError(control: HTMLElement, message: string) {
  const link = within(errorSummary()).getByRole('link', { name: new RegExp(escape(message)) });
  expect(link.getAttribute('href')).toBe(`#${control.id}`);
  expect(control.getAttribute('aria-invalid')).toBe('true');
  expect(description(control)).toContain(message);
}

/** For a group (fieldset) the message describes the group. */
export function expectGroupError(group: HTMLElement, message: string) {
  within(errorSummary()).getByRole('link', { name: new RegExp(escape(message)) });
  expect(description(group)).toContain(message);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
