import { describe, expect, it } from 'vitest';
import { consentBannerState, parseConsentContent } from './consent-content';

const content = {
  'data-recipient': 'Τράπεζα',
  'transaction-description': 'Άνοιγμα λογαριασμού',
  'transaction-data': [
    {
      category: 'Ταυτότητα',
      records: [{ display: [{ 'display-key': 'afm', label: 'ΑΦΜ', value: '100000015' }] }],
    },
  ],
};

describe('consent content', () => {
  it('needs a value and valid JSON of the right shape', () => {
    expect(parseConsentContent(undefined)).toEqual({ ok: false, error: 'value_required' });
    expect(parseConsentContent('  ')).toEqual({ ok: false, error: 'value_required' });
    expect(parseConsentContent('{not json')).toEqual({ ok: false, error: 'invalid_json_value' });
    expect(parseConsentContent('{"data-recipient": 1}')).toEqual({
      ok: false,
      error: 'invalid_json_value',
    });
    expect(parseConsentContent(JSON.stringify(content))).toEqual({ ok: true, content });
    expect(parseConsentContent(content)).toEqual({ ok: true, content });
  });

  it('chooses the banner from the resolution, then the expiry', () => {
    const at = new Date('2026-11-25T12:00:00Z');
    const past = '2026-11-25T11:59:59Z';
    const future = '2026-11-25T12:00:01Z';
    expect(consentBannerState({ resolution: 'consent', expiration_timestamp: past }, at)).toBe(
      'accepted',
    );
    expect(consentBannerState({ resolution: 'noconsent' }, at)).toBe('rejected');
    expect(consentBannerState({ expiration_timestamp: past }, at)).toBe('expired');
    expect(consentBannerState({ expiration_timestamp: future }, at)).toBe('pending');
    expect(consentBannerState({ expiration_timestamp: null }, at)).toBe('pending');
  });
});
