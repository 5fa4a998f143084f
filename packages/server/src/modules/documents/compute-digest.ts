import crypto from 'node:crypto';

/** JSON with object keys sorted at every level, so equal content always gives equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The digest an update must carry (digest-sha256): SHA-256 of values, recipient and step. */
export function computeDigest(content: {
  values: Record<string, unknown>;
  recipient: unknown;
  step: string;
}): string {
  return crypto
    .createHash('sha256')
    .update(
      canonicalJson({
        values: content.values,
        recipient: content.recipient ?? null,
        step: content.step,
      }),
    )
    .digest('hex');
}
