import { sql, type Kysely } from 'kysely';
import { now } from '../../clock';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { HOUR_MS, windowSpan, windowWaitMs, type WindowLimit } from '../../lib/sliding-window';

/**
 * Counts one more upload of a person (UPLOADS_PER_HOUR in any hour, rows of upload_events), or
 * refuses it with 429 event_limit_reached (`retry_after_seconds` in data). In the caller's
 * transaction, under a lock held until it ends, as the case messages' limits are counted: API
 * processes sharing the database count the same rows, and a refused upload leaves nothing.
 */
export async function countUpload(
  trx: Kysely<DB>,
  config: Pick<Config, 'UPLOADS_PER_HOUR'>,
  userId: string,
): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`uploads:${userId}`}, 0))`.execute(trx);
  const limits: WindowLimit[] = [{ count: config.UPLOADS_PER_HOUR, windowMs: HOUR_MS }];
  const at = now();
  const { since, most } = windowSpan(limits, at.getTime());
  const newest = await trx
    .selectFrom('upload_events')
    .select('at')
    .where('user_id', '=', userId)
    .where('at', '>', since)
    .orderBy('at', 'desc')
    .limit(most)
    .execute();
  const waitMs = windowWaitMs(
    newest.map((row) => row.at),
    limits,
    at.getTime(),
  );
  if (waitMs > 0) {
    throw new AppError(429, 'event_limit_reached', {
      retry_after_seconds: Math.ceil(waitMs / 1000),
    });
  }
  await trx.insertInto('upload_events').values({ user_id: userId, at }).execute();
}
