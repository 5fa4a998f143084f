import {
  CASE_STATUSES,
  COMMUNICATIONS_MESSAGE_MAX_SIZE,
  type CaseStatus,
  type ClerkPermission,
} from '@dilosi/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Select, Textarea } from '../../ui/form';
import { AssignToMeButton } from './case-action-dialogs';

export type CaseActionKind = 'assign' | 'status' | 'note' | 'message';

/** What the form hands over once it is valid; the caller turns it into its request. */
export type CaseActionValues =
  | { kind: 'assign'; userId: string }
  | { kind: 'status'; state: CaseStatus; reason: string }
  | { kind: 'note' | 'message'; text: string };

/**
 * The form of assign, status, note and message, written once for one case (the case page) and
 * for many (the inbox's bulk actions): who to assign to (or me), the new state with its reason
 * when it is a rejection, the note or the message. A missing text is the one check made here;
 * the server checks the rest and its answer comes back as `error`.
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
  onError,
  onSubmit,
  onCancel,
}: {
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
  error: string | null;
  isPending: boolean;
  onError: (message: string) => void;
  onSubmit: (values: CaseActionValues) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const [state, setState] = useState<CaseStatus>(initialState);
  const [text, setText] = useState('');
  const ids = {
    error: `${idPrefix}-error`,
    assignee: `${idPrefix}-assignee`,
    state: `${idPrefix}-state`,
    text: `${idPrefix}-text`,
    count: `${idPrefix}-count`,
  };
  const hasText =
    kind === 'note' || kind === 'message' || (kind === 'status' && state === 'canceled');
  const autoFocus = isAutoFocused ? { 'data-autofocus': true } : {};

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (hasText && text.trim() === '') {
      onError(t('actions.required'));
      return;
    }
    if (kind === 'assign') onSubmit({ kind, userId: String(form.get('user_id') ?? '') });
    else if (kind === 'status') onSubmit({ kind, state, reason: text });
    else onSubmit({ kind, text });
  };

  return (
    <form onSubmit={submit} noValidate>
      {error ? (
        <p className="govgr-error-message" role="alert" id={ids.error}>
          {error}
        </p>
      ) : null}
      {kind === 'assign' ? (
        <Select
          id={ids.assignee}
          label={t('actions.assignee')}
          name="user_id"
          defaultValue={initialAssignee}
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
          id={ids.state}
          label={t('actions.state')}
          value={state}
          onChange={(event) => setState(event.target.value as CaseStatus)}
          {...autoFocus}
        >
          {CASE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`status.${status}`)}
            </option>
          ))}
        </Select>
      ) : null}
      {hasText ? (
        <Textarea
          id={ids.text}
          label={
            kind === 'status'
              ? t('actions.reason')
              : kind === 'note'
                ? t('actions.comment')
                : t('actions.messageText')
          }
          rows={textRows}
          value={text}
          required
          isInvalid={Boolean(error)}
          describedBy={
            [error ? ids.error : '', kind === 'message' ? ids.count : ''].join(' ').trim() ||
            undefined
          }
          maxLength={kind === 'message' ? COMMUNICATIONS_MESSAGE_MAX_SIZE : reasonMaxLength}
          onChange={(event) => setText(event.target.value)}
          after={
            kind === 'message' ? (
              <p className="govgr-hint" id={ids.count} aria-live="polite">
                {t('actions.chars', { count: text.length, max: COMMUNICATIONS_MESSAGE_MAX_SIZE })}
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
