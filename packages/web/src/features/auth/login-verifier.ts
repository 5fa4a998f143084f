import { loginStartUrl, type LoginProvider } from '../../api/auth';
import { sha256Words } from '../../lib/crypto/sha256';

/**
 * Binds a login's one-time code to the page that started it (login CSRF): before leaving for
 * the login start, the page keeps a random verifier in sessionStorage and sends its SHA-256 as
 * `verifier_challenge`; /login/token sends the verifier with the code. A `#code=` link opened
 * anywhere else has no verifier and is refused.
 */
const STORAGE_KEY = 'dilosi.login_verifier';

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * base64url SHA-256 of the verifier (ASCII by construction): what the server compares. A
 * synchronous SHA-256 (lib/crypto) serves: crypto.subtle is missing outside secure contexts (a
 * server reached over http by address) and is asynchronous, and a login starts from a click.
 */
export function verifierChallenge(verifier: string): string {
  const bytes = new Uint8Array(32);
  const view = new DataView(bytes.buffer);
  sha256Words(verifier).forEach((word, i) => view.setUint32(i * 4, word >>> 0));
  return base64Url(bytes);
}

/**
 * A new verifier for this tab, kept until the code exchange; answers its challenge, or null
 * when this browser keeps nothing for the page (the login then relies on its cookie alone).
 */
export function createLoginVerifier(): string | null {
  const store = sessionStore();
  if (!store) return null;
  const verifier = base64Url(crypto.getRandomValues(new Uint8Array(32)));
  try {
    store.setItem(STORAGE_KEY, verifier);
  } catch {
    return null;
  }
  return verifierChallenge(verifier);
}

/** The verifier of the login this tab started, removed: it serves one exchange. */
export function takeLoginVerifier(): string | null {
  const store = sessionStore();
  if (!store) return null;
  try {
    const verifier = store.getItem(STORAGE_KEY);
    store.removeItem(STORAGE_KEY);
    return verifier;
  } catch {
    return null;
  }
}

/**
 * The login start for this tab: a new verifier is kept for /login/token and its challenge sent
 * along. Call it only when leaving for the login, never while rendering.
 */
export function beginLogin(
  provider: LoginProvider,
  query: { next?: string | null; template?: string | null } = {},
): string {
  return loginStartUrl(provider, { ...query, verifierChallenge: createLoginVerifier() });
}
