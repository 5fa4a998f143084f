import { describe, expect, it } from 'vitest';
import el from '../../i18n/el/validation.json';
import { certificateOrCode } from './certificate-or-code';

const now = new Date('2024-06-15T10:00:00Z');
const params = { attachment: 'certificate', code: 'certificate_code' };

describe('certificate_or_code', () => {
  it('accepts a file or a code', () => {
    expect(certificateOrCode({}, params, { now, attachments: { certificate: [{}] } })).toEqual([]);
    expect(certificateOrCode({ certificate_code: 'ΑΒ12' }, params, { now })).toEqual([]);
  });

  it('asks for one on the code field when neither is given', () => {
    const missing = [
      { field: 'certificate_code', error: { code: 'certificate_or_code_required' } },
    ];
    expect(certificateOrCode({ certificate_code: ' ' }, params, { now })).toEqual(missing);
    expect(certificateOrCode({}, params, { now, attachments: { certificate: [] } })).toEqual(
      missing,
    );
    expect(el.certificate_or_code_required).toBe(
      'Επισυνάψτε το πιστοποιητικό ή συμπληρώστε τον κωδικό του',
    );
  });
});
