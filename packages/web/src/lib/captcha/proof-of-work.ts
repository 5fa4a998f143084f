import { leadingZeroBits, sha256Words } from './sha256';

/** The challenge of GET /api/captcha (server: modules/auth/captcha.ts). */
export type CaptchaChallenge = {
  challenge: string;
  salt: string;
  difficulty: number;
  algorithm: 'sha256-leading-zero-bits';
  expires_at: string;
};

/** What the server checks: sha256(salt + nonce) (UTF-8) starts with `difficulty` zero bits. */
export type CaptchaSolution = { challenge: string; nonce: string };

/** Only ASCII is hashed here; the server's salts are hex and the nonces base 36. */
function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/**
 * Tries nonces from `start` (base 36, as the server's own solver) for at most `count` attempts.
 * Returns the nonce found, or null to be called again from `start + count`.
 */
export function searchNonce(
  salt: string,
  difficulty: number,
  start: number,
  count: number,
): string | null {
  if (!isAscii(salt)) throw new Error('captcha salt must be ASCII');
  for (let n = start; n < start + count; n++) {
    const nonce = n.toString(36);
    if (leadingZeroBits(sha256Words(salt + nonce)) >= difficulty) return nonce;
  }
  return null;
}
