import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken, sha256Hex } from './secure-random';

/**
 * Binds a login to the browser that started it (login CSRF): the start sets an HttpOnly,
 * SameSite=Lax cookie, whose hash travels with the attempt and then with the one-time code.
 * The provider's callback and the code exchange both require it, so neither the callback URL
 * nor a `/login/token#code=` moved to another browser completes a login there.
 */
export const LOGIN_BINDING_COOKIE = 'dilosi_login';
// The callback and the exchange are both under /api; Lax is sent on the provider's redirect.
const COOKIE_PATH = '/api';
const MAX_AGE_SECONDS = 20 * 60;

function cookieAttributes(secure: boolean, maxAge: number): string {
  return [`Path=${COOKIE_PATH}`, `Max-Age=${maxAge}`, 'HttpOnly', 'SameSite=Lax']
    .concat(secure ? ['Secure'] : [])
    .join('; ');
}

/** Sets a new binding on the reply and answers the hash to store with the attempt. */
export function bindLogin(reply: FastifyReply, secure: boolean): string {
  const binding = randomToken(32);
  void reply.header(
    'Set-Cookie',
    `${LOGIN_BINDING_COOKIE}=${binding}; ${cookieAttributes(secure, MAX_AGE_SECONDS)}`,
  );
  return sha256Hex(binding);
}

/** Ends the binding in the browser (after the exchange, or a refusal). */
export function clearLoginBinding(reply: FastifyReply, secure: boolean): void {
  void reply.header('Set-Cookie', `${LOGIN_BINDING_COOKIE}=; ${cookieAttributes(secure, 0)}`);
}

/** Whether the request carries the binding whose hash was stored (constant-time comparison). */
export function isBoundTo(request: FastifyRequest, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const value = readCookie(request.headers.cookie, LOGIN_BINDING_COOKIE);
  if (!value) return false;
  const presented = Buffer.from(sha256Hex(value), 'utf8');
  const expected = Buffer.from(storedHash, 'utf8');
  return presented.length === expected.length && crypto.timingSafeEqual(presented, expected);
}

// The page that starts a login keeps a verifier (RFC 7636's alphabet and lengths) in its
// sessionStorage and sends its base64url SHA-256; the code exchange must then present it.
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export function isVerifierChallenge(value: string): boolean {
  return CHALLENGE.test(value);
}

/** Whether `verifier` hashes to the stored challenge (constant-time comparison). */
export function verifierMatches(verifier: string | undefined, challenge: string): boolean {
  if (verifier === undefined || !VERIFIER.test(verifier)) return false;
  const presented = Buffer.from(
    crypto.createHash('sha256').update(verifier, 'utf8').digest('base64url'),
    'utf8',
  );
  const expected = Buffer.from(challenge, 'utf8');
  return presented.length === expected.length && crypto.timingSafeEqual(presented, expected);
}

function readCookie(header: string | undefined, name: string): string | null {
  if (!header || header.length > 8192) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}
