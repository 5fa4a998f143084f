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
  display_name: string;
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

export const currentUserQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['users', 'me', token],
    queryFn: getCurrentUser,
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
 * so pages do not flash the logged-out view.
 */
export function useCurrentUser(): { user: CurrentUser | null; isPending: boolean } {
  const token = useSessionToken();
  const query = useQuery(currentUserQueryOptions(token));
  if (!token) return { user: null, isPending: false };
  if (query.isError) return { user: null, isPending: false };
  return { user: query.data ?? null, isPending: query.isPending };
}

/** Stores a new session and primes the profile cache. */
export function useStartSession() {
  const queryClient = useQueryClient();
  return (response: TokenResponse) => {
    writeSession({ token: response.token, user: response.user });
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
