import crypto from 'node:crypto';
import type { Account, KoaContextWithOIDC } from 'oidc-provider';
import type { Database } from '../db/database';
import type { Person } from '../db/schema';
import type { LoginProvider } from '../modules/auth';

/** Built-in client ids: one per login provider. */
export const clientIdOf = (provider: LoginProvider) => `dilosi-${provider}`;
export const providerOfClient = (clientId: string | undefined): LoginProvider | null => {
  const name = clientId?.startsWith('dilosi-') ? clientId.slice('dilosi-'.length) : '';
  return ['gsis', 'bank', 'gsis_admin', 'anon'].includes(name) ? (name as LoginProvider) : null;
};

const ANONYMOUS = 'anon-';
const TYPED = 'typed-';
// A typed-in identity lives as long as a login can take.
const TYPED_TTL_MS = 60 * 60_000;

/** An identity typed on the development page (any tax number, any names). */
export type TypedIdentity = { afm: string; given_name: string; family_name: string };

export async function storeTypedIdentity(
  database: Database,
  identity: TypedIdentity,
): Promise<string> {
  const id = crypto.randomBytes(12).toString('base64url');
  await database.db
    .insertInto('idp_payloads')
    .values({
      model: 'TypedIdentity',
      id,
      payload: JSON.stringify(identity),
      grant_id: null,
      uid: null,
      user_code: null,
      expires_at: new Date(Date.now() + TYPED_TTL_MS),
    })
    .execute();
  return `${TYPED}${id}`;
}

export const newAnonymousAccountId = () => `${ANONYMOUS}${crypto.randomBytes(16).toString('hex')}`;

/** What the development provider says about a registry person, per provider (docs/login.md). */
function personClaims(provider: LoginProvider, person: Person): Record<string, unknown> {
  const claims: Record<string, unknown> = {
    sub: person.afm,
    afm: person.afm,
    legal_entity: !person.is_natural_person,
    given_name: person.firstname,
    family_name: person.surname,
  };
  if (person.email) Object.assign(claims, { email: person.email, email_verified: false });
  if (provider === 'bank' && person.mobile) {
    // Web banking vouches for the mobile number it holds.
    Object.assign(claims, {
      phone_number: `+30${person.mobile}`,
      phone_number_verified: true,
    });
  }
  if (provider === 'gsis_admin') {
    claims.is_admin = person.is_civil_servant;
    if (person.email) claims.preferred_username = person.email.split('@')[0];
  }
  return claims;
}

/** oidc-provider's findAccount: registry persons, typed identities and anonymous subjects. */
export function accountFinder(database: Database) {
  return async (ctx: KoaContextWithOIDC, sub: string): Promise<Account | undefined> => {
    const provider = providerOfClient(ctx.oidc.client?.clientId) ?? 'gsis';
    let claims: Record<string, unknown> | undefined;
    if (sub.startsWith(ANONYMOUS)) {
      claims = { sub };
    } else if (sub.startsWith(TYPED)) {
      const row = await database.db
        .selectFrom('idp_payloads')
        .select('payload')
        .where('model', '=', 'TypedIdentity')
        .where('id', '=', sub.slice(TYPED.length))
        .executeTakeFirst();
      if (row) claims = { sub, ...(row.payload as TypedIdentity) };
    } else {
      const person = await database.db
        .selectFrom('persons')
        .selectAll()
        .where('afm', '=', sub)
        .executeTakeFirst();
      if (person) claims = personClaims(provider, person);
    }
    if (!claims) return undefined;
    const found = claims;
    return { accountId: sub, claims: async () => ({ ...found, sub }) };
  };
}
