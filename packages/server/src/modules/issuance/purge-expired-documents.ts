import { DAY_MS } from '@dilosi/domain';
import { now } from '../../clock';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { OTP_LIMIT_KEEP_MS } from './otp-limits';

/** OTP messages hold the code in clear text: gone a day after they were sent. */
const OTP_OUTBOX_KEEP_MS = DAY_MS;
const OTP_MESSAGE_KEYS = ['otp_sms', 'otp_email'];

export type PurgeSummary = {
  documents: number;
  drafts: number;
  otpMessages: number;
  otpLimitEvents: number;
};

/**
 * The retention rule (spec section 1: documents stay 30 days, or up to 5 years at the
 * citizen's choice): issued and revoked documents past retention_until are deleted with their
 * files, PDF, values, challenge and history (on delete cascade), leaving a tombstone (reference
 * code, issue and deletion time) so a validator learns it existed; a case an entity received
 * keeps its copied columns (document_id set null). Drafts untouched for RETENTION_DAYS go too,
 * without a tombstone, and so do OTP messages older than a day, and the counts of codes sent
 * and wrong codes entered once older than the longest limit window. One transaction per batch;
 * SKIP LOCKED lets several workers share the work.
 */
export async function purgeExpiredDocuments(
  database: Database,
  config: Pick<Config, 'RETENTION_DAYS'>,
  options: { batchSize?: number; at?: Date } = {},
): Promise<PurgeSummary> {
  const batchSize = options.batchSize ?? 500;
  const at = options.at ?? now();
  const draftCutoff = new Date(at.getTime() - config.RETENTION_DAYS * DAY_MS);
  const summary: PurgeSummary = { documents: 0, drafts: 0, otpMessages: 0, otpLimitEvents: 0 };

  for (;;) {
    const deleted = await database.db.transaction().execute(async (trx) => {
      const expired = await trx
        .selectFrom('documents')
        .select(['id', 'reference_code', 'issued_at'])
        .where('state', 'in', ['issued', 'revoked'])
        .where('retention_until', '<', at)
        .limit(batchSize)
        .forUpdate()
        .skipLocked()
        .execute();
      if (expired.length === 0) return 0;
      const tombstones = expired.flatMap((row) =>
        row.reference_code
          ? [{ reference_code: row.reference_code, issued_at: row.issued_at, deleted_at: at }]
          : [],
      );
      if (tombstones.length > 0) {
        await trx
          .insertInto('document_tombstones')
          .values(tombstones)
          .onConflict((oc) => oc.column('reference_code').doNothing())
          .execute();
      }
      await trx
        .deleteFrom('documents')
        .where(
          'id',
          'in',
          expired.map((row) => row.id),
        )
        .execute();
      return expired.length;
    });
    summary.documents += deleted;
    if (deleted < batchSize) break;
  }

  for (;;) {
    const { numDeletedRows } = await database.db
      .deleteFrom('documents')
      .where(
        'id',
        'in',
        database.db
          .selectFrom('documents')
          .select('id')
          .where('state', 'in', ['editing', 'requested'])
          .where('updated_at', '<', draftCutoff)
          .limit(batchSize),
      )
      .executeTakeFirst();
    summary.drafts += Number(numDeletedRows);
    if (Number(numDeletedRows) < batchSize) break;
  }

  const otpCutoff = new Date(at.getTime() - OTP_OUTBOX_KEEP_MS);
  const { numDeletedRows } = await database.db
    .deleteFrom('outbox')
    .where('message_key', 'in', OTP_MESSAGE_KEYS)
    .where('status', 'in', ['sent', 'failed'])
    .where('created_at', '<', otpCutoff)
    .executeTakeFirst();
  summary.otpMessages = Number(numDeletedRows);

  const limitCutoff = new Date(at.getTime() - OTP_LIMIT_KEEP_MS);
  // Small rows, a few per issuance: larger batches than documents.
  const eventBatch = options.batchSize ?? 10_000;
  for (;;) {
    const { numDeletedRows: events } = await database.db
      .deleteFrom('otp_limit_events')
      .where(
        'id',
        'in',
        database.db
          .selectFrom('otp_limit_events')
          .select('id')
          .where('at', '<', limitCutoff)
          .limit(eventBatch),
      )
      .executeTakeFirst();
    summary.otpLimitEvents += Number(events);
    if (Number(events) < eventBatch) break;
  }
  return summary;
}
