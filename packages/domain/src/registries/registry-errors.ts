/**
 * The public registries a declaration's data can come from (spec section 8, service-specific
 * catalogue: the "not found" family names each one).
 */
export const REGISTRY_NAMES = [
  'civil',
  'tax',
  'police_id',
  'passport',
  'vehicle',
  'amka',
  'health_data',
  'student',
  'diploma',
  'birth_certificate',
  'criminal_record',
  'payment_slip_1789',
  'payment_slip_6193',
  'wallet',
  'property',
  'photo',
  // The restrictions' registries (issue #37): certified translators, and a person's employers.
  'translator',
  'employer',
] as const;
export type RegistryName = (typeof REGISTRY_NAMES)[number];

type NotFoundCode = `${RegistryName}_not_found`;
type TryLaterCode = `${RegistryName}_try_later`;

const notFound = REGISTRY_NAMES.map((name) => `${name}_not_found` as NotFoundCode);
const tryLater = REGISTRY_NAMES.map((name) => `${name}_try_later` as TryLaterCode);

/**
 * The registry error families: a registry that does not know the key (`<registry>_not_found`),
 * one that cannot answer now (`<registry>_try_later`: its circuit is open or it timed out), a
 * request the gateway refused (`interop_clienterror`), and a step whose look-up outlived the
 * poll limit (`retry_limit_exceeded`).
 */
export const REGISTRY_ERROR_CODES = [
  ...notFound,
  ...tryLater,
  'interop_clienterror',
  'retry_limit_exceeded',
  'lookup_not_found',
] as const;
export type RegistryErrorCode = (typeof REGISTRY_ERROR_CODES)[number];

export const registryNotFound = (name: RegistryName): NotFoundCode => `${name}_not_found`;
export const registryTryLater = (name: RegistryName): TryLaterCode => `${name}_try_later`;

/**
 * Poll and retry limits (spec section 9): a step's poll endpoint is asked up to 30 times, 1 s
 * apart; a `400` carrying `data.retry` is retried up to 10 times, 2 s apart.
 */
export const ACTION_POLL = { limit: 30, delayMs: 1_000 } as const;
export const GENERIC_RETRY = { limit: 10, delayMs: 2_000 } as const;
export const CHECK_AFTER_POLL_MS = 10;
