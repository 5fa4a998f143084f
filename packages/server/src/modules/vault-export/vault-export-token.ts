import { signDocumentToken, verifyDocumentToken } from '../../lib/document-token';

/**
 * The download address of a ready export: the export id and its expiry under an HMAC, the same
 * token shape as the PDF links (lib/document-token.ts), with a purpose of its own.
 */
export function signExportToken(key: Buffer, exportId: string, expiresAt: Date): string {
  return signDocumentToken(key, 'vault-export', exportId, expiresAt);
}

export function verifyExportToken(key: Buffer, token: string, at: Date) {
  return verifyDocumentToken(key, 'vault-export', token, at);
}

export function exportDownloadUrl(token: string): string {
  return `/api/vault/exports/download/${token}`;
}
