import crypto from 'node:crypto';

/** A URL-safe random string of `bytes` random bytes (32 bytes = 256 bits). */
export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

/** Hex SHA-256: how tokens and one-time codes are stored, so the database never holds them. */
export function sha256Hex(value: string): string {
  return crypto.createHash('sha256').update(value, 'utf8').digest('hex');
}
