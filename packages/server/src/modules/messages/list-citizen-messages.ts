import {
  DEFAULT_MESSAGE_TYPES,
  USER_INBOX_ARCHIVED_LIMIT,
  type InboxEntriesQuery,
  type InboxEntriesResponse,
  type MessageStatus,
} from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { messageRows, toCitizenMessage } from './to-citizen-message';

/** New and read messages unless the caller names statuses (archived ones have their own list). */
const DEFAULT_STATUSES: readonly MessageStatus[] = ['incoming', 'retrieved', 'resolved'];

export type MessageLimits = { incoming: number; retrieved: number };

/**
 * POST /api/gates/USER/gate/inbox-entries: the caller's messages of the asked types and
 * statuses, newest first. `before` pages to older ones; `after` returns only newer ones (the
 * poll), oldest of them first so a burst is read in order over several polls.
 */
export async function listCitizenMessages(
  db: Kysely<DB>,
  limits: MessageLimits,
  input: { ownerId: string; query: InboxEntriesQuery },
): Promise<InboxEntriesResponse> {
  const { ownerId, query } = input;
  const types = query.types?.length ? query.types : DEFAULT_MESSAGE_TYPES;
  const statuses = query.status?.length ? query.status : DEFAULT_STATUSES;
  const limit =
    query.limit ??
    (statuses.every((s) => s === 'archived')
      ? USER_INBOX_ARCHIVED_LIMIT
      : statuses.every((s) => s === 'incoming')
        ? limits.incoming
        : limits.retrieved);

  let rows = messageRows(db)
    .where('citizen_messages.owner_id', '=', ownerId)
    .where('citizen_messages.type', 'in', [...types])
    .where('citizen_messages.status', 'in', [...statuses]);
  if (query.after) rows = rows.where('citizen_messages.tsid', '>', query.after);
  if (query.before) rows = rows.where('citizen_messages.tsid', '<', query.before);
  const [page, unread] = await Promise.all([
    rows
      .orderBy('citizen_messages.tsid', query.after ? 'asc' : 'desc')
      .limit(limit + 1)
      .execute(),
    db
      .selectFrom('citizen_messages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('owner_id', '=', ownerId)
      .where('type', 'in', [...types])
      .where('status', '=', 'incoming')
      .executeTakeFirst(),
  ]);
  const hasMore = page.length > limit;
  const shown = page.slice(0, limit);
  if (query.after) shown.reverse();
  const tsids = shown.map((row) => BigInt(row.tsid));
  const newest = tsids.reduce<bigint | null>((max, t) => (max === null || t > max ? t : max), null);
  const oldest = tsids.reduce<bigint | null>((min, t) => (min === null || t < min ? t : min), null);
  return {
    data: shown.map(toCitizenMessage),
    meta: {
      incoming: { next: newest !== null ? String(newest) : (query.after ?? null) },
      next: hasMore && !query.after && oldest !== null ? String(oldest) : null,
      counts: { incoming: Number(unread?.n ?? 0) },
    },
  };
}
