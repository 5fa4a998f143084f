import type { PermissionPage } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { pageMeta } from '../../lib/paging';
import { selectPermissions, toPermission } from './permission-queries';

/** GET /api/my-permission-requests: the caller's own requests, newest first, one page. */
export async function listMyPermissionRequests(
  db: Kysely<DB>,
  input: { userId: string; limit: number; offset: number },
): Promise<PermissionPage> {
  const [rows, total] = await Promise.all([
    selectPermissions(db)
      .where('permissions.user_id', '=', input.userId)
      .orderBy('permissions.created_at', 'desc')
      .orderBy('permissions.id')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    db
      .selectFrom('permissions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', input.userId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    data: rows.map(toPermission),
    meta: pageMeta(Number(total.n), input.limit, input.offset),
  };
}
