/** Keys the SPA keeps in localStorage (site-wide, one origin). */
export const STORAGE_KEYS = {
  session: 'dilosi.session',
  language: 'dilosi.lang',
  cookies: 'dilosi.cookies',
  /** 'off' when the person turned the single-key shortcuts off (WCAG 2.1.4). */
  shortcuts: 'dilosi.shortcuts',
  /** The template an anonymous session started (issue #37): its home. */
  anonymousTemplate: 'dilosi.anonymous-template',
  /** When a refused anonymous session last restarted authentication (loop guard). */
  anonymousRestart: 'dilosi.anonymous-restart',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

// Storage can throw (disabled cookies, private mode quotas): the app must keep working without it.
export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not persisted: the choice still holds for this page view.
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to remove.
  }
}
