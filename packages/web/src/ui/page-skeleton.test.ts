import { describe, expect, it } from 'vitest';
import { skeletonLayoutFor } from './page-skeleton';

describe('skeletonLayoutFor', () => {
  it('chooses the layout by path prefix (spec section 2)', () => {
    expect(skeletonLayoutFor('/dashboard/entities/show/1/inbox/list/all')).toBe('entity');
    expect(skeletonLayoutFor('/dashboard')).toBe('dashboard');
    expect(skeletonLayoutFor('/dashboard/entities/list')).toBe('dashboard');
    expect(skeletonLayoutFor('/vault')).toBe('contained');
    expect(skeletonLayoutFor('/vault/drafts')).toBe('contained');
    expect(skeletonLayoutFor('/templates/solemn-declaration')).toBe('contained');
    expect(skeletonLayoutFor('/vaults')).toBe('default');
    expect(skeletonLayoutFor('/my/messages')).toBe('default');
  });
});
