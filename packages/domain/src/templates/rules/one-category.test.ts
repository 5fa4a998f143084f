import { describe, expect, it } from 'vitest';
import el from '../../i18n/el/validation.json';
import { oneCategory } from './one-category';

const context = { now: new Date('2024-06-15T10:00:00Z') };
const params = { fields: ['identity', 'passport', 'licence'] };

describe('one_category', () => {
  it('accepts none or one ticked box', () => {
    expect(oneCategory({}, params, context)).toEqual([]);
    expect(oneCategory({ passport: true, licence: false }, params, context)).toEqual([]);
  });

  it('puts the error on the second box ticked', () => {
    expect(oneCategory({ identity: true, licence: true }, params, context)).toEqual([
      { field: 'licence', error: { code: 'one_category_only' } },
    ]);
    expect(el.one_category_only).toBe('Επιλέξτε μόνο μία κατηγορία εγγράφου');
  });

  it('asks for one box when the template requires a category', () => {
    expect(oneCategory({}, { ...params, required: true }, context)).toEqual([
      { field: 'identity', error: { code: 'required' } },
    ]);
  });

  it('ignores params that are not a list of keys', () => {
    expect(oneCategory({ a: true, b: true }, { fields: 'a,b' }, context)).toEqual([]);
  });
});
