import {
  assignCaseFormSchema,
  caseMessageFormSchema,
  caseNoteFormSchema,
  changeCaseStateFormSchema,
  COMMUNICATIONS_MESSAGE_MAX_SIZE,
  inboxStateOptions,
  type CaseStatus,
  type ClerkPermission,
} from '@dilosi/domain';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../api/get-app-config';
import { Select, Textarea, useSchemaForm, type FormSchema } from '../../ui/form';
import { AssignToMeButton } from './case-action-dialogs';

export type CaseActionKind = 'assign' | 'status' | 'note' | 'message';

/** What the form hands over once it is valid; the caller turns it into its request. */
export type CaseActionValues =
  | { kind: 'assign'; userId: string }
  | { kind: 'status'; state: CaseStatus; reason: string }
  | { kind: 'note' | 'message'; text: string };

/** The domain's schema of each action's body, the one its route checks again. */
const SCHEMAS = {
  assign: assignCaseFormSchema,
  status: changeCaseStateFormSchema,
  note: caseNoteFormSchema,
  message: caseMessageFormSchema,
} satisfies Record<CaseActionKind, FormSchema<unknown>>;

/** The field the text area holds: the rejection's reason, the note or the message. */
const TEXT_FIELDS = { status: 'reason', note: 'comment', message: 'message' } as const;

type FormProps = {
  kind: CaseActionKind;
  /** Ids of the form's parts: `{idPrefix}-error`, `-assignee`, `-state`, `-text`, `-count`. */
  idPrefix: string;
  clerks: readonly ClerkPermission[];
  initialAssignee?: string | undefined;
  initialState: CaseStatus;
  textRows?: number;
  reasonMaxLength?: number | undefined;
  /** The first control takes the dialog's focus. */
  isAutoFocused?: boolean;
  /** The server's answer to the last attempt. */
  error: string | null;
  isPending: boolean;
  onSubmit: (values: CaseActionValues) => void;
  onCancel: () => void;
};

/**
 * The form of assign, status, note and message, written once for one case (the case page) and
 * for many (the inbox's bulk actions): who to assign to (or me), the new state with its reason
 * when it is a rejection, the note or the message. What is required is the domain's schema of
 * the action's body, which the server checks again; the server's answer comes back as `error`.
 */
export function CaseActionForm({
  kind,
  idPrefix,
  clerks,
  initialAssignee,
  initialState,
  textRows = 4,
  reasonMaxLength,
  isAutoFocused = false,
  error,
  isPending,
  onSubmit,
  onCancel,
}: FormProps) {
  const { t } = useTranslation('dashboard');
  // The set-status list as INBOX_STATES configures it: which statuses, in what order, labelled.
  const stateOptions = inboxStateOptions(useAppConfig().settings.INBOX_STATES);
  const firstState = stateOptions.some((o) => o.status === initialState)
    ? initialState
    : (stateOptions[0]?.status ?? initialState);
  const ids = {
    error: `${idPrefix}-error`,
    assignee: `${idPrefix}-assignee`,
    state: `${idPrefix}-state`,
    text: `${idPrefix}-text`,
    count: `${idPrefix}-count`,
  };
  // The list arrives after the dialog opens: until one is chosen, the case's assignee when that
  // is one of the clerks, else the first (what the select shows).
  const assigneeOf = (chosen: string) =>
    [chosen, initialAssignee].find((id) => clerks.some((clerk) => clerk.user_id === id)) ??
    clerks[0]?.user_id ??
    '';
  const form = useSchemaForm({
    schema: SCHEMAS[kind] as FormSchema<unknown>,
    initialValues: { user_id: '', state: firstState, reason: '', comment: '', message: '' },
    idPrefix,
    ids: {
      user_id: ids.assignee,
      state: ids.state,
      reason: ids.text,
      comment: ids.text,
      message: ids.text,
    },
    // A missing text in this form's own words, whichever route's code says it.
    messageOf: (failure) => (/required$/.test(failure.code) ? t('actions.required') : undefined),
    bodyOf: (values) => ({ ...values, user_id: assigneeOf(values.user_id) }),
    onValid: (_body, values) => {
      if (kind === 'assign') onSubmit({ kind, userId: assigneeOf(values.user_id) });
      else if (kind === 'status') onSubmit({ kind, state: values.state, reason: values.reason });
      else onSubmit({ kind, text: values[TEXT_FIELDS[kind]] });
    },
  });
  const state = form.values.state;
  const textField =
    kind === 'note' || kind === 'message' || (kind === 'status' && state === 'canceled')
      ? TEXT_FIELDS[kind]
      : null;
  const text = textField ? form.input(textField) : null;
  // One alert: the first field's error after a failed submit, else the server's answer.
  const shown = form.errors.user_id ?? (textField ? form.errors[textField] : undefined) ?? error;
  const autoFocus = isAutoFocused ? { 'data-autofocus': true } : {};

  return (
    <form onSubmit={form.handleSubmit} noValidate>
      {shown ? (
        <p className="govgr-error-message" role="alert" id={ids.error}>
          {shown}
        </p>
      ) : null}
      {kind === 'assign' ? (
        <Select
          label={t('actions.assignee')}
          {...form.input('user_id')}
          value={assigneeOf(form.values.user_id)}
          error={undefined}
          isInvalid={Boolean(form.errors.user_id)}
          describedBy={form.errors.user_id ? ids.error : undefined}
          {...autoFocus}
        >
          {clerks.map((clerk) => (
            <option key={clerk.user_id} value={clerk.user_id}>
              {clerk.user_display_name}
            </option>
          ))}
        </Select>
      ) : null}
      {kind === 'status' ? (
        <Select
          label={t('actions.state')}
          {...form.input('state')}
          onChange={(event) => form.setValue('state', event.target.value as CaseStatus)}
          {...autoFocus}
        >
          {stateOptions.map(({ status, label }) => (
            <option key={status} value={status}>
              {label ?? t(`status.${status}`)}
            </option>
          ))}
        </Select>
      ) : null}
      {text ? (
        <Textarea
          label={
            kind === 'status'
              ? t('actions.reason')
              : kind === 'note'
                ? t('actions.comment')
                : t('actions.messageText')
          }
          rows={textRows}
          required
          {...text}
          error={undefined}
          isInvalid={Boolean(shown)}
          describedBy={
            [shown ? ids.error : '', kind === 'message' ? ids.count : ''].join(' ').trim() ||
            undefined
          }
          maxLength={kind === 'message' ? COMMUNICATIONS_MESSAGE_MAX_SIZE : reasonMaxLength}
          after={
            kind === 'message' ? (
              <p className="govgr-hint" id={ids.count} aria-live="polite">
                {t('actions.chars', {
                  count: text.value.length,
                  max: COMMUNICATIONS_MESSAGE_MAX_SIZE,
                })}
              </p>
            ) : null
          }
        />
      ) : null}
      <div className="govgr-button-group">
        <button type="submit" className="govgr-btn govgr-btn-primary" disabled={isPending}>
          {kind === 'message' ? t('actions.send') : t('actions.save')}
        </button>
        {kind === 'assign' ? (
          <AssignToMeButton
            clerks={clerks}
            isDisabled={isPending}
            onAssign={(userId) => onSubmit({ kind: 'assign', userId })}
          />
        ) : null}
        <button type="button" className="govgr-btn govgr-btn-secondary" onClick={onCancel}>
          {t('actions.cancel')}
        </button>
      </div>
    </form>
  );
}
