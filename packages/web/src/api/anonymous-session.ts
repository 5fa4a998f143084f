import { paths } from '../config/paths';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';
import { clearSession, readSession } from './session-token';

/**
 * An anonymous session (issue #37) reaches only the template it started and its own document.
 * This remembers that template (the session's home) and, when the server refuses the session
 * (401/403), logs it out and starts authentication again at the same page.
 */

/** Whether the stored session is an anonymous one (the stored user is the hint). */
export function isAnonymousSession(): boolean {
  const user = readSession()?.user as { anonymous_login?: unknown } | null | undefined;
  return user?.anonymous_login === true;
}

export function rememberAnonymousTemplate(refname: string): void {
  writeStorage(STORAGE_KEYS.anonymousTemplate, refname);
}

/** The template the anonymous session started, if known. */
export function anonymousTemplate(): string | null {
  return readStorage(STORAGE_KEYS.anonymousTemplate);
}

/** Not twice within this time: a page that keeps being refused must not loop through login. */
export const RESTART_GUARD_MS = 60_000;

/**
 * A 401/403 on an anonymous session: revoke it (best effort), forget it and go to the login page
 * back at the same page. Answers false (and does nothing) when it already restarted within the
 * last minute.
 */
export function restartAnonymousSession(
  now = Date.now(),
  go: (url: string) => void = (url) => window.location.assign(url),
): boolean {
  const last = Number(readStorage(STORAGE_KEYS.anonymousRestart) ?? '0');
  if (Number.isFinite(last) && now - last < RESTART_GUARD_MS) return false;
  writeStorage(STORAGE_KEYS.anonymousRestart, String(now));
  const token = readSession()?.token;
  if (token) {
    void fetch('/api/logout', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { authorization: `Bearer ${token}` },
    }).catch(() => undefined);
  }
  clearSession();
  const here = `${window.location.pathname}${window.location.search}`;
  go(paths.auth.login.getHref({ next: here }));
  return true;
}
