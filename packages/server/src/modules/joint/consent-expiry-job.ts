import { defineJob } from '../../jobs/job';
import { expireConsents } from './close-consent';
import type { AlertingServices } from './joint-services';

/**
 * Every ten minutes: joint declarations past JOINT_EXPIRY_DAYS without every signature end as
 * expired, and everyone of them is told (issue #35).
 */
export const jointConsentExpiryJob = defineJob({
  name: 'joint-consent-expiry',
  cron: '*/10 * * * *',
  retryLimit: 0,
  async handle(_payload, services: AlertingServices) {
    await expireConsents(services);
  },
});
