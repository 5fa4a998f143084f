import type { IssuanceServices } from '../issuance';

/** What the joint declarations need: issuance's services (SMS codes, seal, delivery). */
export type JointServices = IssuanceServices;

/** Where a co-signatory opens her request (the web app's joint page). */
export const jointPageUrl = (services: Pick<JointServices, 'config'>, consentId: string) =>
  `${services.config.publicUrl}/my/joint/${consentId}`;

/** What closing a consent and telling its signatories need (the expiry job has no more). */
export type AlertingServices = Pick<JointServices, 'database' | 'config' | 'notifier'>;
