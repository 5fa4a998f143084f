import { describe, expect, it } from 'vitest';
import el from '../../i18n/el/validation.json';
import { replyWindow } from './reply-window';

// 15/06/2024 in Athens.
const context = { now: new Date('2024-06-15T10:00:00Z') };
const run = (date: unknown, days?: number) =>
  replyWindow({ requested: date }, { field: 'requested', ...(days ? { days } : {}) }, context);

describe('reply_window', () => {
  it('accepts a request dated today up to ten days ago', () => {
    expect(run('15/06/2024')).toEqual([]);
    expect(run('05/06/2024')).toEqual([]);
  });

  it('refuses the eleventh day and a future date', () => {
    expect(run('04/06/2024')).toEqual([
      { field: 'requested', error: { code: 'reply_window_closed', params: { days: 10 } } },
    ]);
    expect(run('16/06/2024')).toEqual([{ field: 'requested', error: { code: 'date_future' } }]);
    expect(run('04/06/2024', 20)).toEqual([]);
  });

  it('takes today in Athens and leaves bad dates to the field check', () => {
    // 21:30 UTC on 14/06 is 15/06 in Athens: 05/06 is still within ten days.
    const lateNight = { now: new Date('2024-06-14T21:30:00Z') };
    expect(replyWindow({ requested: '05/06/2024' }, { field: 'requested' }, lateNight)).toEqual([]);
    expect(run('31/02/2024')).toEqual([]);
    expect(el.reply_window_closed).toContain('{{days}} ημέρες');
  });
});
