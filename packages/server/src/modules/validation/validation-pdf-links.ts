import { signDocumentToken } from '../../lib/document-token';

/** The PDF download address a look-up answers with (`pdf` of the validation view). */
export type ValidationPdfLink = { download_url: string; expires_at: string };

/** Past this many documents in one time bucket, links are signed without being kept. */
const MAX_CACHED_LINKS = 10_000;

/**
 * Seconds to which a link's expiry is rounded down: a tenth of a minute's worth of the TTL at
 * most, so that a link lives between TTL − bucket and TTL (never longer than
 * PDF_TOKEN_TTL_SECONDS), and 1 s — the token's own precision, as before — under 60 s.
 */
export function pdfLinkBucketSeconds(ttlSeconds: number): number {
  return Math.max(1, Math.min(10, Math.floor(ttlSeconds / 30)));
}

/**
 * Signs the validation PDF links, each document's once per time bucket: the look-up route is the
 * service's hottest, and the HMAC with its buffers, base64 and date was ~8 µs of each answer
 * (docs/performance.md). The link is the same for every look-up of a document within a bucket;
 * its expiry is rounded *down* to the bucket, so no link outlives the TTL, and the download
 * route verifies it as any other token (lib/document-token.ts). The cache holds the current
 * bucket only and is bounded; a new bucket starts an empty one.
 */
export function createValidationPdfLinks(key: Buffer, ttlSeconds: number) {
  const bucket = pdfLinkBucketSeconds(ttlSeconds);
  let cachedExpiry = -1;
  let cache = new Map<string, ValidationPdfLink>();
  return (documentId: string, at: Date): ValidationPdfLink => {
    const expirySeconds =
      Math.floor((Math.floor(at.getTime() / 1000) + ttlSeconds) / bucket) * bucket;
    if (expirySeconds !== cachedExpiry) {
      cachedExpiry = expirySeconds;
      cache = new Map();
    }
    const cached = cache.get(documentId);
    if (cached) return cached;
    const expiresAt = new Date(expirySeconds * 1000);
    const token = signDocumentToken(key, 'validation-pdf', documentId, expiresAt);
    const link = {
      download_url: `/api/validation/pdf/${token}`,
      expires_at: expiresAt.toISOString(),
    };
    if (cache.size < MAX_CACHED_LINKS) cache.set(documentId, link);
    return link;
  };
}
