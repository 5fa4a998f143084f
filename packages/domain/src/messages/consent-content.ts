import { z } from 'zod';

/**
 * Consent content of a wallet consent request (spec section 3): who receives the data, what the
 * transaction is, and the data itself in categories of records, each record a list of display
 * entries (display-key, label, value).
 */
export const consentDisplayEntrySchema = z.object({
  'display-key': z.string(),
  label: z.string(),
  value: z.string(),
});
export const consentContentSchema = z.object({
  'data-recipient': z.string(),
  'transaction-description': z.string(),
  'transaction-data': z.array(
    z.object({
      category: z.string(),
      records: z.array(z.object({ display: z.array(consentDisplayEntrySchema) })),
    }),
  ),
});
export type ConsentContent = z.infer<typeof consentContentSchema>;

/** Why consent content was refused (spec section 5: 'Value is required' / 'Invalid JSON value'). */
export type ConsentContentError = 'value_required' | 'invalid_json_value';

/**
 * Reads consent content entered or stored as JSON (text, or an already parsed value): empty is
 * `value_required`; not JSON, or JSON not of the consent content's shape, `invalid_json_value`.
 */
export function parseConsentContent(
  value: unknown,
): { ok: true; content: ConsentContent } | { ok: false; error: ConsentContentError } {
  if (value === undefined || value === null) return { ok: false, error: 'value_required' };
  let parsed: unknown = value;
  if (typeof value === 'string') {
    if (value.trim() === '') return { ok: false, error: 'value_required' };
    try {
      parsed = JSON.parse(value);
    } catch {
      return { ok: false, error: 'invalid_json_value' };
    }
  }
  const content = consentContentSchema.safeParse(parsed);
  return content.success
    ? { ok: true, content: content.data }
    : { ok: false, error: 'invalid_json_value' };
}

/** The wallet consent banner (spec section 4). */
export type ConsentBannerState = 'accepted' | 'rejected' | 'expired' | 'pending';

/**
 * accepted (resolution `consent`) → success; rejected (`noconsent`) → error; expiry passed
 * without a resolution → expired, error; otherwise pending, answered in the wallet app.
 */
export function consentBannerState(
  stateData: { resolution?: string | undefined; expiration_timestamp?: string | null | undefined },
  at: Date,
): ConsentBannerState {
  if (stateData.resolution === 'consent') return 'accepted';
  if (stateData.resolution === 'noconsent') return 'rejected';
  const expiry = stateData.expiration_timestamp ? Date.parse(stateData.expiration_timestamp) : NaN;
  if (!Number.isNaN(expiry) && expiry <= at.getTime()) return 'expired';
  return 'pending';
}
