import { defineMachine } from './state-machine';

/**
 * Case statuses (spec section 4; DESIGN section 8). A clerk may set any of the four statuses
 * from any status; assigning an incoming case puts it in pending (the "auto change state" of the
 * case history). `forwarded` is a display label derived from a forward, not a status.
 */
export const CASE_STATUSES = ['incoming', 'pending', 'canceled', 'finished'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

const toFromAny = (to: CaseStatus) =>
  Object.fromEntries(CASE_STATUSES.map((from) => [from, to])) as Record<CaseStatus, CaseStatus>;

export const caseMachine = defineMachine({
  name: 'case',
  states: CASE_STATUSES,
  initial: 'incoming',
  events: {
    assign: { incoming: 'pending', pending: 'pending', canceled: 'canceled', finished: 'finished' },
    set_incoming: toFromAny('incoming'),
    set_pending: toFromAny('pending'),
    set_canceled: toFromAny('canceled'),
    set_finished: toFromAny('finished'),
    /**
     * The entity's reply document was issued and the reply (its template's `reply_case_status`,
     * or the clerk's choice) puts the case in pending or finished; a reply that leaves the case
     * as it is moves nothing. From any status, as the clerk's own change of status.
     */
    reply_pending: toFromAny('pending'),
    reply_finished: toFromAny('finished'),
    /** Taken off the entity's lists; only a closed case (its status stays). */
    dismiss: { finished: 'finished', canceled: 'canceled' },
    /** Back from the bin to the lists, its status unchanged (issue #41). */
    restore: { finished: 'finished', canceled: 'canceled' },
    /**
     * A motivated decision on an open case (issue #41), with its reason: accepted finishes it;
     * refused and closed without action cancel it. A decided case opens again by a status change.
     */
    decide_accepted: { incoming: 'finished', pending: 'finished' },
    decide_refused: { incoming: 'canceled', pending: 'canceled' },
    decide_without_action: { incoming: 'canceled', pending: 'canceled' },
  },
});
export type CaseEvent = keyof typeof caseMachine.events;

/** The event that sets a case to `status` by a clerk's explicit change. */
export function caseStatusEvent(status: CaseStatus): CaseEvent {
  return `set_${status}`;
}

/**
 * Citizen message statuses (spec section 4): new messages are `incoming`; opening one retrieves
 * it; a consent request is resolved by its answer; archive only from retrieved or resolved;
 * unarchive returns it to the read list (retrieved).
 */
export const MESSAGE_STATUSES = ['incoming', 'retrieved', 'resolved', 'archived'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const messageMachine = defineMachine({
  name: 'message',
  states: MESSAGE_STATUSES,
  initial: 'incoming',
  events: {
    retrieve: { incoming: 'retrieved', retrieved: 'retrieved', resolved: 'resolved' },
    resolve: { incoming: 'resolved', retrieved: 'resolved' },
    archive: { retrieved: 'archived', resolved: 'archived' },
    unarchive: { archived: 'retrieved' },
  },
});
export type MessageEvent = keyof typeof messageMachine.events;

/**
 * Permission requests (spec sections 4 and 6): a head accepts or rejects a pending request; an
 * active permission can be deactivated (the staff "delete"). A rejected or deactivated person
 * asks again with a new request.
 */
export const PERMISSION_STATES = [
  'pending',
  'active',
  'rejected',
  'deactivated',
  'withdrawn',
] as const;
export type PermissionState = (typeof PERMISSION_STATES)[number];

export const permissionMachine = defineMachine({
  name: 'permission',
  states: PERMISSION_STATES,
  initial: 'pending',
  events: {
    accept: { pending: 'active' },
    reject: { pending: 'rejected' },
    deactivate: { active: 'deactivated' },
    /** The requester takes back a request no head has answered (issue #33). */
    withdraw: { pending: 'withdrawn' },
  },
});
export type PermissionEvent = keyof typeof permissionMachine.events;

/** A permission in this state grants its role; pending ones wait for a head (read by queries). */
export const PERMISSION_GRANTING_STATE = 'active' satisfies PermissionState;
export const PERMISSION_WAITING_STATE = permissionMachine.initial;

/**
 * An entity's mailbox (spec section 4): a head disables it (no longer offered as a recipient,
 * its cases read-only) and enables it again. Stored as the `enabled` flag of the entity.
 */
export const ENTITY_STATES = ['enabled', 'disabled'] as const;
export type EntityState = (typeof ENTITY_STATES)[number];

export const entityMachine = defineMachine({
  name: 'entity',
  states: ENTITY_STATES,
  initial: 'enabled',
  events: {
    disable: { enabled: 'disabled' },
    enable: { disabled: 'enabled' },
  },
});
export type EntityEvent = keyof typeof entityMachine.events;

/**
 * A correction a clerk asks of the citizen (issue #41): requested, then drafted once she opens
 * her new draft (again when she starts over), corrected when that draft is issued into the same
 * case, or withdrawn by the clerk while it is still open.
 */
export const CORRECTION_STATES = ['requested', 'drafted', 'corrected', 'withdrawn'] as const;
export type CorrectionState = (typeof CORRECTION_STATES)[number];

export const correctionMachine = defineMachine({
  name: 'correction',
  states: CORRECTION_STATES,
  initial: 'requested',
  events: {
    draft: { requested: 'drafted', drafted: 'drafted' },
    correct: { drafted: 'corrected' },
    withdraw: { requested: 'withdrawn', drafted: 'withdrawn' },
  },
});
export type CorrectionEvent = keyof typeof correctionMachine.events;
