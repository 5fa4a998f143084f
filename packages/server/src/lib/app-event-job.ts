import { defineJob } from '../jobs/job';
import type { AppEventService } from './after-commit';

/**
 * Handles an event its raiser did not (lib/after-commit.ts): the process died after the commit,
 * or the handler failed. Sent in the raising transaction; an event already handled is gone, and
 * one held by another handler is tried again later.
 */
export const appEventJob = defineJob({
  name: 'app-event',
  retryLimit: 10,
  async handle({ eventId }, { events }: { events: AppEventService }) {
    if ((await events.handle(eventId)) === 'busy') {
      throw new Error(`event ${eventId} is being handled elsewhere; trying again later`);
    }
  },
});
