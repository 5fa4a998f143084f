import { z } from 'zod';
import { ENTITY_ROLES } from '../cases/dashboard-api';
import { pageMetaSchema } from '../documents/api-document';
import { PERMISSION_STATES } from '../state-machines/machines';
import { localizedTextSchema } from '../templates/template-schema';

/**
 * Staff, permission requests and entity settings (spec sections 3, 5, 6 and 7; issue #14): the
 * shapes the server answers and the web app reads, and the inputs both validate.
 */

const roleSchema = z.enum(ENTITY_ROLES);

/** The spec's `response` of a permission request: null while waiting, else the head's answer. */
export const PERMISSION_RESPONSES = ['accept', 'reject'] as const;
export type PermissionResponse = (typeof PERMISSION_RESPONSES)[number];

/** Permission (spec section 3), as the requester and the entity's head see it. */
export const permissionSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  role: roleSchema,
  state: z.enum(PERMISSION_STATES),
  response: z.enum(PERMISSION_RESPONSES).nullable(),
  user_info: z.object({
    id: z.string(),
    firstname: z.string().nullable(),
    surname: z.string().nullable(),
    username: z.string().nullable(),
    afm: z.string().nullable(),
  }),
  user_display_name: z.string(),
  entity: z.object({ id: z.string(), codename: z.string(), display_name: localizedTextSchema }),
  /** ISO 8601. */
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type Permission = z.infer<typeof permissionSchema>;

export const permissionPageSchema = z.object({
  data: z.array(permissionSchema),
  meta: pageMetaSchema,
});
export type PermissionPage = z.infer<typeof permissionPageSchema>;
export const permissionResponseSchema = z.object({ data: permissionSchema });

export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** POST /api/my-permission-requests: an entity by its name (upper-cased), clerk by default. */
export const newPermissionRequestSchema = z.object({
  entity_name: z.string().max(200),
  role: roleSchema.default('clerk'),
});
export type NewPermissionRequest = z.input<typeof newPermissionRequestSchema>;

/** The entity name as the request looks it up: trimmed, upper case (spec section 5). */
export function normalizeEntityName(value: string): string {
  return value.trim().toLocaleUpperCase('el');
}

/** POST /api/entities/{id}/enroll: ask for a role at this entity. */
export const enrollSchema = z.object({ role: roleSchema.default('clerk') });

/** Staff entry (spec section 3): one per person with their active roles. */
export const staffEntrySchema = z.object({
  user_id: z.string(),
  name: z.string(),
  afm: z.string().nullable(),
  email: z.string().nullable(),
  roles: z.array(roleSchema),
  /** The active permission behind each role (deactivated one by one). */
  permissions: z.array(z.object({ id: z.string(), role: roleSchema })),
});
export type StaffEntry = z.infer<typeof staffEntrySchema>;
export const staffListSchema = z.object({ data: z.array(staffEntrySchema) });

/** A head adds a person as staff (spec section 5: firstname, surname, afm, role). */
export const newStaffSchema = z.object({
  firstname: z.string().max(100),
  surname: z.string().max(100),
  afm: z.string().max(20),
  role: roleSchema,
});
export type NewStaff = z.infer<typeof newStaffSchema>;

/** A head sets a staff member's roles: missing ones are granted, dropped ones deactivated. */
export const staffRolesSchema = z.object({
  roles: z.array(roleSchema).min(1).max(ENTITY_ROLES.length),
});

/**
 * PATCH /api/entities/{id}: the settings (editable only when managed), `is_managed: true` to
 * activate management, `enabled` to disable or enable the mailbox.
 */
export const entitySettingsSchema = z.object({
  display_name: z
    .object({ el: z.string().max(300), en: z.string().max(300), fr: z.string().max(300) })
    .optional(),
  email: z.string().max(254).optional(),
  is_addressable: z.boolean().optional(),
  is_managed: z.literal(true).optional(),
  enabled: z.boolean().optional(),
});
export type EntitySettings = z.infer<typeof entitySettingsSchema>;

/** Decisions about an entity's staff and settings, each recorded with who and when. */
export const ENTITY_DECISIONS = [
  'request',
  'withdraw',
  'accept',
  'reject',
  'add',
  'role_change',
  'deactivate',
  'settings_change',
  'activate',
  'enable',
  'disable',
] as const;
export type EntityDecision = (typeof ENTITY_DECISIONS)[number];

export const entityDecisionSchema = z.object({
  id: z.string(),
  action: z.enum(ENTITY_DECISIONS),
  timestamp: z.string(),
  user_display_name: z.string().nullable(),
  /** The person the decision is about (a request, a role), when there is one. */
  subject_display_name: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type EntityDecisionEntry = z.infer<typeof entityDecisionSchema>;
export const entityDecisionPageSchema = z.object({
  data: z.array(entityDecisionSchema),
  meta: pageMetaSchema,
});
export type EntityDecisionPage = z.infer<typeof entityDecisionPageSchema>;

/** GET /api/entity-directory?q=: enabled entities whose name or codename holds the words typed. */
export const ENTITY_DIRECTORY_LIMIT = 10;
export const entityDirectoryQuerySchema = z.object({ q: z.string().max(200).default('') });
export const entityDirectorySchema = z.object({
  data: z.array(z.object({ codename: z.string(), display_name: localizedTextSchema })),
});
export type EntityDirectory = z.infer<typeof entityDirectorySchema>;
