import { validationError, type ValidationError } from '../validators/validation-error';

/**
 * Text that reaches SMS and e-mail (an entity's name, a person's name) must be one line of
 * words: no line break to fake a new paragraph, no web address a phone or mail client would turn
 * into a link on the service's own message (docs/notifications.md, "Text from users").
 */

/** Line breaks, other control characters and the bidirectional overrides that reorder text. */
const NOT_ONE_LINE = /[\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069]/u;
const NOT_ONE_LINE_RUNS = /[\s\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069]+/gu;

/**
 * What a linkifier takes for an address: a scheme (`https://`, `ftp://`), or a host name
 * ending in a top-level domain (`evil.com`, `www.x.gr`, `info@x.eu`, `δήμος.ελ`). Abbreviations
 * such as `Α.Α.Δ.Ε.` or `U.S.A.` end in a one-letter segment and do not match.
 */
const WEB_ADDRESS =
  /[a-z][a-z0-9+.-]*:\/\/|(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]+|ελ)(?![\p{L}\p{N}])/giu;

/**
 * Why a name that reaches SMS and e-mail (an entity's display name) is refused: a line break or
 * control character, or a web address; null when it is plain.
 */
export function plainNameError(text: string): ValidationError | null {
  if (!isOneLine(text)) return validationError('text_one_line');
  if (hasWebAddress(text)) return validationError('text_web_address');
  return null;
}

export function isOneLine(text: string): boolean {
  return !NOT_ONE_LINE.test(text);
}

export function hasWebAddress(text: string): boolean {
  WEB_ADDRESS.lastIndex = 0;
  const found = WEB_ADDRESS.test(text);
  WEB_ADDRESS.lastIndex = 0;
  return found;
}

/**
 * The text as one plain line whatever it holds (for data saved before names were checked):
 * line breaks and controls become one space, and each web address is defanged the way security
 * reports write them (`https[:]//evil[.]com`), readable but never matched by a linkifier.
 */
export function toPlainLine(text: string): string {
  return text
    .replace(NOT_ONE_LINE_RUNS, ' ')
    .trim()
    .replace(WEB_ADDRESS, (address) => address.replace(/\./g, '[.]').replace(/:\/\//g, '[:]//'));
}

/**
 * A link target the service may put in its pages: an absolute http(s) URL, or a path of this
 * origin starting with one `/`. Never `//host` or `/\host` (both leave the origin), a
 * `javascript:` URL, or one with spaces, controls or backslashes a browser would rewrite.
 */
export function isSafeLinkTarget(target: string): boolean {
  if (/[\s\p{Cc}\\]/u.test(target)) return false;
  if (target.startsWith('/')) return !target.startsWith('//');
  if (!/^https?:\/\/[^/?#]/i.test(target)) return false;
  try {
    const url = new URL(target);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
