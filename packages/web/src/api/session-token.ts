import { readStorage, STORAGE_KEYS } from '../lib/storage';

/**
 * The session kept locally after login (spec section 3: "token and user, kept locally"),
 * stored as JSON `{ token, user }`. A bare token string is accepted too.
 */
export function readSessionToken(): string | null {
  const raw = readStorage(STORAGE_KEYS.session);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'string') return parsed || null;
    if (parsed && typeof parsed === 'object' && 'token' in parsed) {
      const { token } = parsed as { token: unknown };
      return typeof token === 'string' && token ? token : null;
    }
    return null;
  } catch {
    return raw;
  }
}
