import { describe, expect, it } from 'vitest';
import { isUuid } from './ids';

describe('isUuid', () => {
  it('accepts the database ids in either case', () => {
    expect(isUuid('0b0b0b0b-0000-4000-8000-000000000001')).toBe(true);
    expect(isUuid('0B0B0B0B-0000-4000-8000-00000000000A')).toBe(true);
  });

  it('refuses anything else', () => {
    for (const value of [
      '',
      'not-a-uuid',
      '0b0b0b0b-0000-4000-8000-00000000000',
      ' 0b0b0b0b-0000-4000-8000-000000000001',
      '0b0b0b0b00004000800000000000001',
      '0b0b0b0b-0000-4000-8000-000000000001\n',
      null,
      42,
    ]) {
      expect(isUuid(value)).toBe(false);
    }
  });
});
