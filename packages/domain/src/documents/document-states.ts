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
 * What a citizen can do with a document outside the wizard (POST /api/my-declarations/{id}/action,
 * spec section 7), and the states each is allowed in. The server refuses the others with
 * `action_not_allowed_on_state`; the web app offers only the allowed ones.
 */
export const DOCUMENT_USER_ACTIONS = [
  'resend_otp',
  'pdf',
  'email',
  'sms',
  'send-document-link',
  'share',
  'revoke',
  'dismiss',
  'set_retention',
] as const;
export type DocumentUserAction = (typeof DOCUMENT_USER_ACTIONS)[number];

const USER_ACTION_STATES: Record<DocumentUserAction, readonly DocumentState[]> = {
  resend_otp: ['requested'],
  pdf: ['issued'],
  email: ['issued'],
  sms: ['issued'],
  'send-document-link': ['issued'],
  share: ['issued'],
  revoke: ['issued'],
  dismiss: ['issued', 'revoked'],
  set_retention: ['issued'],
};

export function isDocumentUserAction(action: string): action is DocumentUserAction {
  return (DOCUMENT_USER_ACTIONS as readonly string[]).includes(action);
}

export function canRunUserAction(state: DocumentState, action: DocumentUserAction): boolean {
  return USER_ACTION_STATES[action].includes(state);
}

/** The user actions a document in this state offers. */
export function userActionsFor(state: DocumentState): DocumentUserAction[] {
  return DOCUMENT_USER_ACTIONS.filter((action) => canRunUserAction(state, action));
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
