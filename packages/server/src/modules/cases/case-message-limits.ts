import { sql, type Kysely } from 'kysely';
import { now } from '../../clock';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

export type EntityMessageLimitConfig = Pick<
  Config,
  'ENTITY_MESSAGES_PER_MINUTE' | 'ENTITY_MESSAGES_PER_HOUR'
>;

/**
 * Counts one more message from the entity's clerks to a citizen, or refuses it with 429
 * event_limit_reached (its `retry_after_seconds` in data) when the entity has sent
 * ENTITY_MESSAGES_PER_MINUTE in the last minute or ENTITY_MESSAGES_PER_HOUR in the last hour.
 * In the caller's transaction, under a lock on the entity held until it ends: API processes
 * sharing the database count the same rows, and a refused message leaves nothing behind.
 */
export async function countEntityMessage(
  trx: Kysely<DB>,
  config: EntityMessageLimitConfig,
  entityId: string,
): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`entity-messages:${entityId}`}, 0))`.execute(
    trx,
  );
  const limits = [
    { count: config.ENTITY_MESSAGES_PER_MINUTE, windowMs: MINUTE_MS },
    { count: config.ENTITY_MESSAGES_PER_HOUR, windowMs: HOUR_MS },
  ];
  const at = now();
  // Only the newest rows can matter: the count-th newest of a window decides when it has room.
  const newest = await trx
    .selectFrom('entity_message_events')
    .select('at')
    .where('entity_id', '=', entityId)
    .where('at', '>', new Date(at.getTime() - HOUR_MS))
    .orderBy('at', 'desc')
    .limit(Math.max(...limits.map((limit) => limit.count)))
    .execute();
  const times = newest.map((row) => new Date(row.at).getTime());
  let waitMs = 0;
  for (const limit of limits) {
    const edge = times.filter((time) => time > at.getTime() - limit.windowMs)[limit.count - 1];
    if (edge !== undefined) waitMs = Math.max(waitMs, edge + limit.windowMs - at.getTime());
  }
  if (waitMs > 0) {
    throw new AppError(429, 'event_limit_reached', {
      retry_after_seconds: Math.ceil(waitMs / 1000),
    });
  }
  await trx.insertInto('entity_message_events').values({ entity_id: entityId, at }).execute();
}

/** Counts older than the longest window (an hour), in batches; answers how many went. */
export async function purgeEntityMessageEvents(
  database: { db: Kysely<DB> },
  options: { at?: Date; batchSize?: number } = {},
): Promise<number> {
  const cutoff = new Date((options.at ?? now()).getTime() - HOUR_MS);
  const batchSize = options.batchSize ?? 10_000;
  let purged = 0;
  for (;;) {
    const { numDeletedRows } = await database.db
      .deleteFrom('entity_message_events')
      .where(
        'id',
        'in',
        database.db
          .selectFrom('entity_message_events')
          .select('id')
          .where('at', '<', cutoff)
          .limit(batchSize),
      )
      .executeTakeFirst();
    purged += Number(numDeletedRows);
    if (Number(numDeletedRows) < batchSize) return purged;
  }
}
