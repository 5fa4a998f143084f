import { defineMachine } from './state-machine';

/**
 * A joint declaration's consent (spec section 4, issue #35): opened (`issued`) when its author
 * signs with her SMS code, `fully_signed` once every co-signatory has signed (the document is
 * then issued once), `canceled` by its author or by a co-signatory's refusal, `expired` when the
 * configured days pass without every signature. The three ends are final.
 */
export const CONSENT_STATES = ['issued', 'fully_signed', 'canceled', 'expired'] as const;
export type ConsentState = (typeof CONSENT_STATES)[number];

export const consentMachine = defineMachine({
  name: 'consent',
  states: CONSENT_STATES,
  initial: 'issued',
  events: {
    /** The last pending co-signatory signed. */
    complete: { issued: 'fully_signed' },
    /** The author withdraws it, or a co-signatory declines. */
    cancel: { issued: 'canceled' },
    expire: { issued: 'expired' },
    /** A co-signatory signs or the author reminds: only while open; the state stays. */
    sign: { issued: 'issued' },
    remind: { issued: 'issued' },
  },
});
export type ConsentEvent = keyof typeof consentMachine.events;

/**
 * One signatory of a consent (spec section 4): `pending` until she signs with her own SMS code
 * (`signed`) or declines (`dismissed`). The author is a signatory too, signed at the opening.
 */
export const SIGNATORY_STATES = ['pending', 'signed', 'dismissed'] as const;
export type SignatoryState = (typeof SIGNATORY_STATES)[number];

export const signatoryMachine = defineMachine({
  name: 'signatory',
  states: SIGNATORY_STATES,
  initial: 'pending',
  events: {
    sign: { pending: 'signed' },
    dismiss: { pending: 'dismissed' },
    /** A new SMS code for her signature. */
    send_code: { pending: 'pending' },
  },
});
export type SignatoryEvent = keyof typeof signatoryMachine.events;
