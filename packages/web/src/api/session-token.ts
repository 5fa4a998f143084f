import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';

/**
 * The session kept locally after login (spec section 3: "token and user, kept locally"),
 * stored as JSON `{ token, user }`. The user is only a hint for the first paint; the server's
 * answer to /api/users/me is the truth.
 */
export type StoredSession<U = unknown> = { token: string; user: U | null };

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedSession: StoredSession | null = null;

function parse(raw: string | null): StoredSession | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'string') return parsed ? { token: parsed, user: null } : null;
    if (parsed && typeof parsed === 'object' && 'token' in parsed) {
      const { token, user } = parsed as { token: unknown; user?: unknown };
      return typeof token === 'string' && token ? { token, user: user ?? null } : null;
    }
    return null;
  } catch {
    return { token: raw, user: null };
  }
}

/** The stored session, the same object until it changes (for useSyncExternalStore). */
export function readSession(): StoredSession | null {
  const raw = readStorage(STORAGE_KEYS.session);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSession = parse(raw);
  }
  return cachedSession;
}

export function readSessionToken(): string | null {
  return readSession()?.token ?? null;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function writeSession(session: StoredSession): void {
  writeStorage(STORAGE_KEYS.session, JSON.stringify(session));
  notify();
}

export function clearSession(): void {
  removeStorage(STORAGE_KEYS.session);
  notify();
}

/** Subscribes to session changes, in this tab and in others (logout in one tab logs out all). */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.session || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
