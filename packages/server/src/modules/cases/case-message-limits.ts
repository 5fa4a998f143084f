import { sql, type Kysely } from 'kysely';
import { now } from '../../clock';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import {
  HOUR_MS,
  MINUTE_MS,
  windowSpan,
  windowWaitMs,
  type WindowLimit,
} from '../../lib/sliding-window';

export type EntityMessageLimitConfig = Pick<
  Config,
  'ENTITY_MESSAGES_PER_MINUTE' | 'ENTITY_MESSAGES_PER_HOUR'
>;

/** Whose messages a sliding window counts: the lock that serialises them, and their times. */
type MessageCounter = {
  lockKey: string;
  /** The times of the newest counted messages since `since`, newest first, at most `limit`. */
  newest(trx: Kysely<DB>, since: Date, limit: number): Promise<Date[]>;
  /** Counts the one being sent (nothing when the message itself is the counted row). */
  record(trx: Kysely<DB>, at: Date): Promise<void>;
};

/**
 * Counts one more message, or refuses it with 429 event_limit_reached (its
 * `retry_after_seconds` in data) when any window is full. In the caller's transaction, under a
 * lock held until it ends: API processes sharing the database count the same rows, and a refused
 * message leaves nothing behind.
 */
async function countInWindows(
  trx: Kysely<DB>,
  counter: MessageCounter,
  limits: readonly WindowLimit[],
): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${counter.lockKey}, 0))`.execute(trx);
  const at = now();
  // Only the newest rows can matter: the count-th newest of a window decides when it has room.
  const { since, most } = windowSpan(limits, at.getTime());
  const waitMs = windowWaitMs(await counter.newest(trx, since, most), limits, at.getTime());
  if (waitMs > 0) {
    throw new AppError(429, 'event_limit_reached', {
      retry_after_seconds: Math.ceil(waitMs / 1000),
    });
  }
  await counter.record(trx, at);
}

/**
 * Counts one more message from the entity's clerks to a citizen: ENTITY_MESSAGES_PER_MINUTE in
 * the last minute, ENTITY_MESSAGES_PER_HOUR in the last hour (rows of entity_message_events).
 */
export async function countEntityMessage(
  trx: Kysely<DB>,
  config: EntityMessageLimitConfig,
  entityId: string,
): Promise<void> {
  await countInWindows(
    trx,
    {
      lockKey: `entity-messages:${entityId}`,
      newest: async (db, since, limit) =>
        (
          await db
            .selectFrom('entity_message_events')
            .select('at')
            .where('entity_id', '=', entityId)
            .where('at', '>', since)
            .orderBy('at', 'desc')
            .limit(limit)
            .execute()
        ).map((row) => new Date(row.at)),
      record: async (db, at) => {
        await db.insertInto('entity_message_events').values({ entity_id: entityId, at }).execute();
      },
    },
    [
      { count: config.ENTITY_MESSAGES_PER_MINUTE, windowMs: MINUTE_MS },
      { count: config.ENTITY_MESSAGES_PER_HOUR, windowMs: HOUR_MS },
    ],
  );
}

export type CitizenMessageLimitConfig = Pick<
  Config,
  'CITIZEN_MESSAGES_PER_MINUTE' | 'CITIZEN_MESSAGES_PER_HOUR'
>;

/**
 * Counts one more message a citizen writes into her cases' threads (issue #33):
 * CITIZEN_MESSAGES_PER_MINUTE and CITIZEN_MESSAGES_PER_HOUR, over all her cases. Her stored
 * messages are the counted rows, so nothing is recorded apart and nothing needs purging.
 */
export async function countCitizenMessage(
  trx: Kysely<DB>,
  config: CitizenMessageLimitConfig,
  userId: string,
): Promise<void> {
  await countInWindows(
    trx,
    {
      lockKey: `citizen-messages:${userId}`,
      newest: async (db, since, limit) =>
        (
          await db
            .selectFrom('case_messages')
            .select('created_at')
            .where('user_id', '=', userId)
            .where('direction', '=', 'citizen')
            .where('created_at', '>', since)
            .orderBy('created_at', 'desc')
            .limit(limit)
            .execute()
        ).map((row) => new Date(row.created_at)),
      record: async () => {},
    },
    [
      { count: config.CITIZEN_MESSAGES_PER_MINUTE, windowMs: MINUTE_MS },
      { count: config.CITIZEN_MESSAGES_PER_HOUR, windowMs: HOUR_MS },
    ],
  );
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
