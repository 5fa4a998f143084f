import { personByAfmSchema } from '../staff/staff-forms';
import { codedCheck, optionalText, requiredText } from '../validators/schema-fields';
import {
  assignCaseSchema,
  CASE_NOTE_MAX_SIZE,
  changeCaseStateSchema,
  COMMUNICATIONS_MESSAGE_MAX_SIZE,
  newCaseMessageSchema,
  newCaseNoteSchema,
} from './dashboard-api';

/**
 * The forms of a case's actions, for one case and for the inbox's bulk actions alike: each is
 * its route's body schema (dashboard-api.ts) with the checks the server makes of it, coded as
 * the server answers them (`reason_required`, `comment_required`, `message_too_long`, …).
 */

/** Assign to an active clerk (POST .../assign; the bulk `assign` takes the same `user_id`). */
export const assignCaseFormSchema = assignCaseSchema.extend({ user_id: requiredText(64) });

/** Set the status (POST .../change_state, bulk `change_state`): a rejection needs its reason. */
export const changeCaseStateFormSchema = changeCaseStateSchema
  .extend({ reason: optionalText(CASE_NOTE_MAX_SIZE).optional() })
  .superRefine(
    codedCheck(
      ({ state, reason }) =>
        state === 'canceled' && (reason ?? '').trim() === '' ? { code: 'reason_required' } : null,
      ['reason'],
    ),
  );

/** An internal note (POST .../comments). */
export const caseNoteFormSchema = newCaseNoteSchema.extend({
  comment: requiredText(CASE_NOTE_MAX_SIZE, { required: 'comment_required' }),
});

/** A message to the citizen (POST .../communications). */
export const caseMessageFormSchema = newCaseMessageSchema.extend({
  message: requiredText(COMMUNICATIONS_MESSAGE_MAX_SIZE, {
    required: 'message_required',
    tooLong: 'message_too_long',
  }),
});

/** Share the case's document with a person by tax number (POST .../action `share`). */
export const shareCaseFormSchema = personByAfmSchema;
