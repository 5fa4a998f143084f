import { describe, expect, it } from 'vitest';
import { otherRequiresExplanation } from './other-requires-explanation';

const context = { now: new Date('2024-06-15T10:00:00Z') };
const params = { field: 'reason', explanation: 'reason_other' };
const required = [{ field: 'reason_other', error: { code: 'explanation_required' } }];

function check(
  reason: unknown,
  reason_other: unknown,
  ruleParams: Record<string, unknown> = params,
) {
  return otherRequiresExplanation({ reason, reason_other }, ruleParams, context);
}

describe('other_requires_explanation', () => {
  it('needs no explanation for another choice', () => {
    expect(check('annual', '')).toEqual([]);
    expect(check(undefined, undefined)).toEqual([]);
  });

  it('requires the explanation when "other" is chosen', () => {
    expect(check('other', '')).toEqual(required);
    expect(check('other', '   ')).toEqual(required);
    expect(check('other', undefined)).toEqual(required);
    expect(check('other', 'Συμμετοχή σε επιμορφωτικό σεμινάριο')).toEqual([]);
  });

  it('works with a multiple choice that includes "other"', () => {
    expect(check(['annual', 'other'], '')).toEqual(required);
    expect(check(['annual'], '')).toEqual([]);
  });

  it('reads the value of "other" from other_value', () => {
    const custom = { ...params, other_value: 'allo' };
    expect(check('allo', '', custom)).toEqual(required);
    expect(check('other', '', custom)).toEqual([]);
  });

  it('ignores garbage without throwing', () => {
    expect(check({ other: true }, 5)).toEqual([]);
    expect(otherRequiresExplanation({ reason: 'other' }, {}, context)).toEqual([]);
  });
});
