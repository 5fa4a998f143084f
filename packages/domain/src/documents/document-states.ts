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

const TRANSITIONS: Record<
  DocumentAction,
  { from: readonly DocumentState[]; to: DocumentState | null }
> = {
  create: { from: ['new'], to: 'editing' },
  update: { from: ['editing'], to: 'editing' },
  backstep: { from: ['editing', 'requested'], to: 'editing' },
  request: { from: ['editing'], to: 'requested' },
  resend_otp: { from: ['requested'], to: 'requested' },
  confirm: { from: ['requested'], to: 'issued' },
  revoke: { from: ['issued'], to: 'revoked' },
  delete: { from: ['editing', 'requested'], to: null },
};

export function canApplyAction(state: DocumentState, action: DocumentAction): boolean {
  return TRANSITIONS[action].from.includes(state);
}

/** The state after an action, or null when the document no longer exists (delete). */
export function nextState(state: DocumentState, action: DocumentAction): DocumentState | null {
  if (!canApplyAction(state, action)) {
    throw new Error(`action ${action} is not allowed on state ${state}`);
  }
  return TRANSITIONS[action].to;
}

/** Issued and revoked documents never change again. */
export function isFinalState(state: DocumentState): boolean {
  return state === 'issued' || state === 'revoked';
}

/** Drafts: not yet issued (spec section 4: no reference code, or awaiting the SMS code). */
export function isDraftState(state: DocumentState): boolean {
  return state === 'editing' || state === 'requested';
}
