import type { Database } from '../../db/database';
import { defineJob } from '../../jobs/job';
import type { TemplateCatalog } from '../templates';
import { buildCaseExport, expireCaseExports } from './case-exports';

/** An export of an entity's cases as XLSX or ODS (issue #41). */
export const caseExportJob = defineJob({
  name: 'case-export',
  retryLimit: 2,
  async handle(
    payload,
    { database, templates }: { database: Database; templates: TemplateCatalog },
  ) {
    await buildCaseExport(database, templates, payload.export_id);
  },
});

/** Hourly: the files of exports past their 7 days go. */
export const caseExportExpiryJob = defineJob({
  name: 'case-export-expiry',
  cron: '47 * * * *',
  retryLimit: 0,
  async handle(_payload, { database }: { database: Database }) {
    await expireCaseExports(database.db);
  },
});
