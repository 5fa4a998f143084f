import { z } from 'zod';

/**
 * Step-up (issue #37; spec section 6, "a 2FA action may be required"), our extension: POST
 * /api/step-up sends a six-digit SMS code to the certified mobile, POST /api/step-up/confirm
 * checks it; the session's second factor is then fresh for the steps that ask for one.
 */
export const STEP_UP_PATHS = { send: '/api/step-up', confirm: '/api/step-up/confirm' } as const;

export const stepUpSentSchema = z.object({
  data: z.object({
    /** Where the code went, masked (69******78). */
    mobile: z.string(),
    expires_at: z.string(),
    sends_left: z.number().int(),
  }),
});
export type StepUpSent = z.infer<typeof stepUpSentSchema>['data'];

export const stepUpConfirmBodySchema = z.object({ code: z.string().max(32) });

export const stepUpConfirmedSchema = z.object({ data: z.object({ confirmed_at: z.string() }) });
