import type { CaseNeighbours, InboxQuery } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { TemplateCatalog } from '../templates';
import { findCase } from './case-queries';
import { filteredCases } from './inbox-filters';

/**
 * GET .../inbox/{i}/neighbours: the cases just before and just after this one in the list the
 * clerk came from (same filters, same order), for the case page's previous / next links. Keyed on
 * (received_at, id), the list's own order, so it costs two index probes whatever the page.
 */
export async function caseNeighbours(
  db: Kysely<DB>,
  catalog: TemplateCatalog,
  input: { entityId: string; userId: string; inboxId: string; query: InboxQuery },
): Promise<CaseNeighbours> {
  const current = await findCase(db, input.entityId, input.inboxId);
  const key = [current.received_at, current.id] as const;
  const newestFirst = input.query.ordering !== 'received_at';
  const neighbour = async (later: boolean) => {
    const filtered = await filteredCases(db, catalog, input);
    const direction = later ? 'asc' : 'desc';
    const row = await filtered
      .clearSelect()
      .select('inbox_entries.id')
      .where((eb) =>
        eb(
          eb.refTuple('inbox_entries.received_at', 'inbox_entries.id'),
          later ? '>' : '<',
          eb.tuple(key[0], key[1]),
        ),
      )
      .orderBy('inbox_entries.received_at', direction)
      .orderBy('inbox_entries.id', direction)
      .limit(1)
      .executeTakeFirst();
    return row?.id ?? null;
  };
  // Newest first: the previous row is the one received later.
  const [later, earlier] = await Promise.all([neighbour(true), neighbour(false)]);
  return newestFirst ? { previous: later, next: earlier } : { previous: earlier, next: later };
}
