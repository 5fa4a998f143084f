import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { apiFetch, isApiRequestError } from './api-client';
import { clearSession, readSession, subscribeSession, writeSession } from './session-token';

/** The user of spec section 3, as GET /api/users/me answers it. */
export type CurrentUser = {
  id: string;
  is_admin: boolean;
  anonymous_login: boolean;
  firstname: string | null;
  surname: string | null;
  afm: string | null;
  email: string | null;
  username: string | null;
  display_name: string | null;
  login_provider: 'gsis' | 'bank' | 'gsis_admin' | 'anon';
  ask_mobile_use_nnc_onboarding: boolean;
  mobile_flow_done: boolean;
  mobile_certified_login: boolean;
  mobile: string | null;
  mobile_certified: boolean;
  claims: string[];
};

export type LoginProvider = CurrentUser['login_provider'];

export type TokenResponse = { token: string; expires_at: string; user: CurrentUser };

/** GET /api/token?code=…&verifier=…: the one-time login code for a session token. */
export function exchangeLoginCode(code: string, verifier: string | null): Promise<TokenResponse> {
  const query = new URLSearchParams({ code });
  if (verifier) query.set('verifier', verifier);
  return apiFetch<TokenResponse>(`/api/token?${query.toString()}`, {
    skipSessionExpiry: true,
  });
}

export function getCurrentUser({ signal }: { signal?: AbortSignal } = {}): Promise<CurrentUser> {
  return apiFetch<CurrentUser>('/api/users/me', signal ? { signal } : {});
}

/** A profile answer that means the session is over: 401, or 404 (the user is gone). */
export function endsSession(error: unknown): boolean {
  return isApiRequestError(error) && (error.status === 401 || error.status === 404);
}

// The app has started once a profile was answered in this page load (or a login stored one).
let hasStarted = false;

/** Forgets whether the app has started (tests render the app anew). */
export function resetAppStart(): void {
  hasStarted = false;
}

/**
 * Spec section 8, "Login": on a profile 401 or 404 log out, or show the error while the app is
 * still starting (logging out there could send a stored session round in circles). Logging out
 * is what the logout button does: the session and the cache are forgotten; private pages then
 * send to the login page, public ones show the logged-out view.
 */
export const currentUserQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['users', 'me', token],
    queryFn: async ({ signal, client }) => {
      try {
        const user = await getCurrentUser({ signal });
        hasStarted = true;
        return user;
      } catch (error) {
        if (hasStarted && endsSession(error)) {
          clearSession();
          client.removeQueries({ predicate: (query) => query.queryKey[0] !== 'users' });
        }
        throw error;
      }
    },
    enabled: token !== null,
    // Spec section 7: the profile is cached for 2 minutes, at most 2 entries.
    staleTime: 2 * 60_000,
    gcTime: 2 * 60_000,
  });

export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribeSession, () => readSession()?.token ?? null);
}

/**
 * The logged-in user, or null. `isPending` is true only while a stored token is being checked,
 * so pages do not flash the logged-out view. `startError`: the profile failed with 401 or 404
 * while the app was starting; the session is kept until the person chooses to log in again.
 */
export function useCurrentUser(): {
  user: CurrentUser | null;
  isPending: boolean;
  startError: unknown;
} {
  const token = useSessionToken();
  const query = useQuery(currentUserQueryOptions(token));
  if (!token) return { user: null, isPending: false, startError: null };
  if (query.isError) {
    return {
      user: null,
      isPending: false,
      startError: endsSession(query.error) ? query.error : null,
    };
  }
  return { user: query.data ?? null, isPending: query.isPending, startError: null };
}

/** Stores a new session and primes the profile cache. */
export function useStartSession() {
  const queryClient = useQueryClient();
  return (response: TokenResponse) => {
    writeSession({ token: response.token, user: response.user });
    hasStarted = true;
    queryClient.setQueryData(currentUserQueryOptions(response.token).queryKey, response.user);
  };
}

/** POST /api/logout revokes the session on the server; the browser forgets it either way. */
export function useLogout() {
  const queryClient = useQueryClient();
  return async () => {
    try {
      await apiFetch<unknown>('/api/logout', { method: 'POST', skipSessionExpiry: true });
    } catch (error) {
      // An already expired or revoked session is logged out all the same.
      if (!isApiRequestError(error)) throw error;
    } finally {
      clearSession();
      queryClient.clear();
    }
  };
}

export type ProfileUpdate = {
  consents: { mobile_use_nnc_onboarding: boolean; mobile_check_certified: boolean };
  mobile?: string | null;
};

/** POST /api/profile: the mobile onboarding consents. */
export function updateProfile(body: ProfileUpdate): Promise<CurrentUser> {
  return apiFetch<CurrentUser>('/api/profile', { method: 'POST', json: body });
}

/** Where each provider's login starts on the server (spec section 7). */
export function loginStartUrl(
  provider: LoginProvider,
  query: { next?: string | null; template?: string | null; verifierChallenge?: string | null } = {},
): string {
  const params = new URLSearchParams({ provider });
  if (query.next) params.set('next', query.next);
  if (query.template) params.set('template', query.template);
  if (query.verifierChallenge) params.set('verifier_challenge', query.verifierChallenge);
  return `/api/login?${params.toString()}`;
}
