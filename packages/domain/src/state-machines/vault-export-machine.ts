import { defineMachine } from './state-machine';

/**
 * Vault exports (issue #15): queued by the citizen, run by a background job, ready with a
 * download link until it expires, or failed. A worker that stopped mid-way may start again.
 */
export const VAULT_EXPORT_STATES = ['queued', 'running', 'ready', 'failed', 'expired'] as const;
export type VaultExportState = (typeof VAULT_EXPORT_STATES)[number];

export const vaultExportMachine = defineMachine({
  name: 'vault-export',
  states: VAULT_EXPORT_STATES,
  initial: 'queued',
  events: {
    start: { queued: 'running', running: 'running' },
    finish: { running: 'ready' },
    fail: { queued: 'failed', running: 'failed' },
    expire: { ready: 'expired' },
  },
});
export type VaultExportEvent = keyof typeof vaultExportMachine.events;
