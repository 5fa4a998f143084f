import { accessLogRetentionJob } from './definitions/access-log-retention';
import { alertDigestsJob } from './definitions/alert-digests';
import { alertLimitsRetentionJob } from './definitions/alert-limits-retention';
import { documentsRetentionJob } from './definitions/documents-retention';
import { heartbeatJob } from './definitions/heartbeat';
import { vaultExportExpiryJob, vaultExportJob } from './definitions/vault-export';
import type { JobDefinition } from './job';
import { notifyRetryJob, notifySendJob } from '../notify/notify-jobs';

/** Every job the workers know; a job not listed here cannot be sent. */
export const jobRegistry: JobDefinition[] = [
  heartbeatJob,
  notifySendJob,
  notifyRetryJob,
  alertDigestsJob,
  alertLimitsRetentionJob,
  documentsRetentionJob,
  accessLogRetentionJob,
  vaultExportJob,
  vaultExportExpiryJob,
];
