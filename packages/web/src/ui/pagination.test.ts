import { describe, expect, it } from 'vitest';
import { pageLinks } from './pagination';

describe('pageLinks', () => {
  it('shows every page up to ten', () => {
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(4, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageLinks(1, 0)).toEqual([]);
  });

  it('beyond ten: first, dots, current to current + 2, dots, last', () => {
    expect(pageLinks(1, 20)).toEqual([1, 2, 3, 'gap', 20]);
    expect(pageLinks(7, 20)).toEqual([1, 'gap', 7, 8, 9, 'gap', 20]);
    expect(pageLinks(18, 20)).toEqual([1, 'gap', 18, 19, 20]);
    expect(pageLinks(17, 20)).toEqual([1, 'gap', 17, 18, 19, 20]);
    expect(pageLinks(20, 20)).toEqual([1, 'gap', 20]);
    expect(pageLinks(2, 11)).toEqual([1, 2, 3, 4, 'gap', 11]);
  });
});
