import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { isLocale, LOCALES } from '@dilosi/domain';

/** The template catalogue shipped with the server: packages/server/templates. */
export const DEFAULT_TEMPLATES_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../templates',
);

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
      message: 'must be true or false',
    })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes', 'on'].includes(v)));

/** A flag whose default depends on other variables: undefined when unset. */
const optionalBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { message: 'must be true or false' })
  .optional()
  .transform((v) => (v === undefined ? undefined : ['true', '1', 'yes', 'on'].includes(v)));

const positiveInt = (fallback: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .optional()
    .transform((v) => (v === undefined ? fallback : Number(v)))
    .refine((v) => v > 0, 'must be greater than zero');

const nonNegativeInt = (fallback: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .optional()
    .transform((v) => (v === undefined ? fallback : Number(v)));

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(`${p}:`)), {
      message: `must be a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    });

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** Every environment variable the service reads. README.md documents each one. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: positiveInt(8080).refine((v) => v < 65536, 'must be a TCP port (1-65535)'),
  PUBLIC_URL: optionalUrl(['http', 'https']),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  DATABASE_POOL_SIZE: positiveInt(10),
  DATABASE_PREPARED_STATEMENTS: bool(true),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1-64 letters, digits or _ . : -')
    .default('dilosi'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool(false),
  WEB_DIST_DIR: z.string().optional(),
  // Unset: DEVEL's value. Demo persons and staff have real-format tax numbers: never in production.
  SEED_DEMO_DATA: optionalBool,
  JOBS_ENABLED: bool(true),
  // SIGTERM (docs/deployment.md): /readyz answers 503 for this long before the port closes, so a
  // load balancer stops sending traffic first; then in-flight requests and jobs finish, within
  // SHUTDOWN_TIMEOUT_MS (past it the process exits 1).
  SHUTDOWN_DRAIN_DELAY_MS: nonNegativeInt(0),
  SHUTDOWN_TIMEOUT_MS: positiveInt(9_000),
  // Unset: on, except with NODE_ENV=production (the outbox shows every SMS code in clear).
  DEVEL: optionalBool,
  DASHBOARD_ENABLED: bool(true),
  // The interoperability gateway (docs/registries.md). Unset: the built-in registry simulator
  // under DEVEL, otherwise no registry (the checks that need one are off, said at start).
  REGISTRY_URL: optionalUrl(['http', 'https']),
  REGISTRY_TOKEN: optionalText,
  REGISTRY_TIMEOUT_MS: positiveInt(5_000),
  REGISTRY_RETRIES: nonNegativeInt(2),
  // Consecutive failures that open the circuit, and how long it stays open before one try.
  REGISTRY_BREAKER_FAILURES: positiveInt(5),
  REGISTRY_BREAKER_HALF_OPEN_MS: positiveInt(30_000),
  // The simulator's answer delay and share of answers that fail (0 to 1).
  REGISTRY_SIM_DELAY_MS: nonNegativeInt(0),
  REGISTRY_SIM_FAILURE_RATE: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === '' ? 0 : Number(v)))
    .refine((v) => Number.isFinite(v) && v >= 0 && v <= 1, 'must be a number from 0 to 1'),
  CITIZENINBOX_ENABLED: bool(true),
  REFCODE_ENABLED: bool(true),
  LANDING_PAGE_URL: optionalUrl(['http', 'https']),
  VALIDATION_DEFAULT_CONTEXT: z.string().min(1).default('default'),
  INBOX_STATES: z
    .string()
    .default('A,B,C')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  // The interface languages offered (el first, the default): one only hides the footer's switcher.
  LANGUAGES: z
    .string()
    .default(LOCALES.join(','))
    .transform((v) => [...new Set(v.split(',').map((s) => s.trim()))].filter(isLocale))
    .refine((list) => list.includes('el'), { message: 'must include el, the default language' }),
  ISSUE_NOTIFICATION_TITLE: z.string().optional(),
  ISSUE_NOTIFICATION_MESSAGE: z.string().optional(),
  FILE_MAX_SIZE: positiveInt(5_242_880),
  // Uploaded PDFs are checked in worker threads with these limits (docs/issuance.md, "Uploads").
  PDF_CHECK_TIMEOUT_MS: positiveInt(10_000),
  PDF_CHECK_MEMORY_MB: positiveInt(256),
  PDF_CHECK_THREADS: positiveInt(2),
  // POST /api/attachments (docs/api.md, "Attachments"): an upload not referenced by a create or
  // update within this many minutes is gone; at most this many uploads per person per hour.
  UPLOAD_PENDING_TTL_MINUTES: positiveInt(60),
  UPLOADS_PER_HOUR: positiveInt(60),
  // Issued PDFs are rendered in this many worker threads; 0 renders on the request thread.
  PDF_RENDER_THREADS: nonNegativeInt(1),
  /** Folder of the template catalogue (*.json); default packages/server/templates. */
  TEMPLATES_DIR: optionalText,
  COMMUNICATIONS_MESSAGE_MAX_SIZE: positiveInt(320),
  USER_INBOX_INCOMING_LIMIT: positiveInt(30),
  USER_INBOX_RETRIEVED_LIMIT: positiveInt(30),
  RATE_LIMIT_MAX: positiveInt(600),
  RATE_LIMIT_WINDOW_MS: positiveInt(60_000),
  // Public validation (docs/validation.md): its own per-client budget, against enumeration.
  VALIDATION_RATE_LIMIT_MAX: positiveInt(60),
  VALIDATION_RATE_LIMIT_WINDOW_MS: positiveInt(60_000),
  // Login (docs/login.md). Each provider falls back to the built-in identity provider when its
  // issuer is unset.
  OIDC_GSIS_ISSUER: optionalUrl(['http', 'https']),
  OIDC_GSIS_CLIENT_ID: optionalText,
  OIDC_GSIS_CLIENT_SECRET: optionalText,
  OIDC_GSIS_SCOPES: optionalText,
  OIDC_BANK_ISSUER: optionalUrl(['http', 'https']),
  OIDC_BANK_CLIENT_ID: optionalText,
  OIDC_BANK_CLIENT_SECRET: optionalText,
  OIDC_BANK_SCOPES: optionalText,
  OIDC_GSIS_ADMIN_ISSUER: optionalUrl(['http', 'https']),
  OIDC_GSIS_ADMIN_CLIENT_ID: optionalText,
  OIDC_GSIS_ADMIN_CLIENT_SECRET: optionalText,
  OIDC_GSIS_ADMIN_SCOPES: optionalText,
  OIDC_ANON_ISSUER: optionalUrl(['http', 'https']),
  OIDC_ANON_CLIENT_ID: optionalText,
  OIDC_ANON_CLIENT_SECRET: optionalText,
  OIDC_ANON_SCOPES: optionalText,
  SESSION_TTL_SECONDS: positiveInt(43_200),
  SESSION_IDLE_SECONDS: positiveInt(3_600),
  LOGIN_THROTTLE_MAX_FAILURES: positiveInt(10),
  LOGIN_THROTTLE_WINDOW_SECONDS: positiveInt(900),
  // ALTCHA captcha (docs/operations.md): the HMAC key signing challenges (required without DEVEL;
  // in development one is generated and kept in the database) and the largest secret number.
  ALTCHA_HMAC_KEY: optionalText.refine((v) => v === undefined || v.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  CAPTCHA_MAX_NUMBER: positiveInt(100_000).refine(
    (v) => v <= 10_000_000,
    'must be at most 10000000',
  ),
  CAPTCHA_TTL_SECONDS: positiveInt(300),
  // PDF seal (docs/pdf.md): PEM key and certificate; without them a development CA and seal
  // certificate are generated at first start and kept in the database.
  SEAL_KEY_FILE: optionalText,
  SEAL_KEY_PASSPHRASE: optionalText,
  SEAL_CERT_FILE: optionalText,
  SEAL_CHAIN_FILE: optionalText,
  // Notifications (docs/notifications.md). Without SMTP_URL / SMS_GATEWAY_URL the messages of
  // that channel are only written to the outbox (the embedded default, shown by /api/dev/outbox).
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  SMTP_FROM: z.string().min(1).default('Dilosi <no-reply@dilosi.localhost>'),
  SMS_GATEWAY_URL: optionalUrl(['http', 'https']),
  SMS_GATEWAY_TOKEN: optionalText,
  SMS_SENDER: z.string().min(1).max(11, 'must be at most 11 characters').default('Dilosi'),
  NOTIFY_MAX_ATTEMPTS: positiveInt(5),
  // Alert caps (docs/notifications.md, "Alert caps"): mailbox alerts per citizen, and per
  // destination, per channel, over all senders; past a cap they fold into one digest.
  ALERT_SMS_PER_HOUR: positiveInt(3),
  ALERT_SMS_PER_DAY: positiveInt(10),
  ALERT_EMAIL_PER_HOUR: positiveInt(5),
  ALERT_EMAIL_PER_DAY: positiveInt(20),
  // Messages one entity's clerks may send citizens, together (429 event_limit_reached past it).
  ENTITY_MESSAGES_PER_MINUTE: positiveInt(60),
  ENTITY_MESSAGES_PER_HOUR: positiveInt(1000),
  // Messages one citizen may write into her cases' threads, over all of them (issue #33).
  CITIZEN_MESSAGES_PER_MINUTE: positiveInt(5),
  CITIZEN_MESSAGES_PER_HOUR: positiveInt(30),
  // Issuance (docs/issuance.md): the SMS code, the PDF download link, retention.
  OTP_TTL_SECONDS: positiveInt(300),
  OTP_MAX_ATTEMPTS: positiveInt(5),
  // Days a joint declaration waits for every co-signatory's signature (issue #35).
  JOINT_EXPIRY_DAYS: positiveInt(10),
  OTP_RESEND_INTERVAL_SECONDS: positiveInt(60),
  OTP_MAX_SENDS: positiveInt(5),
  // Across documents, per citizen and per mobile number (docs/issuance.md, "Limits").
  OTP_SENDS_PER_HOUR: positiveInt(6),
  OTP_SENDS_PER_DAY: positiveInt(15),
  OTP_FAILURES_PER_HOUR: positiveInt(10),
  /** Days an issued document (and an untouched draft) is kept; the citizen may extend to 5 years. */
  RETENTION_DAYS: positiveInt(30).refine((v) => v <= 1826, 'must be at most 1826 (5 years)'),
  PDF_TOKEN_TTL_SECONDS: positiveInt(300),
  // GET /metrics (README "Endpoints for operators"): a bearer token, and/or a listener of its own.
  METRICS_TOKEN: optionalText.refine((v) => v === undefined || v.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  METRICS_HOST: optionalText,
  METRICS_PORT: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : v))
    .refine((v) => v === undefined || /^\d+$/.test(v), 'must be a whole number')
    .transform((v) => (v === undefined ? undefined : Number(v)))
    .refine((v) => v === undefined || (v > 0 && v < 65536), 'must be a TCP port (1-65535)'),
  // GET /api/docs (the OpenAPI document). Unset: on, except with NODE_ENV=production.
  API_DOCS_PUBLIC: optionalBool,
});

export type Config = Omit<
  z.output<typeof envSchema>,
  'DEVEL' | 'SEED_DEMO_DATA' | 'API_DOCS_PUBLIC'
> & {
  DEVEL: boolean;
  SEED_DEMO_DATA: boolean;
  API_DOCS_PUBLIC: boolean;
  publicUrl: string;
  dataDir: string;
  templatesDir: string;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment once; a bad variable stops the start with its name. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const picked: Record<string, string | undefined> = {};
  for (const key of Object.keys(envSchema.shape)) picked[key] = env[key];
  const parsed = envSchema.safeParse(picked);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '(environment)');
      // A secret's value stays out of the start log, even a wrong one.
      const shown = /_(TOKEN|SECRET|PASSPHRASE)$/.test(name)
        ? '"…"'
        : JSON.stringify(env[name] ?? '');
      return `  ${name}=${shown}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const value = parsed.data;
  const problems = (['GSIS', 'BANK', 'GSIS_ADMIN', 'ANON'] as const)
    .filter((name) => value[`OIDC_${name}_ISSUER`] && !value[`OIDC_${name}_CLIENT_ID`])
    .map((name) => `  OIDC_${name}_CLIENT_ID="": must be set when OIDC_${name}_ISSUER is set`);
  if (value.METRICS_HOST !== undefined && value.METRICS_PORT === undefined) {
    problems.push('  METRICS_PORT="": must be set when METRICS_HOST is set');
  }
  if (value.METRICS_PORT !== undefined && value.METRICS_PORT === value.PORT) {
    problems.push(`  METRICS_PORT="${value.METRICS_PORT}": must differ from PORT`);
  }
  const devel = value.DEVEL ?? value.NODE_ENV !== 'production';
  if (!devel) problems.push(...closedDeploymentProblems(value));
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    ...value,
    DEVEL: devel,
    SEED_DEMO_DATA: value.SEED_DEMO_DATA ?? devel,
    API_DOCS_PUBLIC: value.API_DOCS_PUBLIC ?? value.NODE_ENV !== 'production',
    publicUrl: (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(value.DATA_DIR),
    templatesDir: path.resolve(value.TEMPLATES_DIR ?? DEFAULT_TEMPLATES_DIR),
  };
}

/**
 * With DEVEL off (the default of NODE_ENV=production) there is no built-in identity provider and
 * no demo data (docs/login.md, "Production"): each login the service needs must name a real
 * provider, and the demo seed is refused.
 */
function closedDeploymentProblems(value: z.output<typeof envSchema>): string[] {
  const problems: string[] = [];
  const needed: { env: 'GSIS' | 'GSIS_ADMIN'; login: string }[] = [
    { env: 'GSIS', login: "citizens' login (gsis)" },
  ];
  if (value.DASHBOARD_ENABLED)
    needed.push({ env: 'GSIS_ADMIN', login: 'staff login (gsis_admin)' });
  for (const { env, login } of needed) {
    if (value[`OIDC_${env}_ISSUER`] === undefined) {
      problems.push(
        `  OIDC_${env}_ISSUER="", OIDC_${env}_CLIENT_ID="": the ${login} needs a real identity provider; the built-in demo provider runs only with DEVEL=true`,
      );
    }
  }
  if (value.ALTCHA_HMAC_KEY === undefined) {
    problems.push(
      '  ALTCHA_HMAC_KEY="": must be set (a random secret of at least 32 characters) to sign captcha challenges; a generated key is used only with DEVEL=true',
    );
  }
  if (value.SEED_DEMO_DATA === true) {
    problems.push(
      `  SEED_DEMO_DATA="true": demo entities, persons and staff are seeded only with DEVEL=true`,
    );
  }
  return problems;
}
