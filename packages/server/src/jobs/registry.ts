import { accessLogRetentionJob } from './definitions/access-log-retention';
import { alertDigestsJob } from './definitions/alert-digests';
import { alertLimitsRetentionJob } from './definitions/alert-limits-retention';
import { documentsRetentionJob } from './definitions/documents-retention';
import { heartbeatJob } from './definitions/heartbeat';
import { pendingUploadsExpiryJob } from './definitions/pending-uploads-expiry';
import { vaultExportExpiryJob, vaultExportJob } from './definitions/vault-export';
import type { JobDefinition } from './job';
import type { JobName } from './job-payloads';
import { notifyRetryJob, notifySendJob } from '../notify/notify-jobs';

/** Every job the workers know, one per name of job-payloads.ts (checked by the type). */
const jobsByName = {
  'system-heartbeat': heartbeatJob,
  'notify-send': notifySendJob,
  'notify-retry': notifyRetryJob,
  'alert-digests': alertDigestsJob,
  'alert-limits-retention': alertLimitsRetentionJob,
  'documents-retention': documentsRetentionJob,
  'pending-uploads-expiry': pendingUploadsExpiryJob,
  'access-log-retention': accessLogRetentionJob,
  'vault-export': vaultExportJob,
  'vault-export-expiry': vaultExportExpiryJob,
} satisfies { [N in JobName]: JobDefinition<N> };

export const jobRegistry: JobDefinition[] = Object.values(jobsByName);
