import { sql, type Kysely } from 'kysely';
import { now } from '../../clock';
import type { Database } from '../../db/database';
import type { DB, User } from '../../db/schema';
import type { Identity } from './identity-claims';
import type { ApiUser } from './schemas';
import type { CurrentUser } from './sessions';

/** A person's identity as the provider gave it, and whether this login grants admin rights. */
export type PersonLogin = Pick<
  Extract<Identity, { kind: 'person' }>,
  'afm' | 'firstname' | 'surname' | 'email' | 'username' | 'certifiedMobile'
> & { grantAdmin: boolean };

/**
 * Creates or refreshes the user of a natural person from what the provider said, in the
 * caller's transaction when given one.
 */
export async function upsertPersonUser(
  database: Database,
  login: PersonLogin,
  trx?: Kysely<DB>,
): Promise<User> {
  const at = now();
  const certified = login.certifiedMobile !== null;
  return (trx ?? database.db)
    .insertInto('users')
    .values({
      afm: login.afm,
      firstname: login.firstname,
      surname: login.surname,
      email: login.email,
      username: login.username,
      is_admin: login.grantAdmin,
      mobile: login.certifiedMobile,
      mobile_certified: certified,
      mobile_flow_done: certified,
      created_at: at,
      updated_at: at,
      last_login_at: at,
    })
    .onConflict((oc) =>
      oc.column('afm').doUpdateSet({
        firstname: sql`excluded.firstname`,
        surname: sql`excluded.surname`,
        // An address a code proved hers (contact details) outlives the provider's.
        email: sql`case when users.email_verified_at is not null then users.email
          else coalesce(excluded.email, users.email) end`,
        username: sql`coalesce(excluded.username, users.username)`,
        is_admin: sql`users.is_admin or excluded.is_admin`,
        ...(certified
          ? {
              mobile: sql`excluded.mobile`,
              mobile_certified: true,
              mobile_flow_done: true,
            }
          : {}),
        updated_at: at,
        last_login_at: at,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The user of an anonymous login: identified only by the provider's subject. */
export async function upsertAnonymousUser(database: Database, subject: string): Promise<User> {
  const at = now();
  return database.db
    .insertInto('users')
    .values({ anonymous_subject: subject, created_at: at, updated_at: at, last_login_at: at })
    .onConflict((oc) =>
      oc.column('anonymous_subject').doUpdateSet({ updated_at: at, last_login_at: at }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** First and last name, else e-mail, else username, else id (spec section 3). */
export function displayName(
  user: Pick<User, 'id' | 'firstname' | 'surname' | 'email' | 'username'>,
) {
  const names = [user.firstname, user.surname].filter((part) => part && part.trim()).join(' ');
  return names || user.email || user.username || user.id;
}

/** The User of spec section 3, as GET /api/users/me answers it. */
export function toApiUser(current: CurrentUser): ApiUser {
  const user = current.record;
  const mobileCertifiedLogin = current.claims.includes('mobile_certified_login');
  return {
    id: user.id,
    is_admin: current.isAdmin,
    anonymous_login: current.isAnonymous,
    firstname: user.firstname,
    surname: user.surname,
    afm: user.afm,
    email: user.email,
    username: user.username,
    // An anonymous session has no name to show (issue #37): not its UUID.
    display_name: current.isAnonymous ? null : displayName(user),
    login_provider: current.provider,
    ask_mobile_use_nnc_onboarding:
      !current.isAnonymous && !current.isAdmin && !user.mobile_flow_done && !user.mobile_certified,
    mobile_flow_done: user.mobile_flow_done,
    mobile_certified_login: mobileCertifiedLogin,
    mobile: user.mobile,
    mobile_certified: user.mobile_certified,
    claims: current.claims,
  };
}
