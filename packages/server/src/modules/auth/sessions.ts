import { now } from '../../clock';
import type { Database } from '../../db/database';
import type { User } from '../../db/schema';
import type { LoginProvider } from './providers';
import { randomToken, sha256Hex } from './secure-random';

/** The person behind a request, as the authentication hook found them. */
export type CurrentUser = {
  id: string;
  record: User;
  sessionId: string;
  provider: LoginProvider;
  /** What this login proved (PROVIDER_CLAIMS), plus what the user's record adds. */
  claims: string[];
  /** This session came from the admin login and may use the dashboard. */
  isAdmin: boolean;
  isAnonymous: boolean;
  /**
   * The one template an anonymous session may use: the one its login was started for (null
   * for any other session, or an anonymous login started without one).
   */
  anonymousTemplate: string | null;
};

export type SessionOptions = { ttlSeconds: number; idleSeconds: number };

// last_seen_at is written at most once a minute per session, not on every request.
const TOUCH_AFTER_MS = 60_000;

/**
 * The live session of a token hash at $2 (not idle since $3). Every authenticated request runs
 * it, so it is plain SQL rather than built by Kysely on each request (docs/performance.md,
 * "Messages poll"). On PostgreSQL the pool prepares it once per connection (parsing and planning
 * the join was ~130 µs of the server's CPU on each request); after a migration adds a column to
 * `users`, a process still running finds its plan stale ("cached plan must not change result
 * type") and runs the text again under a new name (db/prepared-statements.ts).
 */
const FIND_SESSION_SQL = `
  select users.*,
         sessions.id as session_id,
         sessions.provider as session_provider,
         sessions.claims as session_claims,
         sessions.is_admin as session_is_admin,
         sessions.last_seen_at as session_last_seen_at,
         sessions.template as session_template
    from sessions
    join users on users.id = sessions.user_id
   where sessions.token_hash = $1
     and sessions.revoked_at is null
     and sessions.expires_at > $2
     and sessions.last_seen_at > $3`;

type SessionRow = User & {
  session_id: string;
  session_provider: string;
  session_claims: string[];
  session_is_admin: boolean;
  session_last_seen_at: Date | string;
  session_template: string | null;
};

/**
 * Opaque bearer tokens: 256 random bits, handed out once, stored as SHA-256 with an absolute
 * expiry, an idle expiry and a revocation time.
 */
export class SessionStore {
  constructor(
    private readonly database: Database,
    private readonly options: SessionOptions,
  ) {}

  async create(input: {
    userId: string;
    provider: LoginProvider;
    claims: string[];
    isAdmin: boolean;
    ip: string | null;
    userAgent: string | null;
    /** An anonymous login's template (login_codes.template). */
    template?: string | null;
  }): Promise<{ token: string; expiresAt: Date }> {
    const token = randomToken(32);
    const at = now();
    const expiresAt = new Date(at.getTime() + this.options.ttlSeconds * 1000);
    await this.database.db
      .insertInto('sessions')
      .values({
        token_hash: sha256Hex(token),
        user_id: input.userId,
        provider: input.provider,
        claims: JSON.stringify(input.claims),
        is_admin: input.isAdmin,
        ip: input.ip,
        user_agent: input.userAgent?.slice(0, 512) ?? null,
        created_at: at,
        last_seen_at: at,
        expires_at: expiresAt,
        template: input.template ?? null,
      })
      .execute();
    return { token, expiresAt };
  }

  /** The live session of a token, or null when unknown, expired, idle too long or revoked. */
  async find(token: string): Promise<CurrentUser | null> {
    const at = now();
    const idleSince = new Date(at.getTime() - this.options.idleSeconds * 1000);
    const { rows } = await this.database.query<SessionRow>(FIND_SESSION_SQL, [
      sha256Hex(token),
      at,
      idleSince,
    ]);
    const row = rows[0];
    if (!row) return null;
    const {
      session_id: sessionId,
      session_provider: provider,
      session_claims: sessionClaims,
      session_is_admin: sessionIsAdmin,
      session_last_seen_at: lastSeenAt,
      session_template: sessionTemplate,
      ...record
    } = row;
    if (at.getTime() - new Date(lastSeenAt).getTime() > TOUCH_AFTER_MS) {
      await this.database.db
        .updateTable('sessions')
        .set({ last_seen_at: at })
        .where('id', '=', sessionId)
        .execute();
    }
    const claims = new Set(sessionClaims);
    // A certified mobile (bank login, or the registry check of the onboarding) is what
    // templates asking for mobile_certified_login need.
    if (record.mobile_certified) claims.add('mobile_certified_login');
    return {
      id: record.id,
      record,
      sessionId,
      provider: provider as LoginProvider,
      claims: [...claims],
      isAdmin: sessionIsAdmin && record.is_admin,
      isAnonymous: record.anonymous_subject !== null,
      anonymousTemplate: record.anonymous_subject !== null ? sessionTemplate : null,
    };
  }

  /** Ends the session of a token at once; answers whether there was one to end. */
  async revoke(token: string): Promise<boolean> {
    const result = await this.database.db
      .updateTable('sessions')
      .set({ revoked_at: now() })
      .where('token_hash', '=', sha256Hex(token))
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async purge(): Promise<void> {
    // Kept a day past expiry so a support question about a recent session can be answered.
    await this.database.db
      .deleteFrom('sessions')
      .where('expires_at', '<', new Date(now().getTime() - 86_400_000))
      .execute();
  }
}
