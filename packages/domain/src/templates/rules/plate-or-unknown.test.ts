import { describe, expect, it } from 'vitest';
import { plateOrUnknown } from './plate-or-unknown';

const context = { now: new Date('2024-06-15T10:00:00Z') };
const params = { plate: 'plate', unknown: 'plate_unknown' };
const required = [{ field: 'plate', error: { code: 'plate_required' } }];

describe('plate_or_unknown', () => {
  it('accepts a plate', () => {
    expect(plateOrUnknown({ plate: 'ΙΚΑ1234' }, params, context)).toEqual([]);
  });

  it('accepts "unknown" ticked without a plate', () => {
    expect(plateOrUnknown({ plate: '', plate_unknown: true }, params, context)).toEqual([]);
  });

  it('accepts both (the plate simply is given)', () => {
    expect(plateOrUnknown({ plate: 'ΙΚΑ1234', plate_unknown: true }, params, context)).toEqual([]);
  });

  it('requires the plate when "unknown" is not ticked', () => {
    expect(plateOrUnknown({}, params, context)).toEqual(required);
    expect(plateOrUnknown({ plate: '  ', plate_unknown: false }, params, context)).toEqual(
      required,
    );
  });

  it('takes only a real true as ticked', () => {
    expect(plateOrUnknown({ plate_unknown: 'true' }, params, context)).toEqual(required);
    expect(plateOrUnknown({ plate_unknown: 1 }, params, context)).toEqual(required);
  });

  it('does nothing without its params', () => {
    expect(plateOrUnknown({}, { plate: 'plate' }, context)).toEqual([]);
  });
});
