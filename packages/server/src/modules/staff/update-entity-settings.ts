import {
  entityMachine,
  isValidEmail,
  plainNameError,
  transition,
  type DashboardEntity,
  type EntityRole,
  type EntitySettings,
  type InvalidField,
} from '@dilosi/domain';
import type { Kysely } from 'kysely';
import { now } from '../../clock';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordEntityDecision } from './record-entity-decision';
import { toDashboardEntity } from './to-dashboard-entity';

function invalidSettings(patch: EntitySettings): InvalidField[] {
  const invalid: InvalidField[] = [];
  if (patch.display_name !== undefined && patch.display_name.el.trim() === '') {
    invalid.push({ invalid_field: 'display_name.el', error_info: { code: 'required' } });
  }
  // The name reaches SMS and e-mails: one line, no web address (issue #31).
  for (const locale of ['el', 'en', 'fr'] as const) {
    const error = patch.display_name ? plainNameError(patch.display_name[locale]) : null;
    if (error) invalid.push({ invalid_field: `display_name.${locale}`, error_info: error });
  }
  if (patch.email !== undefined) {
    const email = patch.email.trim();
    if (email === '') invalid.push({ invalid_field: 'email', error_info: { code: 'required' } });
    else if (!isValidEmail(email)) {
      invalid.push({ invalid_field: 'email', error_info: { code: 'email_invalid' } });
    }
  }
  return invalid;
}

/**
 * PATCH /api/entities/{id} by the head (spec sections 4 and 6): `is_managed: true` activates
 * management; display name, e-mail (valid, required) and addressability are editable only while
 * managed; `enabled` disables or enables the mailbox through the entity machine. Each change is
 * its own recorded decision, all in one transaction.
 */
export async function updateEntitySettings(
  db: Kysely<DB>,
  input: { entityId: string; userId: string; roles: EntityRole[]; patch: EntitySettings },
): Promise<DashboardEntity> {
  const { patch } = input;
  const invalid = invalidSettings(patch);
  if (invalid.length > 0) throw new AppError(400, 'invalid_request', { invalid_fields: invalid });

  return db.transaction().execute(async (trx) => {
    const entity = await trx
      .selectFrom('entities')
      .selectAll()
      .where('id', '=', input.entityId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const at = now();
    const record = (action: 'activate' | 'settings_change' | 'enable' | 'disable', details = {}) =>
      recordEntityDecision(trx, { entityId: entity.id, action, userId: input.userId, details, at });

    let isManaged = entity.is_managed;
    if (patch.is_managed === true) {
      if (isManaged) throw new AppError(409, 'action_not_allowed_on_state');
      isManaged = true;
      await trx
        .updateTable('entities')
        .set({ is_managed: true, updated_at: at })
        .where('id', '=', entity.id)
        .execute();
      await record('activate');
    }

    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (patch.display_name !== undefined) {
      const to = {
        el: patch.display_name.el.trim(),
        en: patch.display_name.en.trim() || patch.display_name.el.trim(),
        fr: patch.display_name.fr.trim() || patch.display_name.el.trim(),
      };
      const from = entity.display_name;
      if (from.el !== to.el || from.en !== to.en || from.fr !== to.fr) {
        changes.display_name = { from, to };
      }
    }
    if (patch.email !== undefined && patch.email.trim() !== entity.email) {
      changes.email = { from: entity.email, to: patch.email.trim() };
    }
    if (patch.is_addressable !== undefined && patch.is_addressable !== entity.is_addressable) {
      changes.is_addressable = { from: entity.is_addressable, to: patch.is_addressable };
    }
    const editsSettings =
      patch.display_name !== undefined ||
      patch.email !== undefined ||
      patch.is_addressable !== undefined;
    if (editsSettings && !isManaged) throw new AppError(409, 'entity_not_managed');
    if (Object.keys(changes).length > 0) {
      await trx
        .updateTable('entities')
        .set({
          ...(changes.display_name
            ? { display_name: JSON.stringify(changes.display_name.to) }
            : {}),
          ...(changes.email ? { email: String(changes.email.to) } : {}),
          ...(changes.is_addressable ? { is_addressable: Boolean(changes.is_addressable.to) } : {}),
          updated_at: at,
        })
        .where('id', '=', entity.id)
        .execute();
      await record('settings_change', { changes });
    }

    if (patch.enabled !== undefined) {
      const event = patch.enabled ? 'enable' : 'disable';
      const moved = transition(entityMachine, entity.enabled ? 'enabled' : 'disabled', event);
      if (!moved.ok || moved.state === null) throw new AppError(409, 'action_not_allowed_on_state');
      await trx
        .updateTable('entities')
        .set({ enabled: moved.state === 'enabled', updated_at: at })
        .where('id', '=', entity.id)
        .execute();
      await record(event);
    }

    const updated = await trx
      .selectFrom('entities')
      .selectAll()
      .where('id', '=', entity.id)
      .executeTakeFirstOrThrow();
    return toDashboardEntity(updated, input.roles);
  });
}
