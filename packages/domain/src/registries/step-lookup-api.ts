import { z } from 'zod';
import { REGISTRY_NAMES } from './registry-errors';

/** Which registry filled which fields of a step, and when it answered. */
export const lookupSourceSchema = z.object({
  registry: z.enum(REGISTRY_NAMES),
  fields: z.array(z.string()),
  fetched_at: z.string(),
});
export type LookupSource = z.infer<typeof lookupSourceSchema>;

/**
 * The step's poll answer (spec section 7, poll endpoint): `pending` while the look-ups run,
 * `notpending` once the step's fields are filled (`sources` says from where). A look-up that
 * failed answers 400 with its error code instead; `data.retry` when trying again may help.
 */
export const stepLookupAnswerSchema = z.object({
  status: z.enum(['pending', 'notpending']),
  poll_id: z.uuid(),
  sources: z.array(lookupSourceSchema),
});
export type StepLookupAnswer = z.infer<typeof stepLookupAnswerSchema>;
