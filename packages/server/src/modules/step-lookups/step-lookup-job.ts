import type { Database } from '../../db/database';
import { defineJob } from '../../jobs/job';
import { runStepLookup } from './run-step-lookup';

/** A step's registry look-ups (issue #36); not retried: the wizard starts a new run. */
export const registryLookupJob = defineJob({
  name: 'registry-lookup',
  retryLimit: 0,
  // A look-up waits on a registry that may take seconds: one after the other, 200 wizards on a
  // 2-second registry waited minutes (bench/registry-wizards.ts). 64 at once per process.
  concurrency: 64,
  async handle(payload, { database }: { database: Database }) {
    await runStepLookup(database, payload.lookup_id);
  },
});
