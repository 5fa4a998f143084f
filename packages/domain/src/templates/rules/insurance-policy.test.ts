import { describe, expect, it } from 'vitest';
import el from '../../i18n/el/validation.json';
import { insurancePolicy } from './insurance-policy';

const now = new Date('2024-06-15T10:00:00Z');
const missing = [{ field: 'policy', error: { code: 'insurance_policy_required' } }];

describe('insurance_policy', () => {
  it('needs the policy file, always or once the condition box is ticked', () => {
    expect(insurancePolicy({}, { attachment: 'policy' }, { now })).toEqual(missing);
    expect(
      insurancePolicy({}, { attachment: 'policy' }, { now, attachments: { policy: [{}] } }),
    ).toEqual([]);
    const when = { attachment: 'policy', when: 'insured' };
    expect(insurancePolicy({ insured: false }, when, { now })).toEqual([]);
    expect(insurancePolicy({ insured: true }, when, { now })).toEqual(missing);
    expect(el.insurance_policy_required).toBe(
      'Απαιτείται η επισύναψη του ασφαλιστηρίου συμβολαίου',
    );
  });
});
