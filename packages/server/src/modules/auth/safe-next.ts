const BASE = 'https://dilosi.invalid';
// Server paths are never a place to land after login.
const NOT_A_PAGE = /^\/(api|idp|healthz|metrics)(\/|$|\?|#)/;

/**
 * The `next` a login may continue to: a path on our own origin, or null. Refuses absolute and
 * protocol-relative URLs (`https://elsewhere`, `//elsewhere`), backslash tricks (`/\elsewhere`,
 * which browsers read as `//`), schemes (`javascript:`), whitespace and control characters.
 */
export function safeNext(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  if (/[\\\s\p{Cc}]/u.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments collapse after the checks above: `/.//x` and `/..//x` normalise to `//x`.
  if (!path.startsWith('/') || path.startsWith('//') || NOT_A_PAGE.test(path)) return null;
  return path;
}
