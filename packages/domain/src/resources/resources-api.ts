import { z } from 'zod';
import type { EntityRole } from '../cases/dashboard-api';
import { localizedTextSchema } from '../templates/template-schema';

/**
 * An entity's resources (spec section 7: GET gates/{gate}/gate/resources/{resource}/info and
 * POST …/action; issue #39), shown by one generic admin list page in the dashboard.
 */
export const RESOURCE_NAMES = [
  'notifications',
  'template-permissions',
  'recipient-datasets',
  'audit',
  // The named operators of an entity's restricted templates (issue #37).
  'template-operators',
  // The permitted employers of an entity's restricted templates (issue #37).
  'template-employers',
] as const;
export type ResourceName = (typeof RESOURCE_NAMES)[number];

/**
 * The role a resource needs (a head holds them all, see hasEntityRole): the notices are the
 * settings owner's, the template permissions the templates author's.
 */
export const RESOURCE_ROLES = {
  notifications: 'settings_owner',
  'template-permissions': 'templates_author',
  'recipient-datasets': 'head',
  audit: 'head',
  'template-operators': 'head',
  'template-employers': 'head',
} as const satisfies Record<ResourceName, EntityRole>;

export const RESOURCE_FIELD_TYPES = ['text', 'datetime', 'boolean'] as const;

/** One column of the list, in the order the list shows it; `label` is an i18n key. */
export const resourceFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(RESOURCE_FIELD_TYPES),
  filterable: z.boolean(),
  /** A text field with a closed set of values: the i18n key prefix their labels are under. */
  value_labels: z.string().optional(),
  /** A filterable field's closed set of values: the filter offers them as a choice. */
  choices: z.array(z.string()).optional(),
  /**
   * A text field whose values the catalogue names (a template's refname): each value's title in
   * el/en/fr. The list, its filter and an action's argument of the same name show the title in
   * the reader's language, and the value itself when it has none.
   */
  value_titles: z.record(z.string(), localizedTextSchema).optional(),
});
export type ResourceField = z.infer<typeof resourceFieldSchema>;

/** An action on one row or on the resource; `arguments` names the fields it asks for. */
export const resourceActionSchema = z.object({
  name: z.string(),
  label: z.string(),
  arguments: z.array(z.string()),
  /** Row actions only: the rows it applies to, by a boolean field that must be true. */
  when: z.string().optional(),
  /** Arguments with a closed set of values, by name: the form offers them as a choice. */
  choices: z.record(z.string(), z.array(z.string())).optional(),
});
export type ResourceAction = z.infer<typeof resourceActionSchema>;

export const resourceInfoSchema = z.object({
  data: z.object({
    name: z.enum(RESOURCE_NAMES),
    title: z.string(),
    fields: z.array(resourceFieldSchema),
    row_actions: z.array(resourceActionSchema),
    resource_actions: z.array(resourceActionSchema),
  }),
});
export type ResourceInfo = z.infer<typeof resourceInfoSchema>['data'];

export const RESOURCE_PAGE_SIZE = 20;

/** POST …/action: `list` (with `offset` and filters), or a row action on `object_id`. */
export const resourceActionRequestSchema = z.object({
  action: z.string().min(1).max(40),
  arguments: z
    .record(z.string(), z.union([z.string().max(2000), z.number().int().min(0)]))
    .default({}),
  object_id: z.string().max(64).optional(),
});
export type ResourceActionRequest = z.infer<typeof resourceActionRequestSchema>;

export const resourceRowSchema = z.record(z.string(), z.union([z.string(), z.boolean(), z.null()]));
export type ResourceRow = z.infer<typeof resourceRowSchema>;

export const resourceActionResponseSchema = z.object({
  data: z.array(resourceRowSchema),
  meta: z
    .object({ count: z.number().int(), limit: z.number().int(), offset: z.number().int() })
    .optional(),
});
export type ResourceActionResponse = z.infer<typeof resourceActionResponseSchema>;
