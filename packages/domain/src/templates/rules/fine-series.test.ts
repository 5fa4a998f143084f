import { describe, expect, it } from 'vitest';
import { fineSeries } from './fine-series';

const context = { now: new Date('2024-06-15T10:00:00Z') };
const params = { series: 'fine_series', number: 'fine_number' };

function check(fine_series: unknown, fine_number: unknown, ruleParams = params) {
  return fineSeries({ fine_series, fine_number }, ruleParams, context);
}

describe('fine_series', () => {
  it.each([
    ['1', '1'],
    ['123', '1234'],
    [' 12 ', '0042'],
    [123, 4567],
  ])('accepts series %j and number %j', (series, number) => {
    expect(check(series, number)).toEqual([]);
  });

  it('refuses a series of four digits or with letters', () => {
    const error = {
      field: 'fine_series',
      error: { code: 'fine_series_invalid', params: { digits: 3 } },
    };
    expect(check('1234', '1')).toEqual([error]);
    expect(check('Α12', '1')).toEqual([error]);
    expect(check('1.5', '1')).toEqual([error]);
  });

  it('refuses a number of five digits or with letters', () => {
    const error = {
      field: 'fine_number',
      error: { code: 'fine_number_invalid', params: { digits: 4 } },
    };
    expect(check('12', '12345')).toEqual([error]);
    expect(check('12', '12a4')).toEqual([error]);
    expect(check('12', '-123')).toEqual([error]);
  });

  it('reports both fields at once', () => {
    expect(check('9999', '99999').map((entry) => entry.field)).toEqual([
      'fine_series',
      'fine_number',
    ]);
  });

  it('leaves empty values to the required check', () => {
    expect(check('', undefined)).toEqual([]);
    expect(check(null, '  ')).toEqual([]);
  });

  it('ignores values that are neither text nor numbers', () => {
    expect(check(['1'], { n: 1 })).toEqual([]);
  });

  it('reads other digit limits from its params', () => {
    expect(
      check('1234', '123456', { ...params, series_digits: 4, number_digits: 6 } as never),
    ).toEqual([]);
  });

  it('checks only the fields its params name', () => {
    expect(fineSeries({ fine_series: '12345' }, { number: 'fine_number' }, context)).toEqual([]);
  });
});
