import { sql } from 'kysely';
import { now } from '../../clock';
import type { Database } from '../../db/database';

export type ThrottleState = { blocked: false } | { blocked: true; retryAfterSeconds: number };

/** What failed: a one-time code at /api/token, or a state at a provider's callback. */
export type ThrottleScope = 'code' | 'callback';

/**
 * Failed logins (unknown state, wrong or replayed one-time code) counted per client and per
 * kind in the database, so every API process sees the same counters. From half the limit on,
 * each failure makes the client wait 1, 2, 4 … seconds; at the limit until the window ends.
 * The counters only ever answer failures: a valid code or state is honoured whatever its
 * address's count, so failures from one address (a KEP office, a carrier's NAT) never lock
 * out the other people behind it (docs/login.md, "Throttling").
 */
export class LoginThrottle {
  private readonly soft: number;

  constructor(
    private readonly database: Database,
    private readonly options: { maxFailures: number; windowSeconds: number },
  ) {
    this.soft = Math.max(1, Math.ceil(options.maxFailures / 2));
  }

  async check(scope: ThrottleScope, client: string): Promise<ThrottleState> {
    const at = now();
    const row = await this.database.db
      .selectFrom('login_throttle')
      .select('blocked_until')
      .where('key', '=', key(scope, client))
      .executeTakeFirst();
    const until = row?.blocked_until ? new Date(row.blocked_until) : null;
    if (!until || until <= at) return { blocked: false };
    return { blocked: true, retryAfterSeconds: Math.ceil((until.getTime() - at.getTime()) / 1000) };
  }

  async recordFailure(scope: ThrottleScope, client: string): Promise<ThrottleState> {
    const at = now();
    const windowStartedBefore = new Date(at.getTime() - this.options.windowSeconds * 1000);
    const row = await this.database.db
      .insertInto('login_throttle')
      .values({ key: key(scope, client), failures: 1, window_started_at: at, blocked_until: null })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          failures: sql`case when login_throttle.window_started_at <= ${windowStartedBefore}
            then 1 else login_throttle.failures + 1 end`,
          window_started_at: sql`case when login_throttle.window_started_at <= ${windowStartedBefore}
            then ${at} else login_throttle.window_started_at end`,
        }),
      )
      .returning(['failures', 'window_started_at'])
      .executeTakeFirstOrThrow();
    const { failures } = row;
    if (failures < this.soft) return { blocked: false };
    const until =
      failures >= this.options.maxFailures
        ? new Date(new Date(row.window_started_at).getTime() + this.options.windowSeconds * 1000)
        : new Date(at.getTime() + 2 ** (failures - this.soft) * 1000);
    const blockedUntil = await this.database.db
      .updateTable('login_throttle')
      .set({ blocked_until: sql`greatest(coalesce(blocked_until, ${until}), ${until})` })
      .where('key', '=', key(scope, client))
      .returning('blocked_until')
      .executeTakeFirstOrThrow()
      .then((updated) => new Date(updated.blocked_until ?? until));
    return {
      blocked: true,
      retryAfterSeconds: Math.max(1, Math.ceil((blockedUntil.getTime() - at.getTime()) / 1000)),
    };
  }

  async purge(): Promise<void> {
    const at = now();
    await this.database.db
      .deleteFrom('login_throttle')
      .where('window_started_at', '<', new Date(at.getTime() - this.options.windowSeconds * 1000))
      .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<', at)]))
      .execute();
  }
}

const key = (scope: ThrottleScope, client: string) => `${scope}:ip:${client}`;
