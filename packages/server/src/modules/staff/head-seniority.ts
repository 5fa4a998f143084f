import { PERMISSION_GRANTING_STATE } from '@dilosi/domain';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/**
 * The rule about heads (docs/dashboard.md, "Heads", issue #31): heads rank by when they became
 * head, and a head may remove or demote only a head who became head after her. So a head added by
 * another can never remove the one who added her, and, since nobody may drop her own head role
 * (own_head_entry), an entity always keeps its most senior head. Two heads cannot remove each
 * other: only one of them outranks the other. Called in the transaction that drops the role, with
 * the target's permission row locked.
 */
export async function assertMayRemoveHead(
  trx: Kysely<DB>,
  input: { entityId: string; actorUserId: string; targetUserId: string },
): Promise<void> {
  if (input.actorUserId === input.targetUserId) return;
  const heads = await trx
    .selectFrom('permissions')
    .select(['id', 'user_id', sql<Date>`coalesce(decided_at, created_at)`.as('since')])
    .where('entity_id', '=', input.entityId)
    .where('role', '=', 'head')
    .where('state', '=', PERMISSION_GRANTING_STATE)
    .where('user_id', 'in', [input.actorUserId, input.targetUserId])
    .execute();
  const actor = heads.find((head) => head.user_id === input.actorUserId);
  const target = heads.find((head) => head.user_id === input.targetUserId);
  // Only a head reaches this (the route checks); a target who is no head outranks nobody.
  if (!actor || !target) return;
  const actorSince = new Date(actor.since).getTime();
  const targetSince = new Date(target.since).getTime();
  const isSenior = targetSince < actorSince || (targetSince === actorSince && target.id < actor.id);
  if (isSenior) throw new AppError(409, 'senior_head');
}
