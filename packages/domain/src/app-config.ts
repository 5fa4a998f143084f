import { z } from 'zod';

/** Feature flags that hide route groups (spec section 2). */
export const featureFlagsSchema = z.object({
  DEVEL: z.boolean(),
  DASHBOARD_ENABLED: z.boolean(),
  CITIZENINBOX_ENABLED: z.boolean(),
  REFCODE_ENABLED: z.boolean(),
});
export type FeatureFlags = z.infer<typeof featureFlagsSchema>;

/** The whitelisted, public part of the configuration: the answer of GET /api/appconfig/. */
export const appConfigSchema = z.object({
  flags: featureFlagsSchema,
  settings: z.object({
    LANDING_PAGE_URL: z.string().nullable(),
    VALIDATION_DEFAULT_CONTEXT: z.string(),
    INBOX_STATES: z.array(z.string()),
    ISSUE_NOTIFICATION_TITLE: z.string().nullable(),
    ISSUE_NOTIFICATION_MESSAGE: z.string().nullable(),
    FILE_MAX_SIZE: z.number().int().positive(),
    COMMUNICATIONS_MESSAGE_MAX_SIZE: z.number().int().positive(),
    USER_INBOX_INCOMING_LIMIT: z.number().int().positive(),
    USER_INBOX_RETRIEVED_LIMIT: z.number().int().positive(),
    LANGUAGES: z.array(z.string()),
    VERSION: z.string(),
  }),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
