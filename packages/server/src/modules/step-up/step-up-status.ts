import { now } from '../../clock';
import type { Queryable } from '../../db/queryable';

/** Whether the session confirmed a step-up code at most `maxAgeMinutes` ago. */
export async function hasFreshStepUp(
  db: Queryable,
  sessionId: string,
  maxAgeMinutes: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('step_up_challenges')
    .select('confirmed_at')
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  if (!row?.confirmed_at) return false;
  return now().getTime() - new Date(row.confirmed_at).getTime() <= maxAgeMinutes * 60_000;
}
