import { z } from 'zod';
import { LOGIN_PROVIDERS } from './providers';

/** A query value a browser sent once (a repeated key keeps its first value). */
const queryText = z.preprocess(
  (value) => (Array.isArray(value) ? value[0] : value),
  z.string().max(4096).optional(),
);

/** GET /api/login and its aliases: where to log in and where to go afterwards. */
export const loginQuerySchema = z.object({
  provider: queryText.describe('gsis (default), bank, gsis_admin or anon'),
  next: queryText.describe('a path on this site to continue to after login'),
  template: queryText.describe('the template that asked for the login'),
  mobileWarn: queryText.describe('passed back to /login on error'),
  admin: queryText.describe('1/true: the admin login (gsis_admin)'),
  verifier_challenge: queryText.describe(
    'base64url SHA-256 of a verifier the starting page keeps; GET /token then requires it',
  ),
});
export type LoginQuery = z.infer<typeof loginQuerySchema>;

/** The provider's answer at the callback: code and state, or an error. */
export const callbackQuerySchema = z
  .object({
    code: queryText,
    state: queryText,
    iss: queryText,
    error: queryText,
    error_description: queryText,
  })
  .catchall(z.unknown());

export const userSchema = z.object({
  id: z.string(),
  is_admin: z.boolean(),
  anonymous_login: z.boolean(),
  firstname: z.string().nullable(),
  surname: z.string().nullable(),
  afm: z.string().nullable(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  display_name: z.string().nullable(),
  login_provider: z.enum(LOGIN_PROVIDERS),
  ask_mobile_use_nnc_onboarding: z.boolean(),
  mobile_flow_done: z.boolean(),
  mobile_certified_login: z.boolean(),
  mobile: z.string().nullable(),
  mobile_certified: z.boolean(),
  claims: z.array(z.string()),
});
export type ApiUser = z.infer<typeof userSchema>;

export const tokenQuerySchema = z.object({
  code: queryText,
  verifier: queryText.describe('the verifier whose SHA-256 the login start received'),
});

export const tokenResponseSchema = z.object({
  token: z.string(),
  expires_at: z.string(),
  user: userSchema,
});

export const profileBodySchema = z.object({
  consents: z
    .object({
      mobile_use_nnc_onboarding: z.boolean().default(false),
      mobile_check_certified: z.boolean().default(false),
    })
    .strict(),
  mobile: z.string().max(32).nullable().optional(),
});
export type ProfileBody = z.infer<typeof profileBodySchema>;

const altchaAlgorithm = z.enum(['SHA-1', 'SHA-256', 'SHA-512']);

/** An ALTCHA challenge, as the `altcha` web component reads it from its challengeurl. */
export const captchaChallengeSchema = z.object({
  algorithm: altchaAlgorithm,
  challenge: z.string(),
  maxnumber: z.number().int().optional(),
  salt: z.string(),
  signature: z.string(),
});

/** What the widget sends back (base64 JSON): the challenge as received and the number it found. */
export const captchaPayloadSchema = z.object({
  algorithm: altchaAlgorithm,
  challenge: z.string().max(256),
  number: z.number().int().nonnegative(),
  salt: z.string().max(512),
  signature: z.string().max(256),
});
