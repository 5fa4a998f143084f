import type { ResourceActionRequest, ResourceActionResponse, ResourceInfo } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import { now } from '../../clock';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { invalidArguments, pageOf } from './resource-arguments';

export const notificationsInfo: ResourceInfo = {
  name: 'notifications',
  title: 'resources.notifications.title',
  fields: [
    { name: 'message', label: 'resources.notifications.message', type: 'text', filterable: false },
    {
      name: 'is_active',
      label: 'resources.notifications.active',
      type: 'boolean',
      filterable: false,
    },
    {
      name: 'updated_at',
      label: 'resources.notifications.updated',
      type: 'datetime',
      filterable: false,
    },
  ],
  row_actions: [
    { name: 'update', label: 'resources.actions.edit', arguments: ['message'], when: 'is_active' },
    { name: 'deactivate', label: 'resources.actions.deactivate', arguments: [], when: 'is_active' },
    { name: 'delete', label: 'resources.actions.delete', arguments: [] },
  ],
  resource_actions: [{ name: 'create', label: 'resources.actions.create', arguments: ['message'] }],
};

const MESSAGE_MAX = 2000;

function messageOf(request: ResourceActionRequest): string {
  const message = request.arguments.message;
  if (typeof message !== 'string' || message.trim() === '')
    throw invalidArguments('message', 'required');
  if (message.length > MESSAGE_MAX) throw invalidArguments('message', 'message_too_long');
  return message.trim();
}

type NotificationRow = { id: string; message: string; is_active: boolean; updated_at: Date };

const toRow = (row: NotificationRow) => ({
  id: row.id,
  message: row.message,
  is_active: row.is_active,
  updated_at: row.updated_at.toISOString(),
});

async function findNotification(db: Kysely<DB>, entityId: string, objectId: string | undefined) {
  const row = objectId
    ? await db
        .selectFrom('entity_notifications')
        .select(['id', 'message', 'is_active', 'updated_at'])
        .where('entity_id', '=', entityId)
        .where('id', '=', objectId)
        .executeTakeFirst()
    : undefined;
  if (!row) throw new AppError(404, 'not_found');
  return row;
}

/**
 * The notifications resource: an entity's notices shown to citizens on its templates. A head
 * (or a settings owner) lists, creates, edits, deactivates and deletes them; an inactive one
 * stays on record and cannot be deleted (spec section 8).
 */
export async function runNotificationsAction(
  db: Kysely<DB>,
  input: { entityId: string; userId: string; request: ResourceActionRequest },
): Promise<ResourceActionResponse> {
  const { entityId, userId, request } = input;
  const objectId =
    request.object_id && /^[0-9a-f-]{36}$/i.test(request.object_id) ? request.object_id : undefined;
  switch (request.action) {
    case 'list': {
      const { limit, offset } = pageOf(request);
      const base = db.selectFrom('entity_notifications').where('entity_id', '=', entityId);
      const [rows, total] = await Promise.all([
        base
          .select(['id', 'message', 'is_active', 'updated_at'])
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .limit(limit)
          .offset(offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { data: rows.map(toRow), meta: { count: Number(total.n), limit, offset } };
    }
    case 'create': {
      const message = messageOf(request);
      const entity = await db
        .selectFrom('entities')
        .select('id')
        .where('id', '=', entityId)
        .executeTakeFirst();
      if (!entity) throw new AppError(422, 'notification_entity_must_exist');
      const row = await db
        .insertInto('entity_notifications')
        .values({
          entity_id: entityId,
          message,
          created_by: userId,
          created_at: now(),
          updated_at: now(),
        })
        .returning(['id', 'message', 'is_active', 'updated_at'])
        .executeTakeFirstOrThrow();
      return { data: [toRow(row)] };
    }
    case 'update':
    case 'deactivate': {
      const found = await findNotification(db, entityId, objectId);
      if (!found.is_active) throw new AppError(409, 'action_not_allowed_on_state');
      const patch =
        request.action === 'update'
          ? { message: messageOf(request), updated_at: now() }
          : { is_active: false, updated_at: now() };
      const row = await db
        .updateTable('entity_notifications')
        .set(patch)
        .where('id', '=', found.id)
        .returning(['id', 'message', 'is_active', 'updated_at'])
        .executeTakeFirstOrThrow();
      return { data: [toRow(row)] };
    }
    case 'delete': {
      const found = await findNotification(db, entityId, objectId);
      if (!found.is_active) throw new AppError(409, 'notification_inactive_delete');
      await db.deleteFrom('entity_notifications').where('id', '=', found.id).execute();
      return { data: [] };
    }
    default:
      throw new AppError(400, 'resource_action_not_found');
  }
}
