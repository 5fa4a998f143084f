import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// One lock for every API process starting at once against the same server.
const MIGRATION_LOCK_KEY = 7_310_001;

/** Applies the checked-in SQL migrations in name order, each in its own transaction. */
export async function migrate(database: Database): Promise<string[]> {
  const files = (await fs.readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
  return database.withConnection(async (runner) => {
    if (database.kind === 'postgres') {
      await runner.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    }
    try {
      await runner.exec(
        'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
      );
      const { rows } = await runner.query<{ name: string }>('select name from schema_migrations');
      const applied = new Set(rows.map((r) => r.name));
      const done: string[] = [];
      for (const file of files) {
        if (applied.has(file)) continue;
        const sql = await fs.readFile(path.join(migrationsDir, file), 'utf8');
        await runner.exec('begin');
        try {
          await runner.exec(sql);
          await runner.query('insert into schema_migrations (name) values ($1)', [file]);
          await runner.exec('commit');
        } catch (error) {
          await runner.exec('rollback');
          throw new Error(`Migration ${file} failed: ${(error as Error).message}`, {
            cause: error,
          });
        }
        done.push(file);
      }
      return done;
    } finally {
      if (database.kind === 'postgres') {
        await runner.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      }
    }
  });
}
