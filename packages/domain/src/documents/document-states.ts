import { canTransition, defineMachine, transition } from '../state-machines/state-machine';

/**
 * Document states and the moves between them (spec section 4, DESIGN section 5). The server
 * refuses any other move with `action_not_allowed_on_state`; the web app reads the same table
 * to decide which actions to offer.
 */
export const DOCUMENT_STATES = ['new', 'editing', 'requested', 'issued', 'revoked'] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];

export const DOCUMENT_ACTIONS = [
  /** new → editing: the draft is created. */
  'create',
  /** editing → editing: values of the current step saved, next step. */
  'update',
  /** editing → editing, requested → editing: one step back. */
  'backstep',
  /** editing → requested: the SMS code is sent. */
  'request',
  /** requested → requested: a new SMS code. */
  'resend_otp',
  /** requested → issued: the right code was entered. */
  'confirm',
  /** issued → revoked, irreversibly. */
  'revoke',
  /** editing | requested → (gone): a draft is deleted. */
  'delete',
] as const;
export type DocumentAction = (typeof DOCUMENT_ACTIONS)[number];

/** The document machine: the only place a document's state moves are written. */
export const documentMachine = defineMachine({
  name: 'document',
  states: DOCUMENT_STATES,
  initial: 'new',
  events: {
    create: { new: 'editing' },
    update: { editing: 'editing' },
    backstep: { editing: 'editing', requested: 'editing' },
    request: { editing: 'requested' },
    resend_otp: { requested: 'requested' },
    confirm: { requested: 'issued' },
    revoke: { issued: 'revoked' },
    delete: { editing: null, requested: null },
  } satisfies Record<DocumentAction, Partial<Record<DocumentState, DocumentState | null>>>,
});

export function canApplyAction(state: DocumentState, action: DocumentAction): boolean {
  return canTransition(documentMachine, state, action);
}

/** The state after an action, or null when the document no longer exists (delete). */
export function nextState(state: DocumentState, action: DocumentAction): DocumentState | null {
  const result = transition(documentMachine, state, action);
  if (!result.ok) throw new Error(`action ${action} is not allowed on state ${state}`);
  return result.state;
}

/** Issued and revoked documents never change again. */
export function isFinalState(state: DocumentState): boolean {
  return state === 'issued' || state === 'revoked';
}

/** Drafts: not yet issued (spec section 4: no reference code, or awaiting the SMS code). */
export function isDraftState(state: DocumentState): boolean {
  return state === 'editing' || state === 'requested';
}

/**
 * What can be done with a document outside the wizard (spec section 7: `POST {scope}/action`
 * with `{ action, object_id, arguments }`), and the states each is allowed in. The server refuses
 * the others with `action_not_allowed_on_state`; the web app offers only the allowed ones.
 * `set-retention` is ours (an extension; docs/api.md).
 */
export const DOCUMENT_USER_ACTIONS = [
  'retrieve',
  'pdf',
  'share',
  'revoke',
  'resend_otp',
  'resend_email_otp',
  'send-document-link',
  'download-attachment',
  'dismiss',
  'set-retention',
] as const;
export type DocumentUserAction = (typeof DOCUMENT_USER_ACTIONS)[number];

/**
 * Names we answered before the spec's (one release: 400 `action_renamed` with `data.use`;
 * docs/decisions.md).
 */
export const RENAMED_DOCUMENT_ACTIONS = {
  email: 'send-document-link',
  sms: 'send-document-link',
  set_retention: 'set-retention',
} as const satisfies Record<string, DocumentUserAction>;
export type RenamedDocumentAction = keyof typeof RENAMED_DOCUMENT_ACTIONS;

export function renamedDocumentAction(action: string): DocumentUserAction | null {
  return Object.hasOwn(RENAMED_DOCUMENT_ACTIONS, action)
    ? RENAMED_DOCUMENT_ACTIONS[action as RenamedDocumentAction]
    : null;
}

/** `send-document-link`: by e-mail (to `email`, else the citizen's own) or by SMS (her certified mobile). */
export const DOCUMENT_LINK_METHODS = ['email', 'sms'] as const;
export type DocumentLinkMethod = (typeof DOCUMENT_LINK_METHODS)[number];

const USER_ACTION_STATES: Record<DocumentUserAction, readonly DocumentState[]> = {
  retrieve: ['editing', 'requested', 'issued', 'revoked'],
  pdf: ['issued'],
  share: ['issued'],
  revoke: ['issued'],
  resend_otp: ['requested'],
  resend_email_otp: ['requested'],
  'send-document-link': ['issued'],
  'download-attachment': ['editing', 'requested', 'issued', 'revoked'],
  dismiss: ['issued', 'revoked'],
  'set-retention': ['issued'],
};

/**
 * The scope resources of section 7 that take `POST {scope}/action`, named as the answer's
 * `data.document.scope` names them (the path, with its variable parts in braces).
 */
export const DOCUMENT_SCOPES = [
  'gates/USER/gate/inbox-entries',
  'citizen-declarations',
  'gates/USER/gate/documents',
  'gates/{gateId}/gate/documents',
  'my-declarations',
  'entity/{entityId}/inbox/{inboxId}',
  'validation/document',
] as const;
export type DocumentScope = (typeof DOCUMENT_SCOPES)[number];

