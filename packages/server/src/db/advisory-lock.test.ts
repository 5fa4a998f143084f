import { describe, expect, it } from 'vitest';
import { withAdvisoryLock } from './advisory-lock';

// Several processes seeding a new database at once take turns (main.ts).
describe('withAdvisoryLock', () => {
  const url = process.env.TEST_DATABASE_URL;
  const key = 7_399_000 + Math.floor(Math.random() * 1000);

  it('without a server (PGlite) runs the function and answers its value', async () => {
    await expect(withAdvisoryLock(undefined, key, async () => 42)).resolves.toBe(42);
  });

  it(
    url
      ? 'on PostgreSQL, two holders of the same key take turns, and a failure releases the lock'
      : 'without TEST_DATABASE_URL, overlapping calls run side by side (nothing to lock)',
    async () => {
      const events: string[] = [];
      const holder = (name: string, ms: number) =>
        withAdvisoryLock(url, key, async () => {
          events.push(`${name} in`);
          await new Promise((resolve) => setTimeout(resolve, ms));
          events.push(`${name} out`);
        });
      await Promise.all([
        holder('a', 300),
        new Promise((r) => setTimeout(r, 50)).then(() => holder('b', 10)),
      ]);
      expect(events).toEqual(
        url ? ['a in', 'a out', 'b in', 'b out'] : ['a in', 'b in', 'b out', 'a out'],
      );
      await expect(
        withAdvisoryLock(url, key, () => Promise.reject(new Error('seed failed'))),
      ).rejects.toThrow('seed failed');
      await expect(withAdvisoryLock(url, key, async () => 'free again')).resolves.toBe(
        'free again',
      );
    },
  );
});
