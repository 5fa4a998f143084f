import { sql } from 'kysely';
import { now } from '../../clock';
import type { Database } from '../../db/database';

/** Entries older than this go (the documents themselves live at most their retention). */
export const ACCESS_LOG_RETENTION_DAYS = 730;
/** The newest entries kept per document: a document looked up all day cannot grow without end. */
export const ACCESS_LOG_MAX_PER_DOCUMENT = 1000;
/**
 * How far back entries are checked for a document that is gone. Such an entry is one the writer
 * wrote after its document's deletion (migration 0018): a look-up of the seconds before it, so
 * as recent as the deletion. Three days cover a daily job that failed twice; each run reads
 * the window's entries again, so it is kept short.
 */
export const ACCESS_LOG_ORPHAN_WINDOW_DAYS = 3;

/**
 * Keeps the access log bounded: by age, and by count per document. Entries also go with their
 * document (a trigger on its deletion, migration 0018); the few written just after their
 * document's deletion are dropped here.
 */
export async function purgeAccessLog(
  database: Database,
  limits = {
    retentionDays: ACCESS_LOG_RETENTION_DAYS,
    maxPerDocument: ACCESS_LOG_MAX_PER_DOCUMENT,
  },
): Promise<{ byAge: number; byCount: number; orphaned: number }> {
  const { db } = database;
  const at = now().getTime();
  const daysAgo = (days: number) => new Date(at - days * 86_400_000);
  const before = daysAgo(limits.retentionDays);
  const aged = await db
    .deleteFrom('document_access_log')
    .where('at', '<', before)
    .executeTakeFirst();
  // Only documents over the cap are ranked; the index (document_id, at desc, id desc) serves both.
  const counted = await sql<{ n: string }>`
    with over as (
      select document_id from document_access_log
       group by document_id having count(*) > ${limits.maxPerDocument}
    ), ranked as (
      select l.id, row_number() over (partition by l.document_id order by l.at desc, l.id desc) as rn
        from document_access_log l join over o on o.document_id = l.document_id
    ), gone as (
      delete from document_access_log where id in
        (select id from ranked where rn > ${limits.maxPerDocument}) returning 1
    )
    select count(*)::text as n from gone`.execute(db);
  const since = daysAgo(ACCESS_LOG_ORPHAN_WINDOW_DAYS);
  const orphaned = await db
    .deleteFrom('document_access_log as l')
    .where('l.at', '>=', since)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(selectFrom('documents as d').select('d.id').whereRef('d.id', '=', 'l.document_id')),
      ),
    )
    .executeTakeFirst();
  return {
    byAge: Number(aged.numDeletedRows),
    byCount: Number(counted.rows[0]?.n ?? 0),
    orphaned: Number(orphaned.numDeletedRows),
  };
}
