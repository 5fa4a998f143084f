import { describe, expect, it } from 'vitest';
import { openDatabase, PGLITE_SETTINGS } from './database';

// The embedded database runs with settings sized for one process and one connection.
describe('PGlite settings', () => {
  it('opens with small shared buffers and the other settings of PGLITE_SETTINGS', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      const { rows } = await database.query<{ name: string; value: string }>(
        `select name, current_setting(name) as value from pg_settings where name = any($1)`,
        [Object.keys(PGLITE_SETTINGS)],
      );
      expect(Object.fromEntries(rows.map((r) => [r.name, r.value]))).toEqual(PGLITE_SETTINGS);
      // PGlite's own start parameters still hold (one of them: no parallel workers).
      const parallel = await database.query<{ value: string }>(
        `select current_setting('max_parallel_workers') as value`,
      );
      expect(parallel.rows[0]?.value).toBe('0');
    } finally {
      await database.close();
    }
  });
});
