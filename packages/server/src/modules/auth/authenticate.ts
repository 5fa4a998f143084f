import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { CurrentUser, SessionStore } from './sessions';

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** Set by the authentication hook of the route tree; null outside it or when optional. */
    user: CurrentUser | null;
  }
}

/** The bearer token of a request: undefined when there is none, null when the header is malformed. */
export function bearerToken(request: FastifyRequest): string | null | undefined {
  const header = request.headers.authorization;
  if (header === undefined || header === '') return undefined;
  const match = /^Bearer +([A-Za-z0-9_-]{20,200})$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * The one hook of the authenticated route tree: `Authorization: Bearer <token>` → request.user.
 * No token: 401 no_authentication_token; unknown, expired, revoked or tampered: 401 invalid_token.
 * With `optional`, a request without a token goes on as anonymous (request.user = null).
 */
export function authenticationHook(
  sessions: SessionStore,
  options: { optional?: boolean } = {},
): onRequestAsyncHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // Answers about a person are never stored by a browser or a proxy.
    void reply.header('Cache-Control', 'no-store');
    const token = bearerToken(request);
    if (token === undefined) {
      if (options.optional) return;
      throw new AppError(401, 'no_authentication_token');
    }
    const current = token === null ? null : await sessions.find(token);
    if (!current) throw new AppError(401, 'invalid_token');
    request.user = current;
  };
}

/** The logged-in user of a request; 401 no_authentication_token when there is none. */
export function requireUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw new AppError(401, 'no_authentication_token');
  return request.user;
}

/** A dashboard admin (admin login); 403 permission_denied otherwise. */
export function requireAdmin(request: FastifyRequest): CurrentUser {
  const user = requireUser(request);
  if (!user.isAdmin) throw new AppError(403, 'permission_denied');
  return user;
}

/**
 * 403 missing_required_claims with `data.claims`: the claims (mobile_certified_login,
 * gsis_login, anonymous_login, …) the user must get by logging in again; the client shows the
 * matching notice with a re-login link.
 */
export function missingRequiredClaims(claims: string[]): AppError {
  return new AppError(403, 'missing_required_claims', { claims });
}

/**
 * Throws missing_required_claims unless the user holds every required claim. `anonymous_login`
 * asks for no particular login, so any user satisfies it.
 */
export function requireClaims(user: CurrentUser | null, required: readonly string[]): void {
  const held = new Set(user?.claims ?? []);
  const missing = required.filter(
    (claim) => !held.has(claim) && !(claim === 'anonymous_login' && user !== null),
  );
  if (missing.length > 0) throw missingRequiredClaims(missing);
}
