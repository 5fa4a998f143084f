import { describe, expect, it } from 'vitest';
import { transition } from './state-machine';
import { VAULT_EXPORT_STATES, vaultExportMachine } from './vault-export-machine';

describe('the vault export machine', () => {
  it('runs queued → running → ready → expired, fails only while being made', () => {
    const rows: Record<string, string> = {};
    for (const state of VAULT_EXPORT_STATES) {
      for (const event of Object.keys(
        vaultExportMachine.events,
      ) as (keyof typeof vaultExportMachine.events)[]) {
        const result = transition(vaultExportMachine, state, event);
        rows[`${state} ${event}`] = result.ok ? String(result.state) : '✗';
      }
    }
    expect(rows).toEqual({
      'queued start': 'running',
      'queued finish': '✗',
      'queued fail': 'failed',
      'queued expire': '✗',
      'running start': 'running',
      'running finish': 'ready',
      'running fail': 'failed',
      'running expire': '✗',
      'ready start': '✗',
      'ready finish': '✗',
      'ready fail': '✗',
      'ready expire': 'expired',
      'failed start': '✗',
      'failed finish': '✗',
      'failed fail': '✗',
      'failed expire': '✗',
      'expired start': '✗',
      'expired finish': '✗',
      'expired fail': '✗',
      'expired expire': '✗',
    });
    expect(vaultExportMachine.initial).toBe('queued');
  });
});
