import { z } from 'zod';
import { TEMPLATE_TYPES } from './template-schema';

/**
 * The one-question forms around finding and starting a document (issue #38): what the person came
 * to do (spec section 2, "cause of use"), which type of document, and whether the registry's
 * details about her are right. A missing answer is the form's "choose one" message.
 */

export const CAUSES_OF_USE = ['create', 'validate', 'mailbox'] as const;
export type CauseOfUse = (typeof CAUSES_OF_USE)[number];
export const causeOfUseInputSchema = z.object({ cause: z.enum(CAUSES_OF_USE) });

export const templateTypeInputSchema = z.object({ type: z.enum(TEMPLATE_TYPES) });

export const IDENTITY_ANSWERS = ['correct', 'wrong'] as const;
export type IdentityAnswer = (typeof IDENTITY_ANSWERS)[number];
export const identityConfirmationInputSchema = z.object({ answer: z.enum(IDENTITY_ANSWERS) });
