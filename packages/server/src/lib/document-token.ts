import crypto from 'node:crypto';

/**
 * Stateless, short-lived tokens naming a document (PDF downloads of the citizen and of
 * validators): base64url of the document id (16 bytes), its expiry (epoch seconds, 4 bytes) and
 * an HMAC-SHA256 of the purpose and both, cut to 128 bits. 48 characters, under the router's
 * path-parameter limit (100). The token is the authorisation; nothing is stored.
 */
const ID_BYTES = 16;
const PAYLOAD_BYTES = ID_BYTES + 4;
const MAC_BYTES = 16;

/** What a token is for: a token of one purpose is refused for another. */
export type DocumentTokenPurpose =
  | 'pdf-download'
  | 'validation-pdf'
  | 'case-attachment'
  | 'vault-export'
  | 'case-message-file'
  | 'case-zip'
  | 'opinion-file'
  | 'annotation-file'
  | 'kep-pdf';

function mac(key: Buffer, purpose: DocumentTokenPurpose, payload: Buffer): Buffer {
  return crypto
    .createHmac('sha256', key)
    .update(`${purpose}:`)
    .update(payload)
    .digest()
    .subarray(0, MAC_BYTES);
}

export function signDocumentToken(
  key: Buffer,
  purpose: DocumentTokenPurpose,
  documentId: string,
  expiresAt: Date,
): string {
  const payload = Buffer.alloc(PAYLOAD_BYTES);
  Buffer.from(documentId.replaceAll('-', ''), 'hex').copy(payload, 0, 0, ID_BYTES);
  payload.writeUInt32BE(Math.floor(expiresAt.getTime() / 1000), ID_BYTES);
  return Buffer.concat([payload, mac(key, purpose, payload)]).toString('base64url');
}

export type DocumentTokenCheck =
  { ok: true; documentId: string } | { ok: false; reason: 'invalid' | 'expired' };

export function verifyDocumentToken(
  key: Buffer,
  purpose: DocumentTokenPurpose,
  token: string,
  at: Date,
): DocumentTokenCheck {
  if (!/^[\w-]{48}$/.test(token)) return { ok: false, reason: 'invalid' };
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== PAYLOAD_BYTES + MAC_BYTES) return { ok: false, reason: 'invalid' };
  const payload = bytes.subarray(0, PAYLOAD_BYTES);
  if (!crypto.timingSafeEqual(mac(key, purpose, payload), bytes.subarray(PAYLOAD_BYTES))) {
    return { ok: false, reason: 'invalid' };
  }
  if (payload.readUInt32BE(ID_BYTES) * 1000 <= at.getTime()) {
    return { ok: false, reason: 'expired' };
  }
  return { ok: true, documentId: uuidOf(payload) };
}

function uuidOf(payload: Buffer): string {
  const hex = payload.subarray(0, ID_BYTES).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The id a well-formed token names, its MAC and expiry unchecked: only for callers that then
 * grant nothing the id alone would not (verifyDocumentToken is the authorisation).
 */
export function documentIdInToken(token: string): string | null {
  if (!/^[\w-]{48}$/.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  return bytes.length === PAYLOAD_BYTES + MAC_BYTES ? uuidOf(bytes) : null;
}
