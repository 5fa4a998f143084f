import { sql } from 'kysely';
import { now } from '../../clock';
import type { Queryable } from '../../db/queryable';

/** What a write needs of a pending upload before it takes it: whose it is and its size. */
export type PendingUploadInfo = { id: string; size: number; filename: string };

/** A pending upload a document takes: into which field, at which position. */
export type PendingUploadTake = { id: string; fieldKey: string; index: number; size: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The caller's pending uploads (POST /api/attachments) among `ids` that have not expired,
 * locked until the caller's transaction ends so that two writes cannot both take one. An id that
 * is not a UUID names none (and never reaches the database as one).
 */
export async function findPendingUploads(
  db: Queryable,
  ownerId: string,
  ids: readonly string[],
): Promise<PendingUploadInfo[]> {
  const wanted = [...new Set(ids)].filter((id) => UUID.test(id));
  if (wanted.length === 0) return [];
  return db
    .selectFrom('pending_uploads')
    .select(['id', 'size', 'filename'])
    .where('id', 'in', wanted)
    .where('owner_id', '=', ownerId)
    .where('expires_at', '>', now())
    .forUpdate()
    .execute();
}

/**
 * Moves pending uploads into a document's files, in the caller's transaction: the bytes go from
 * one table to the other inside the database (never through here), the file keeps its id (the
 * `file_id` the client holds now names the document's file), and the pending rows go.
 */
export async function movePendingUploads(
  db: Queryable,
  documentId: string,
  takes: readonly PendingUploadTake[],
): Promise<void> {
  if (takes.length === 0) return;
  const at = now();
  for (const take of takes) {
    await db
      .insertInto('document_files')
      .columns([
        'id',
        'document_id',
        'field_key',
        'attachment_index',
        'filename',
        'content_type',
        'size',
        'sha256',
        'bytes',
        'created_at',
      ])
      .expression((eb) =>
        eb
          .selectFrom('pending_uploads')
          .select([
            'id',
            sql<string>`${documentId}::uuid`.as('document_id'),
            sql<string>`${take.fieldKey}::text`.as('field_key'),
            sql<number>`${take.index}::integer`.as('attachment_index'),
            'filename',
            'content_type',
            'size',
            'sha256',
            'bytes',
            sql<Date>`${at}::timestamptz`.as('created_at'),
          ])
          .where('id', '=', take.id),
      )
      .execute();
  }
  await db
    .deleteFrom('pending_uploads')
    .where(
      'id',
      'in',
      takes.map((take) => take.id),
    )
    .execute();
}
