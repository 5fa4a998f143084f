import { cleanup, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { AgeLabel } from './age-label';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const before = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function show(since: string) {
  render(
    <p data-testid="age">
      <AgeLabel since={since} now={NOW} />
    </p>,
  );
  return screen.getByTestId('age');
}

describe('AgeLabel', () => {
  it('says the age in Greek with the plural forms, the exact time in the title', async () => {
    await i18n.changeLanguage('el');
    const age = show(before(3 * DAY));
    expect(age.textContent).toBe('πριν από 3 ημέρες');
    const time = age.querySelector('time');
    expect(time?.getAttribute('datetime')).toBe(before(3 * DAY));
    expect(time?.getAttribute('title')).toBe('25/11/2026 14:00:00');
  });

  it.each([
    [0, 'μόλις τώρα'],
    [60_000, 'πριν από 1 λεπτό'],
    [HOUR, 'πριν από 1 ώρα'],
    [31 * DAY, 'πριν από 1 μήνα'],
    [2 * 365 * DAY, 'πριν από 2 χρόνια'],
  ])('%i ms ago reads "%s"', async (ms, text) => {
    await i18n.changeLanguage('el');
    expect(show(before(ms)).textContent).toBe(text);
  });

  it('in English and French', async () => {
    await i18n.changeLanguage('en');
    expect(show(before(2 * HOUR)).textContent).toBe('2 hours ago');
    cleanup();
    await i18n.changeLanguage('fr');
    expect(show(before(DAY)).textContent).toContain('il y a 1 jour');
    await i18n.changeLanguage('el');
  });
});
