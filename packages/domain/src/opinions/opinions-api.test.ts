import { describe, expect, it } from 'vitest';
import { athensIsoDate, isOpinionOverdue, opinionRequestSchema } from './opinions-api';

describe('opinions', () => {
  it('is overdue only while requested, once its deadline day is over in Greece', () => {
    // 22:30 UTC on 1 March is already 2 March in Athens.
    const at = new Date('2026-03-01T22:30:00Z');
    expect(athensIsoDate(at)).toBe('2026-03-02');
    expect(isOpinionOverdue({ state: 'requested', deadline: '2026-03-01' }, at)).toBe(true);
    expect(isOpinionOverdue({ state: 'requested', deadline: '2026-03-02' }, at)).toBe(false);
    expect(isOpinionOverdue({ state: 'given', deadline: '2026-03-01' }, at)).toBe(false);
  });

  it('names an entity or a tax number, never both', () => {
    const base = { question: 'Q?', deadline: '2026-03-10' };
    expect(opinionRequestSchema.safeParse({ ...base, expert: { entity: 'X' } }).success).toBe(true);
    expect(opinionRequestSchema.safeParse({ ...base, expert: { afm: '100000015' } }).success).toBe(
      true,
    );
    expect(
      opinionRequestSchema.safeParse({ ...base, expert: { entity: 'X', afm: '100000015' } })
        .success,
    ).toBe(false);
    expect(opinionRequestSchema.safeParse({ ...base, expert: { afm: '12' } }).success).toBe(false);
  });
});
