import { act, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FAILED_LOAD_MS, PageSkeleton, SLOW_LOAD_MS } from './page-skeleton';

describe('PageSkeleton over time (spec section 2: 10 s slow, 30 s will not load)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('el');
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  function show() {
    render(
      <MemoryRouter initialEntries={['/vault']}>
        <PageSkeleton />
      </MemoryRouter>,
    );
  }

  it('says it is loading (to screen readers only) until 10 s, then that it is slow', () => {
    show();
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Η σελίδα φορτώνεται…');
    expect(status.className).toContain('govgr-visually-hidden');
    act(() => vi.advanceTimersByTime(SLOW_LOAD_MS - 1));
    expect(screen.getByRole('status').textContent).toBe('Η σελίδα φορτώνεται…');
    act(() => vi.advanceTimersByTime(1));
    const slow = screen.getByRole('status');
    expect(slow.textContent).toContain('αργεί να φορτώσει');
    expect(slow.className).not.toContain('govgr-visually-hidden');
  });

  it('at 30 s says the page will not load, with a reload button', () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    show();
    act(() => vi.advanceTimersByTime(FAILED_LOAD_MS - 1));
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Η σελίδα δεν μπορεί να φορτωθεί',
    );
    act(() => screen.getByRole('button', { name: 'Επαναφόρτωση σελίδας' }).click());
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('clears its timers when the page arrives first', () => {
    render(
      <MemoryRouter initialEntries={['/vault']}>
        <PageSkeleton />
      </MemoryRouter>,
    ).unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
