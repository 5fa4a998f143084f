import crypto from 'node:crypto';

/**
 * Stateless download tokens of a validated document's PDF, compact enough for a path parameter
 * (Fastify caps them at 100 characters): base64url of the document id (16 bytes), the expiry in
 * epoch seconds (4 bytes) and 16 bytes of HMAC-SHA256 over both. Nothing is stored; the key is
 * loaded once per process.
 */
const ID_BYTES = 16;
const PAYLOAD_BYTES = ID_BYTES + 4;
const MAC_BYTES = 16;

function mac(key: Buffer, payload: Buffer): Buffer {
  return crypto
    .createHmac('sha256', key)
    .update('validation-pdf:')
    .update(payload)
    .digest()
    .subarray(0, MAC_BYTES);
}

export function signValidationPdfToken(key: Buffer, documentId: string, expiresAt: Date): string {
  const payload = Buffer.alloc(PAYLOAD_BYTES);
  Buffer.from(documentId.replaceAll('-', ''), 'hex').copy(payload, 0, 0, ID_BYTES);
  payload.writeUInt32BE(Math.floor(expiresAt.getTime() / 1000), ID_BYTES);
  return Buffer.concat([payload, mac(key, payload)]).toString('base64url');
}

export type ValidationPdfTokenCheck =
  { ok: true; documentId: string } | { ok: false; reason: 'invalid' | 'expired' };

export function verifyValidationPdfToken(
  key: Buffer,
  token: string,
  at: Date,
): ValidationPdfTokenCheck {
  if (!/^[\w-]{1,64}$/.test(token)) return { ok: false, reason: 'invalid' };
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== PAYLOAD_BYTES + MAC_BYTES) return { ok: false, reason: 'invalid' };
  const payload = bytes.subarray(0, PAYLOAD_BYTES);
  if (!crypto.timingSafeEqual(mac(key, payload), bytes.subarray(PAYLOAD_BYTES))) {
    return { ok: false, reason: 'invalid' };
  }
  if (payload.readUInt32BE(ID_BYTES) * 1000 <= at.getTime()) {
    return { ok: false, reason: 'expired' };
  }
  const hex = payload.subarray(0, ID_BYTES).toString('hex');
  const documentId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { ok: true, documentId };
}
