import type { Config } from './config';
import type { Database } from './db/database';
import { heartbeatJob } from './jobs/heartbeat-job';
import type { JobDefinition } from './jobs/job';
import type { JobName } from './jobs/job-payloads';
import type { AppEventService } from './lib/after-commit';
import type { TemplateCatalog } from './modules/templates';
import { appEventJob } from './lib/app-event-job';
import { accessLogRetentionJob } from './modules/access-log';
import { pendingUploadsExpiryJob } from './modules/attachments';
import {
  alertLimitsRetentionJob,
  caseBinPurgeJob,
  caseExportExpiryJob,
  caseExportJob,
} from './modules/cases';
import { documentsRetentionJob } from './modules/issuance';
import { jointConsentExpiryJob, jointConsentIssueJob, type JointIssuance } from './modules/joint';
import { alertDigestsJob } from './modules/messages';
import { registryLookupJob } from './modules/step-lookups';
import { vaultExportExpiryJob, vaultExportJob } from './modules/vault-export';
import { notifyRetryJob, notifySendJob, type Notifier } from './notify';

/** The app's services a job handler may ask for: it builds none and reads no configuration. */
export type JobServices = {
  database: Database;
  config: Config;
  notifier: Notifier;
  events: AppEventService;
  /** The template catalogue (the case exports' columns). */
  templates: TemplateCatalog;
  /** Issues a fully signed joint declaration (the `joint-consent-issue` retries). */
  jointIssuance: JointIssuance;
};

/**
 * Every job the workers know, one per name of jobs/job-payloads.ts, each defined beside the
 * module it runs (checked by the type: a job asking for a service the app lacks fails here).
 * Registered from the top, so jobs/ imports no module (tools/check-module-cycles.mjs).
 */
const jobsByName = {
  'system-heartbeat': heartbeatJob,
  'notify-send': notifySendJob,
  'notify-retry': notifyRetryJob,
  'alert-digests': alertDigestsJob,
  'alert-limits-retention': alertLimitsRetentionJob,
  'case-bin-purge': caseBinPurgeJob,
  'documents-retention': documentsRetentionJob,
  'pending-uploads-expiry': pendingUploadsExpiryJob,
  'access-log-retention': accessLogRetentionJob,
  'vault-export': vaultExportJob,
  'vault-export-expiry': vaultExportExpiryJob,
  'app-event': appEventJob,
  'joint-consent-expiry': jointConsentExpiryJob,
  'registry-lookup': registryLookupJob,
  'case-export': caseExportJob,
  'case-export-expiry': caseExportExpiryJob,
  'joint-consent-issue': jointConsentIssueJob,
} satisfies { [N in JobName]: JobDefinition<N, JobServices> };

export const jobRegistry: readonly JobDefinition<JobName, JobServices>[] =
  Object.values(jobsByName);

/** The app's services as main.ts gives them to the queue and tests to a handler. */
export const jobContext = (app: JobServices): JobServices => ({
  database: app.database,
  config: app.config,
  notifier: app.notifier,
  events: app.events,
  templates: app.templates,
  jointIssuance: app.jointIssuance,
});