/**
 * Who reaches a document through a scope: its `owner` (the citizen who issued it), a
 * `receiver` (a citizen it was shared with, addressed to or issued to by an entity), the
 * `staff` (clerks and heads) of the entity that holds it (its case, or the entity issued it),
 * or `anyone` (the public validation, no session needed).
 */
export const DOCUMENT_CALLER_ROLES = ['owner', 'receiver', 'staff', 'anyone'] as const;
export type DocumentCallerRole = (typeof DOCUMENT_CALLER_ROLES)[number];

const READ_ACTIONS = ['retrieve', 'pdf', 'download-attachment'] as const;

/**
 * The one action table (spec section 7, docs/api.md "Document actions on every scope"): per
 * scope, what each caller role may do. A role not listed reaches no document through the scope
 * (the route answers 401, 403 or 404 before the table is read); an action not listed is 400.
 */
export const DOCUMENT_SCOPE_ACTIONS = {
  'my-declarations': { owner: DOCUMENT_USER_ACTIONS },
  'citizen-declarations': { owner: DOCUMENT_USER_ACTIONS, receiver: READ_ACTIONS },
  'gates/USER/gate/documents': { owner: DOCUMENT_USER_ACTIONS, receiver: READ_ACTIONS },
  'gates/USER/gate/inbox-entries': { receiver: READ_ACTIONS },
  'gates/{gateId}/gate/documents': { staff: READ_ACTIONS },
  'entity/{entityId}/inbox/{inboxId}': {
    staff: [...READ_ACTIONS, 'share', 'dismiss'] as const,
  },
  'validation/document': { anyone: ['retrieve', 'pdf'] as const },
} as const satisfies Record<
  DocumentScope,
  Partial<Record<DocumentCallerRole, readonly DocumentUserAction[]>>
>;

type ActionsOf<T> = T extends readonly (infer A extends DocumentUserAction)[] ? A : never;
/** Every action a scope offers to any caller: what its route must be able to run. */
export type ScopeAction<S extends DocumentScope> = Extract<
  {
    [R in keyof (typeof DOCUMENT_SCOPE_ACTIONS)[S]]: ActionsOf<
      (typeof DOCUMENT_SCOPE_ACTIONS)[S][R]
    >;
  }[keyof (typeof DOCUMENT_SCOPE_ACTIONS)[S]],
  DocumentUserAction
>;

export function isDocumentUserAction(action: string): action is DocumentUserAction {
  return (DOCUMENT_USER_ACTIONS as readonly string[]).includes(action);
}

/** Whether the scope offers the action to this caller (whatever the document's state). */
export function isScopeAction(
  scope: DocumentScope,
  role: DocumentCallerRole,
  action: DocumentUserAction,
): boolean {
  const byRole: Partial<Record<DocumentCallerRole, readonly DocumentUserAction[]>> =
    DOCUMENT_SCOPE_ACTIONS[scope];
  return byRole[role]?.includes(action) ?? false;
}

export function canRunUserAction(state: DocumentState, action: DocumentUserAction): boolean {
  return USER_ACTION_STATES[action].includes(state);
}

/**
 * The actions a document in this state offers through a scope (by default the owner's, on
 * my-declarations: what `data.document.actions` lists).
 */
export function userActionsFor(
  state: DocumentState,
  scope: DocumentScope = 'my-declarations',
  role: DocumentCallerRole = 'owner',
): DocumentUserAction[] {
  return DOCUMENT_USER_ACTIONS.filter(
    (action) => isScopeAction(scope, role, action) && canRunUserAction(state, action),
  );
}

/**
 * Names in a document's history (document_events.action; spec section 4, document history):
 * the wizard's moves plus what happens around issuance.
 */
export const DOCUMENT_EVENTS = [
  'create',
  'update',
  'backstep',
  'requested',
  'otp_resent',
  'issued',
  'pdf_created',
  'revoked',
  'shared',
  'dismissed',
  'retention_set',
  'accepted',
  'rejected',
  /** An entity's reply to the case of this document was issued (recorded on this document). */
  'reply',
  /** Anonymous use confirmed at a KEP (issue #37): the code given, the officer's answer. */
  'in_person_requested',
  'confirmed_in_person',
  'refused_in_person',
] as const;
export type DocumentEvent = (typeof DOCUMENT_EVENTS)[number];

/** Retention an issued document may be given, in days from its issue (spec section 9: up to 5 years). */
export const RETENTION_MIN_DAYS = 30;
export const RETENTION_MAX_DAYS = 1826;

/**
 * The addressee's side of a document (spec section 4: "a recipient accepts a pending document,
 * irreversibly"): an issued document naming a person (an authorisation's authorised person) is
 * pending for them until they accept it or reject it with a reason. Kept beside the document's
 * own state, which stays issued: the document stands and validates whatever the answer.
 */
export const RECIPIENT_ANSWER_STATES = ['pending', 'accepted', 'rejected'] as const;
export type RecipientAnswerState = (typeof RECIPIENT_ANSWER_STATES)[number];

export const recipientAnswerMachine = defineMachine({
  name: 'recipient-answer',
  states: RECIPIENT_ANSWER_STATES,
  initial: 'pending',
  events: {
    accept: { pending: 'accepted' },
    reject: { pending: 'rejected' },
  },
});
export type RecipientAnswerEvent = keyof typeof recipientAnswerMachine.events;

/** A rejection's reason is at most this long. */
export const ANSWER_REASON_MAX_SIZE = 1000;
