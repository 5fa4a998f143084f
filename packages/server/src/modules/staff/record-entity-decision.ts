import type { EntityDecision } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** One row of the entity's decision record, written in the transaction of the change. */
export async function recordEntityDecision(
  trx: Kysely<DB>,
  decision: {
    entityId: string;
    action: EntityDecision;
    userId: string | null;
    subjectUserId?: string | null;
    permissionId?: string | null;
    details?: Record<string, unknown>;
    at: Date;
  },
): Promise<void> {
  await trx
    .insertInto('entity_decisions')
    .values({
      entity_id: decision.entityId,
      action: decision.action,
      user_id: decision.userId,
      subject_user_id: decision.subjectUserId ?? null,
      permission_id: decision.permissionId ?? null,
      details: JSON.stringify(decision.details ?? {}),
      at: decision.at,
    })
    .execute();
}
