import type { Locale } from '@dilosi/domain';
import { defineJob } from '../../jobs/job';
import { AppError } from '../../lib/app-error';
import { issueConsentDocument } from './issue-consent-document';
import type { JointServices } from './joint-services';

/** How the `joint-consent-issue` job reaches issuance: the app builds it (app.ts). */
export type JointIssuance = {
  /** Issues a fully signed consent's document if it is not yet issued; refusals end quietly. */
  issueConsent(consentId: string, locale: Locale): Promise<void>;
};

/** Seconds before the job looks: the last signature's own request normally issued it by then. */
export const CONSENT_ISSUE_AFTER_SECONDS = 60;

/** The send options of the job: after the request's own try, retried with a growing wait. */
export const consentIssueJobOptions = (consentId: string) => ({
  startAfter: CONSENT_ISSUE_AFTER_SECONDS,
  retryLimit: 8,
  retryDelay: 30,
  retryBackoff: true,
  singletonKey: `joint-consent-issue:${consentId}`,
});

export function createJointIssuance(services: JointServices): JointIssuance {
  return {
    async issueConsent(consentId, locale) {
      try {
        await issueConsentDocument(services, { consentId, locale });
      } catch (error) {
        // A refusal (canceled, the text changed, not fully signed) will not change by retrying;
        // anything else (the PDF worker, the database) is thrown, and the queue tries again.
        if (error instanceof AppError && error.statusCode < 500) return;
        throw error;
      }
    },
  };
}

/**
 * A fully signed joint declaration whose issuance failed (issue #35): sent in the transaction of
 * the last signature, so it outlives a failure or a process that dies before issuing; it issues
 * the document if it is still not issued (once: issuance locks the document and an issued one
 * answers as it is), and the queue retries a failure with exponential backoff.
 */
export const jointConsentIssueJob = defineJob({
  name: 'joint-consent-issue',
  retryLimit: 8,
  async handle(payload, services: { jointIssuance: JointIssuance }) {
    await services.jointIssuance.issueConsent(payload.consent_id, payload.locale);
  },
});
