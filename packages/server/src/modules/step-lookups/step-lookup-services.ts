import type { Database } from '../../db/database';
import type { JobSender } from '../../jobs/job-payloads';
import type { TemplateCatalog } from '../templates';

export type StepLookupServices = {
  database: Database;
  catalog: TemplateCatalog;
  jobs(): JobSender | null;
};
