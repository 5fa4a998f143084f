import { describe, expect, it } from 'vitest';
import { documentMachine, nextState } from '../documents/document-states';
import {
  CASE_STATUSES,
  caseMachine,
  caseStatusEvent,
  entityMachine,
  messageMachine,
  permissionMachine,
} from './machines';
import {
  defineMachine,
  eventsFrom,
  isStateOf,
  transition,
  TRANSITION_REFUSED,
  type StateMachine,
} from './state-machine';

const refused = { ok: false, code: TRANSITION_REFUSED };

/** Every (state, event) pair of a machine with its outcome: the table the spec describes. */
function table<S extends string, E extends string>(machine: StateMachine<S, E>) {
  const rows: Record<string, string> = {};
  for (const state of machine.states) {
    for (const event of Object.keys(machine.events) as E[]) {
      const result = transition(machine, state, event);
      rows[`${state} ${event}`] = result.ok ? String(result.state) : '✗';
    }
  }
  return rows;
}

describe('transition', () => {
  it('refuses an event from a state it does not list, with the spec code', () => {
    expect(transition(documentMachine, 'issued', 'update')).toEqual(refused);
    expect(transition(documentMachine, 'editing', 'update')).toEqual({
      ok: true,
      state: 'editing',
    });
  });

  it('gives null when the object ceases to exist', () => {
    expect(transition(documentMachine, 'editing', 'delete')).toEqual({ ok: true, state: null });
  });

  it('refuses events that are not the machine own (untyped input), including prototype names', () => {
    const untyped = (event: string) => event as keyof typeof messageMachine.events;
    expect(transition(messageMachine, 'incoming', untyped('toString'))).toEqual(refused);
    expect(transition(messageMachine, 'incoming', untyped('__proto__'))).toEqual(refused);
    expect(transition(messageMachine, 'incoming', untyped('delete'))).toEqual(refused);
  });

  it('refuses a state that only exists on the prototype', () => {
    const state = 'constructor' as 'retrieved';
    expect(transition(messageMachine, state, 'archive')).toEqual(refused);
  });

  it('a machine naming an unknown state does not load', () => {
    expect(() =>
      defineMachine({
        name: 'broken',
        states: ['a', 'b'],
        initial: 'a',
        events: { go: { a: 'c' as 'b' } },
      }),
    ).toThrow(/unknown state/);
  });

  it('tells states of a machine from other values', () => {
    expect(isStateOf(caseMachine, 'pending')).toBe(true);
    expect(isStateOf(caseMachine, 'forwarded')).toBe(false);
    expect(isStateOf(caseMachine, undefined)).toBe(false);
  });
});

describe('the document machine', () => {
  it('moves as the wizard does and ends at issued and revoked', () => {
    expect(eventsFrom(documentMachine, 'editing')).toEqual([
      'update',
      'backstep',
      'request',
      'delete',
    ]);
    expect(eventsFrom(documentMachine, 'requested')).toEqual([
      'backstep',
      'resend_otp',
      'confirm',
      'delete',
    ]);
    expect(eventsFrom(documentMachine, 'issued')).toEqual(['revoke']);
    expect(eventsFrom(documentMachine, 'revoked')).toEqual([]);
  });

  it('nextState keeps throwing on a refused move', () => {
    expect(nextState('requested', 'confirm')).toBe('issued');
    expect(() => nextState('revoked', 'revoke')).toThrow(/not allowed/);
  });
});

describe('the case machine', () => {
  it('lets a clerk set any status from any status', () => {
    for (const from of CASE_STATUSES) {
      for (const to of CASE_STATUSES) {
        expect(transition(caseMachine, from, caseStatusEvent(to))).toEqual({ ok: true, state: to });
      }
    }
  });

  it('puts an incoming case in pending when it is assigned, and leaves closed cases closed when assigned', () => {
    expect(table(caseMachine)).toMatchObject({
      'incoming assign': 'pending',
      'pending assign': 'pending',
      'finished assign': 'finished',
      'canceled assign': 'canceled',
    });
  });

  it('moves a replied case to the status the reply names, from any status', () => {
    for (const from of CASE_STATUSES) {
      expect(transition(caseMachine, from, 'reply_pending')).toEqual({
        ok: true,
        state: 'pending',
      });
      expect(transition(caseMachine, from, 'reply_finished')).toEqual({
        ok: true,
        state: 'finished',
      });
    }
  });

  it('has no forwarded status (a display label only)', () => {
    expect(caseMachine.states).not.toContain('forwarded');
  });
});

describe('the citizen message machine', () => {
  it('archives only read or resolved messages and unarchives to read', () => {
    expect(table(messageMachine)).toEqual({
      'incoming retrieve': 'retrieved',
      'incoming resolve': 'resolved',
      'incoming archive': '✗',
      'incoming unarchive': '✗',
      'retrieved retrieve': 'retrieved',
      'retrieved resolve': 'resolved',
      'retrieved archive': 'archived',
      'retrieved unarchive': '✗',
      'resolved retrieve': 'resolved',
      'resolved resolve': '✗',
      'resolved archive': 'archived',
      'resolved unarchive': '✗',
      'archived retrieve': '✗',
      'archived resolve': '✗',
      'archived archive': '✗',
      'archived unarchive': 'retrieved',
    });
  });
});

describe('the permission machine', () => {
  it('lets a head decide pending requests, the requester withdraw one, and a head deactivate active staff, nothing else', () => {
    expect(table(permissionMachine)).toEqual({
      'pending accept': 'active',
      'pending reject': 'rejected',
      'pending deactivate': '✗',
      'pending withdraw': 'withdrawn',
      'active accept': '✗',
      'active reject': '✗',
      'active deactivate': 'deactivated',
      'active withdraw': '✗',
      'rejected accept': '✗',
      'rejected reject': '✗',
      'rejected deactivate': '✗',
      'rejected withdraw': '✗',
      'deactivated accept': '✗',
      'deactivated reject': '✗',
      'deactivated deactivate': '✗',
      'deactivated withdraw': '✗',
      'withdrawn accept': '✗',
      'withdrawn reject': '✗',
      'withdrawn deactivate': '✗',
      'withdrawn withdraw': '✗',
    });
    expect(permissionMachine.initial).toBe('pending');
  });
});

describe('the entity machine', () => {
  it('lets a head disable an enabled entity and enable a disabled one, nothing else', () => {
    expect(table(entityMachine)).toEqual({
      'enabled disable': 'disabled',
      'enabled enable': '✗',
      'disabled disable': '✗',
      'disabled enable': 'enabled',
    });
  });
});
