import { now } from '../../clock';
import type { Database } from '../../db/database';
import { HOUR_MS } from '../../lib/sliding-window';

export type PendingUploadsPurge = { uploads: number; events: number };

/**
 * Uploads no create or update took before they expired (UPLOAD_PENDING_TTL_MINUTES), and the
 * counted uploads older than the limit's hour; in batches, answering how many went.
 */
export async function purgePendingUploads(
  database: Pick<Database, 'db'>,
  options: { at?: Date; batchSize?: number } = {},
): Promise<PendingUploadsPurge> {
  const at = options.at ?? now();
  // Rows of up to FILE_MAX_SIZE each: small batches.
  const batchSize = options.batchSize ?? 100;
  const summary: PendingUploadsPurge = { uploads: 0, events: 0 };
  for (;;) {
    const { numDeletedRows } = await database.db
      .deleteFrom('pending_uploads')
      .where(
        'id',
        'in',
        database.db
          .selectFrom('pending_uploads')
          .select('id')
          .where('expires_at', '<=', at)
          .limit(batchSize),
      )
      .executeTakeFirst();
    summary.uploads += Number(numDeletedRows);
    if (Number(numDeletedRows) < batchSize) break;
  }
  const cutoff = new Date(at.getTime() - HOUR_MS);
  const eventBatch = 100 * batchSize;
  for (;;) {
    const { numDeletedRows } = await database.db
      .deleteFrom('upload_events')
      .where(
        'id',
        'in',
        database.db
          .selectFrom('upload_events')
          .select('id')
          .where('at', '<', cutoff)
          .limit(eventBatch),
      )
      .executeTakeFirst();
    summary.events += Number(numDeletedRows);
    if (Number(numDeletedRows) < eventBatch) break;
  }
  return summary;
}
