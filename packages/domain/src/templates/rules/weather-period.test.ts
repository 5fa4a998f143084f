import { describe, expect, it } from 'vitest';
import el from '../../i18n/el/validation.json';
import { weatherPeriod } from './weather-period';

const context = { now: new Date('2024-06-15T10:00:00Z') };
const run = (from: unknown, to: unknown, maxDays?: number) =>
  weatherPeriod(
    { from, to },
    { from: 'from', to: 'to', ...(maxDays ? { max_days: maxDays } : {}) },
    context,
  ).map(({ field, error }) => `${field}:${error.code}`);

describe('weather_period', () => {
  it('accepts a past period of up to 31 days, today and a single day included', () => {
    expect(run('16/05/2024', '15/06/2024')).toEqual([]);
    expect(run('10/06/2024', '10/06/2024')).toEqual([]);
  });

  it('follows the loss-period pattern: order, past dates, from needed once to is given', () => {
    expect(run('10/06/2024', '09/06/2024')).toEqual(['to:loss_period_order']);
    expect(run('16/06/2024', '17/06/2024')).toEqual(['from:date_future', 'to:date_future']);
    expect(run('', '09/06/2024')).toEqual(['from:weather_period_from_required']);
  });

  it('limits the length, both ends counted', () => {
    expect(run('15/05/2024', '15/06/2024')).toEqual(['to:date_span_max_days']);
    expect(run('01/06/2024', '07/06/2024', 7)).toEqual([]);
    expect(run('01/06/2024', '08/06/2024', 7)).toEqual(['to:date_span_max_days']);
    expect(el.weather_period_from_required).toContain('«από»');
  });
});
