/**
 * The logins a deployment with DEVEL off must name (loadConfig refuses to start without them):
 * providers on port 9, where nothing listens, so a test never reaches one by mistake.
 */
export const EXTERNAL_LOGINS = {
  OIDC_GSIS_ISSUER: 'http://127.0.0.1:9/gsis',
  OIDC_GSIS_CLIENT_ID: 'dilosi',
  OIDC_GSIS_ADMIN_ISSUER: 'http://127.0.0.1:9/gsis-admin',
  OIDC_GSIS_ADMIN_CLIENT_ID: 'dilosi-admin',
  // Not a login, but required likewise without DEVEL: the captcha's signing key.
  ALTCHA_HMAC_KEY: 'test-altcha-hmac-key-of-at-least-32-characters',
} as const;
