import { binPurgeAt, CASE_BIN_DAYS, type BinList } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import { now } from '../../clock';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import { defineJob } from '../../jobs/job';
import { AppError } from '../../lib/app-error';
import { caseStatus, changeState } from '../../lib/state-change';
import { findCase } from './case-queries';
import { recordCaseEvent } from './record-case-event';

/**
 * The entity's bin (issue #41): the closed cases a clerk dismissed from the lists. Each stays
 * restorable, its status unchanged, for CASE_BIN_DAYS; then the retention job purges it.
 */
export async function listBin(
  db: Kysely<DB>,
  input: { entityId: string; limit: number; offset: number },
): Promise<BinList> {
  const inBin = db
    .selectFrom('inbox_entries')
    .where('entity_id', '=', input.entityId)
    .where('dismissed_at', 'is not', null);
  const rows = await inBin
    .select([
      'id',
      'case_id',
      'status',
      'citizen_name',
      'template_refname',
      'subject',
      'received_at',
      'dismissed_at',
    ])
    .orderBy('dismissed_at', 'desc')
    .orderBy('id')
    .limit(input.limit)
    .offset(input.offset)
    .execute();
  const total = await inBin.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst();
  return {
    data: rows.map((row) => {
      const dismissedAt = new Date(row.dismissed_at!);
      return {
        id: row.id,
        case_id: row.case_id,
        inbox_status: row.status,
        citizen_name: row.citizen_name,
        template_id: row.template_refname,
        subject: row.subject,
        received_at: new Date(row.received_at).toISOString(),
        dismissed_at: dismissedAt.toISOString(),
        purge_at: binPurgeAt(dismissedAt).toISOString(),
      };
    }),
    meta: { count: Number(total?.n ?? 0), limit: input.limit, offset: input.offset },
  };
}

/** Back to the lists with its status unchanged; only a case in the bin (else 409). */
export async function restoreCase(
  db: Kysely<DB>,
  input: { entityId: string; inboxId: string; userId: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await changeState(trx, caseStatus, {
      lock: () => findCase(trx, input.entityId, input.inboxId, { forUpdate: true }),
      check: (entry) => {
        if (entry.dismissed_at === null) throw new AppError(409, 'action_not_allowed_on_state');
      },
      event: 'restore',
      columns: (_entry, { at }) => ({ dismissed_at: null, updated_at: at }),
      record: (entry, { at }) =>
        recordCaseEvent(trx, { entryId: entry.id, action: 'restore', userId: input.userId, at }),
    });
  });
}

/** Deletes the cases dismissed more than CASE_BIN_DAYS ago, in batches; answers how many. */
export async function purgeBin(database: Database, batch = 1000): Promise<number> {
  const before = new Date(now().getTime() - CASE_BIN_DAYS * 86_400_000);
  let purged = 0;
  for (;;) {
    const result = await database.db
      .deleteFrom('inbox_entries')
      .where(
        'id',
        'in',
        database.db
          .selectFrom('inbox_entries')
          .select('id')
          .where('dismissed_at', '<', before)
          .limit(batch),
      )
      .executeTakeFirst();
    const n = Number(result.numDeletedRows);
    purged += n;
    if (n < batch) return purged;
  }
}

/** Daily: the bin's cases past their 30 days (the citizen's document and vault keep theirs). */
export const caseBinPurgeJob = defineJob({
  name: 'case-bin-purge',
  cron: '41 3 * * *',
  retryLimit: 0,
  async handle(_payload, { database }: { database: Database }) {
    await purgeBin(database);
  },
});
