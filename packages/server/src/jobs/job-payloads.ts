import type PgBoss from 'pg-boss';
import { LOCALES } from '@dilosi/domain';
import { z } from 'zod';

const noPayload = z.object({}).passthrough();

/**
 * Every job's name with the schema of its payload: what `send` type-checks against. Names and
 * schemas only, so a sender imports this without importing the handlers (src/job-registry.ts).
 */
export const jobPayloads = {
  'system-heartbeat': noPayload,
  'notify-send': z.object({ outboxId: z.uuid() }),
  'notify-retry': noPayload,
  'alert-digests': noPayload,
  'alert-limits-retention': noPayload,
  'case-bin-purge': noPayload,
  'documents-retention': noPayload,
  'pending-uploads-expiry': noPayload,
  'access-log-retention': noPayload,
  'vault-export': z.object({ export_id: z.uuid() }),
  'vault-export-expiry': noPayload,
  'app-event': z.object({ eventId: z.uuid() }),
  'joint-consent-expiry': noPayload,
  'registry-lookup': z.object({ lookup_id: z.uuid() }),
  'case-export': z.object({ export_id: z.uuid() }),
  'case-export-expiry': noPayload,
  'joint-consent-issue': z.object({ consent_id: z.uuid(), locale: z.enum(LOCALES) }),
} as const satisfies Record<string, z.ZodType>;

export type JobName = keyof typeof jobPayloads;
/** What a sender passes for the job `N`. */
export type JobPayload<N extends JobName> = z.input<(typeof jobPayloads)[N]>;

/** What sending a job needs: the queue as the app's services see it. */
export type JobSender = {
  send<N extends JobName>(
    name: N,
    payload: JobPayload<N>,
    options?: PgBoss.SendOptions,
  ): Promise<string | null>;
};
