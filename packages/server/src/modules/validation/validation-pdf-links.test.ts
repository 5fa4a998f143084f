import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyDocumentToken } from '../../lib/document-token';
import { createValidationPdfLinks, pdfLinkBucketSeconds } from './validation-pdf-links';

const key = crypto.randomBytes(32);
const documentId = crypto.randomUUID();
const tokenOf = (url: string) => url.split('/').at(-1) ?? '';
const at = (iso: string) => new Date(iso);

describe('validation PDF links', () => {
  it('rounds the expiry down to a bucket of at most 10 s, 1 s under a minute of TTL', () => {
    expect(pdfLinkBucketSeconds(300)).toBe(10);
    expect(pdfLinkBucketSeconds(3600)).toBe(10);
    expect(pdfLinkBucketSeconds(90)).toBe(3);
    expect(pdfLinkBucketSeconds(59)).toBe(1);
    expect(pdfLinkBucketSeconds(1)).toBe(1);
  });

  it('gives a link that verifies until its expiry, never later than the TTL, then expires', () => {
    const pdfLink = createValidationPdfLinks(key, 300);
    const issuedAt = at('2026-11-25T16:00:07.400Z');
    const link = pdfLink(documentId, issuedAt);
    const expiresAt = new Date(link.expires_at);
    // 290–300 s after the look-up: never longer than the TTL, at most a bucket shorter.
    expect(expiresAt.getTime()).toBeLessThanOrEqual(issuedAt.getTime() + 300_000);
    expect(expiresAt.getTime()).toBeGreaterThan(issuedAt.getTime() + 290_000);
    expect(link.expires_at).toBe('2026-11-25T16:05:00.000Z');

    const token = tokenOf(link.download_url);
    expect(verifyDocumentToken(key, 'validation-pdf', token, issuedAt)).toEqual({
      ok: true,
      documentId,
    });
    const lastMoment = new Date(expiresAt.getTime() - 1);
    expect(verifyDocumentToken(key, 'validation-pdf', token, lastMoment).ok).toBe(true);
    expect(verifyDocumentToken(key, 'validation-pdf', token, expiresAt)).toEqual({
      ok: false,
      reason: 'expired',
    });
    // Signed for the validation download only, and with this key only.
    expect(verifyDocumentToken(key, 'pdf-download', token, issuedAt).ok).toBe(false);
    expect(verifyDocumentToken(crypto.randomBytes(32), 'validation-pdf', token, issuedAt).ok).toBe(
      false,
    );
  });

  it('signs a document once per bucket and anew in the next one', () => {
    const pdfLink = createValidationPdfLinks(key, 300);
    const first = pdfLink(documentId, at('2026-11-25T16:00:00.000Z'));
    expect(pdfLink(documentId, at('2026-11-25T16:00:09.999Z'))).toBe(first);
    const other = pdfLink(crypto.randomUUID(), at('2026-11-25T16:00:05.000Z'));
    expect(other.download_url).not.toBe(first.download_url);
    const next = pdfLink(documentId, at('2026-11-25T16:00:10.000Z'));
    expect(next).not.toBe(first);
    expect(next.expires_at).toBe('2026-11-25T16:05:10.000Z');
    expect(
      verifyDocumentToken(
        key,
        'validation-pdf',
        tokenOf(next.download_url),
        new Date(first.expires_at),
      ).ok,
    ).toBe(true);
  });

  it('keeps the previous behaviour (expiry to the second) for a short TTL', () => {
    const pdfLink = createValidationPdfLinks(key, 5);
    const link = pdfLink(documentId, at('2026-11-25T16:00:07.900Z'));
    expect(link.expires_at).toBe('2026-11-25T16:00:12.000Z');
    const token = tokenOf(link.download_url);
    expect(
      verifyDocumentToken(key, 'validation-pdf', token, at('2026-11-25T16:00:11.999Z')).ok,
    ).toBe(true);
    expect(
      verifyDocumentToken(key, 'validation-pdf', token, at('2026-11-25T16:00:12.000Z')).ok,
    ).toBe(false);
  });
});
