import { parseReferenceCode } from '@dilosi/domain';

export type QrTarget =
  { ok: true; ref: string } | { ok: false; reason: 'invalidUrl' | 'notDocument' };

const SHOW_PATH = /^\/show\/([^/]+)(?:\/[^/]+)?\/?$/;

/**
 * What a scanned QR code leads to (spec sections 2 and 8): it must be a URL on this origin
 * (else 'QR invalid URL'), and its path /show/{ref}[/{context}] with a reference code that
 * passes its check symbol (else 'The QR code does not correspond to a document.').
 */
export function qrTarget(text: string, origin: string): QrTarget {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { ok: false, reason: 'invalidUrl' };
  }
  if (url.origin !== origin) return { ok: false, reason: 'invalidUrl' };
  const ref = SHOW_PATH.exec(url.pathname)?.[1];
  if (!ref || ref === 'q') return { ok: false, reason: 'notDocument' };
  const parsed = parseReferenceCode(decodeURIComponent(ref));
  return parsed.ok ? { ok: true, ref: parsed.code } : { ok: false, reason: 'notDocument' };
}
