import { describe, expect, it } from 'vitest';
import el from '../../i18n/el/validation.json';
import { passportLoss } from './passport-loss';

const context = { now: new Date('2024-06-15T10:00:00Z') };
const params = { authority: 'authority', details: 'details' };

describe('passport_loss', () => {
  it('needs both the authority and the details', () => {
    expect(
      passportLoss({ authority: 'Α.Τ. Κυψέλης', details: 'Στο μετρό' }, params, context),
    ).toEqual([]);
    expect(passportLoss({}, params, context)).toEqual([
      { field: 'authority', error: { code: 'passport_loss_authority_required' } },
      { field: 'details', error: { code: 'passport_loss_details_required' } },
    ]);
  });

  it('needs them only once the loss is reported, when the template says so', () => {
    const reported = { ...params, reported: 'reported' };
    expect(passportLoss({}, reported, context)).toEqual([]);
    expect(passportLoss({ reported: true, details: 'x' }, reported, context)).toEqual([
      { field: 'authority', error: { code: 'passport_loss_authority_required' } },
    ]);
    expect(el.passport_loss_details_required).toBe(
      'Συμπληρώστε τις λεπτομέρειες της απώλειας του διαβατηρίου',
    );
  });
});
