import { z } from 'zod';
import { plainNameError } from '../text/plain-text';
import {
  afmText,
  codedCheck,
  emailText,
  optionalText,
  requiredText,
} from '../validators/schema-fields';
import {
  entitySettingsSchema,
  newPermissionRequestSchema,
  newStaffSchema,
  normalizeEntityName,
} from './staff-api';

/**
 * The staff side's forms: each is its route's body schema (staff-api.ts) with the checks the
 * server makes of it, their failures coded as the server answers them (`required`,
 * `afm_invalid`, `email_invalid`, …), so the web form and the API refuse the same input alike.
 */

/** A person named by tax number (adding staff, sharing a case's document): all three required. */
export const personByAfmSchema = z.object({
  firstname: requiredText(100, { trim: true }),
  surname: requiredText(100, { trim: true }),
  afm: afmText(),
});
export type PersonByAfm = z.output<typeof personByAfmSchema>;

/** A head adds a person as staff (POST .../active-permissions). */
export const newStaffFormSchema = newStaffSchema.extend(personByAfmSchema.shape);

/** A person asks for a role at an entity named as typed (upper-cased, trimmed: spec section 5). */
export const newPermissionRequestFormSchema = newPermissionRequestSchema.extend({
  entity_name: z.string().transform(normalizeEntityName).pipe(requiredText(200)),
});

/** A one-line name that reaches SMS and e-mail, at most 300 characters. */
function plainName(isRequired: boolean) {
  return (isRequired ? requiredText(300) : optionalText(300)).superRefine(
    codedCheck(plainNameError),
  );
}

/** The head's settings of a managed entity (PATCH /api/entities/{id}). */
export const entitySettingsFormSchema = entitySettingsSchema
  .pick({ is_addressable: true })
  .required()
  .extend({
    display_name: z.object({ el: plainName(true), en: plainName(false), fr: plainName(false) }),
    email: emailText(),
  });
