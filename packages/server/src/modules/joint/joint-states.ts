import {
  consentMachine,
  signatoryMachine,
  type ConsentEvent,
  type ConsentState,
  type SignatoryEvent,
  type SignatoryState,
} from '@dilosi/domain';
import type { StatefulAggregate } from '../../lib/state-change';

/** A consent's state, written only through changeState (lib/state-change.ts). */
export const consentState = {
  machine: consentMachine,
  column: 'state',
  write: async (trx, id, to, columns) => {
    await trx
      .updateTable('joint_consents')
      .set({ ...columns, state: to })
      .where('id', '=', id)
      .execute();
  },
} satisfies StatefulAggregate<'joint_consents', 'state', ConsentState, ConsentEvent>;

/** A signatory's state, written only through changeState. */
export const signatoryState = {
  machine: signatoryMachine,
  column: 'state',
  write: async (trx, id, to, columns) => {
    await trx
      .updateTable('joint_signatories')
      .set({ ...columns, state: to })
      .where('id', '=', id)
      .execute();
  },
} satisfies StatefulAggregate<'joint_signatories', 'state', SignatoryState, SignatoryEvent>;
