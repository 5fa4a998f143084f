import { describe, expect, it } from 'vitest';
import { jobContext, jobRegistry, type JobServices } from './job-registry';
import { jobPayloads } from './jobs/job-payloads';

// The registry at the top lists every job once; jobs/ itself knows none of them.
describe('jobRegistry', () => {
  it('holds one definition per job name, and only those', () => {
    const names = jobRegistry.map((job) => job.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(Object.keys(jobPayloads).sort());
  });

  it('schedules with five-field cron expressions', () => {
    for (const job of jobRegistry.filter((definition) => definition.cron !== undefined)) {
      expect(job.cron?.split(' '), job.name).toHaveLength(5);
    }
  });

  it('gives handlers the app services and nothing else', () => {
    const app = {
      database: { kind: 'database' },
      config: { kind: 'config' },
      notifier: { kind: 'notifier' },
      events: { kind: 'events' },
      templates: { kind: 'templates' },
      jointIssuance: { kind: 'jointIssuance' },
      log: { kind: 'not a service' },
    } as unknown as JobServices;
    expect(jobContext(app)).toEqual({
      database: { kind: 'database' },
      config: { kind: 'config' },
      notifier: { kind: 'notifier' },
      events: { kind: 'events' },
      templates: { kind: 'templates' },
      jointIssuance: { kind: 'jointIssuance' },
    });
  });
});
