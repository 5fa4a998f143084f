// Seeds DOCUMENTS (default 1,000,000) issued documents with valid reference codes into the
// PostgreSQL database of DATABASE_URL, for bench/validation.ts. Idempotent: a database that
// already holds that many bench documents is left as it is. Creates the database when missing.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/dilosi_bench node --import tsx bench/seed-validation.ts
import crypto from 'node:crypto';
import { referenceCodeFromRandomBytes, REFERENCE_CODE_RANDOM_BYTES } from '@dilosi/domain';
import { DEFAULT_TEMPLATES_DIR } from '../packages/server/src/config';
import { openDatabase } from '../packages/server/src/db/database';
import { migrate } from '../packages/server/src/db/migrate';
import { loadCatalog, storeTemplates } from '../packages/server/src/modules/templates';
import { ensureDatabase } from './bench-database';

export const BENCH_DATABASE_URL =
  process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/dilosi_bench';
const target = Number(process.env.DOCUMENTS ?? 1_000_000);
const batchSize = 10_000;
const BENCH_SUBJECT = 'bench-validation';

async function main() {
  await ensureDatabase(BENCH_DATABASE_URL);
  const database = await openDatabase({
    kind: 'postgres',
    connectionString: BENCH_DATABASE_URL,
    poolSize: 4,
  });
  try {
    await migrate(database);
    const templates = await loadCatalog(DEFAULT_TEMPLATES_DIR);
    await storeTemplates(database, templates);
    const template = templates.find((t) => t.refname === 'solemn-declaration');
    if (!template) throw new Error('solemn-declaration is not in the catalogue');

    const at = new Date();
    const findOwner = async () =>
      (
        await database.query<{ id: string }>(
          'select id::text as id from users where anonymous_subject = $1',
          [BENCH_SUBJECT],
        )
      ).rows[0]?.id;
    let ownerId = await findOwner();
    if (!ownerId) {
      await database.query(
        'insert into users (anonymous_subject, created_at, updated_at) values ($1, $2, $2)',
        [BENCH_SUBJECT, at],
      );
      ownerId = await findOwner();
    }
    if (!ownerId) throw new Error('the bench user could not be created');
    const { rows: counted } = await database.query<{ count: number }>(
      'select count(*)::int as count from documents where owner_id = $1',
      [ownerId],
    );
    let existing = counted[0]?.count ?? 0;
    if (existing >= target) {
      console.log(JSON.stringify({ documents: existing, seeded: 0, skipped: true }));
      return;
    }
    const started = performance.now();
    let seeded = 0;
    while (existing < target) {
      const count = Math.min(batchSize, target - existing);
      const random = crypto.randomBytes(count * REFERENCE_CODE_RANDOM_BYTES);
      const codes = Array.from({ length: count }, (_, i) =>
        referenceCodeFromRandomBytes(
          random.subarray(i * REFERENCE_CODE_RANDOM_BYTES, (i + 1) * REFERENCE_CODE_RANDOM_BYTES),
        ),
      );
      // One statement per batch; a (vanishingly unlikely) repeated code is skipped.
      const { rows } = await database.query<{ inserted: number }>(
        `with added as (
         insert into documents (owner_id, template_refname, template_version, type, state, step,
                                reference_code, is_official, digest, issued_at, created_at, updated_at)
         select $1, $2, $3, $4, 'issued', 'issued', code, true, 'bench', $5, $5, $5
           from unnest($6::text[]) as code
         on conflict (reference_code) do nothing
         returning 1)
         select count(*)::int as inserted from added`,
        [ownerId, template.refname, template.version, template.type, new Date(), codes],
      );
      const inserted = rows[0]?.inserted ?? 0;
      existing += inserted;
      seeded += inserted;
    }
    await database.query('analyze documents');
    console.log(
      JSON.stringify({
        documents: existing,
        seeded,
        seconds: Math.round((performance.now() - started) / 100) / 10,
      }),
    );
  } finally {
    await database.close();
  }
}

await main();
