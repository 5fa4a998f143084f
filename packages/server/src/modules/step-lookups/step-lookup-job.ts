import type { Database } from '../../db/database';
import { defineJob } from '../../jobs/job';
import { runStepLookup } from './run-step-lookup';

/** A step's registry look-ups (issue #36); not retried: the wizard starts a new run. */
export const registryLookupJob = defineJob({
  name: 'registry-lookup',
  retryLimit: 0,
  async handle(payload, { database }: { database: Database }) {
    await runStepLookup(database, payload.lookup_id);
  },
});
