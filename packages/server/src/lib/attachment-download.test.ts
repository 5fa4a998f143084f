import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { attachmentContentUri, fileIdOfContentUri } from './attachment-download';

describe('attachment content-uri', () => {
  const services = { config: { PDF_TOKEN_TTL_SECONDS: 60 }, pdfTokenKey: crypto.randomBytes(32) };
  const fileId = crypto.randomUUID();

  it('names the file it was minted for, relative or absolute, with a query or without', () => {
    const uri = attachmentContentUri(services)?.(fileId) ?? '';
    expect(uri).toMatch(/^\/api\/case-files\/[\w-]{48}$/);
    for (const sent of [uri, `https://dilosi.example.gr${uri}`, `${uri}?download=1`]) {
      expect(fileIdOfContentUri(sent)).toBe(fileId);
    }
  });

  it('names nothing for another address, and mints none without a key', () => {
    for (const sent of ['/api/case-files/short', '/api/pdf/abc', 'file.pdf', '']) {
      expect(fileIdOfContentUri(sent)).toBeNull();
    }
    expect(attachmentContentUri(undefined)).toBeNull();
  });
});
