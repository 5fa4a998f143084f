import type { JobSender } from '../../jobs/job-payloads';
import type { IssuanceServices } from '../issuance';

/**
 * What the joint declarations need: issuance's services (SMS codes, seal, delivery), and the job
 * queue with a logger for the retried issuance of a fully signed consent (none in some tests).
 */
export type JointServices = IssuanceServices & {
  jobs?: () => JobSender | null;
  logger?: { error(obj: unknown, msg?: string): void };
};

/** Where a co-signatory opens her request (the web app's joint page). */
export const jointPageUrl = (services: Pick<JointServices, 'config'>, consentId: string) =>
  `${services.config.publicUrl}/my/joint/${consentId}`;

/** What closing a consent and telling its signatories need (the expiry job has no more). */
export type AlertingServices = Pick<JointServices, 'database' | 'config' | 'notifier'>;
