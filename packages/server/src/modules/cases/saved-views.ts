import {
  SAVED_VIEW_NAME_MAX,
  SAVED_VIEWS_MAX,
  savedViewQuery,
  type SavedView,
  type SavedViewRequest,
} from '@dilosi/domain';
import type { Kysely } from 'kysely';
import { now } from '../../clock';
import type { DB } from '../../db/schema';
import { AppError, invalidField } from '../../lib/app-error';

const toView = (row: {
  id: string;
  name: string;
  tab: string;
  query: string;
  created_at: Date;
}): SavedView => ({
  id: row.id,
  name: row.name,
  tab: row.tab,
  query: row.query,
  created_at: new Date(row.created_at).toISOString(),
});

/** A clerk's own saved views of the entity's list, by name. */
export async function listSavedViews(
  db: Kysely<DB>,
  input: { entityId: string; userId: string },
): Promise<SavedView[]> {
  const rows = await db
    .selectFrom('saved_views')
    .select(['id', 'name', 'tab', 'query', 'created_at'])
    .where('entity_id', '=', input.entityId)
    .where('user_id', '=', input.userId)
    .orderBy('name')
    .execute();
  return rows.map(toView);
}

/**
 * Saves the list's current filters under a name (issue #41): only the list's own parameters
 * (400 `query` invalid_saved_view otherwise), a name of 1-60 characters, unique for the person
 * and entity (409 saved_view_exists), at most 20 (409 saved_views_full).
 */
export async function saveView(
  db: Kysely<DB>,
  input: { entityId: string; userId: string } & SavedViewRequest,
): Promise<SavedView> {
  const name = input.name.trim().replace(/\s+/g, ' ');
  if (name === '') throw invalidField('name', 'name_required');
  if (name.length > SAVED_VIEW_NAME_MAX) {
    throw invalidField('name', 'text_too_long', { max: SAVED_VIEW_NAME_MAX });
  }
  const query = savedViewQuery(input.query);
  if (query === null) throw invalidField('query', 'invalid_saved_view');
  return db.transaction().execute(async (trx) => {
    // The person's views of this entity, locked by their owner row, so two saves count right.
    await trx.selectFrom('users').select('id').where('id', '=', input.userId).forUpdate().execute();
    const views = await trx
      .selectFrom('saved_views')
      .select(['name'])
      .where('entity_id', '=', input.entityId)
      .where('user_id', '=', input.userId)
      .execute();
    if (views.some((view) => view.name.toLowerCase() === name.toLowerCase())) {
      throw new AppError(409, 'saved_view_exists');
    }
    if (views.length >= SAVED_VIEWS_MAX) throw new AppError(409, 'saved_views_full');
    const row = await trx
      .insertInto('saved_views')
      .values({
        user_id: input.userId,
        entity_id: input.entityId,
        name,
        tab: input.tab,
        query,
        created_at: now(),
      })
      .returning(['id', 'name', 'tab', 'query', 'created_at'])
      .executeTakeFirstOrThrow();
    return toView(row);
  });
}

/** Deletes one of the person's own views; anyone else's, or none: 404 saved_view_not_found. */
export async function deleteSavedView(
  db: Kysely<DB>,
  input: { entityId: string; userId: string; id: string },
): Promise<void> {
  if (!/^[0-9a-f-]{36}$/i.test(input.id)) throw new AppError(404, 'saved_view_not_found');
  const deleted = await db
    .deleteFrom('saved_views')
    .where('id', '=', input.id)
    .where('entity_id', '=', input.entityId)
    .where('user_id', '=', input.userId)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw new AppError(404, 'saved_view_not_found');
}
