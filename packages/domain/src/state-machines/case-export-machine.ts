import { defineMachine } from './state-machine';

/**
 * Exports of an entity's cases as a spreadsheet (issue #41): queued by a clerk, built by a
 * background job with its progress, ready to download for 7 days, or failed. A worker that
 * stopped mid-way may start again.
 */
export const CASE_EXPORT_STATES = ['queued', 'running', 'ready', 'failed', 'expired'] as const;
export type CaseExportState = (typeof CASE_EXPORT_STATES)[number];

export const caseExportMachine = defineMachine({
  name: 'case-export',
  states: CASE_EXPORT_STATES,
  initial: 'queued',
  events: {
    start: { queued: 'running', running: 'running' },
    finish: { running: 'ready' },
    fail: { queued: 'failed', running: 'failed' },
    expire: { ready: 'expired' },
  },
});
export type CaseExportEvent = keyof typeof caseExportMachine.events;
