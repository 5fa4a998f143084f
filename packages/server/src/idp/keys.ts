import crypto from 'node:crypto';
import type { JWK } from 'oidc-provider';
import type { Database } from '../db/database';
import { loadOrCreateSecret } from '../lib/stored-secret';

export type IdpKeys = {
  /** Private signing keys (JWKS) of the ID tokens. */
  jwks: { keys: JWK[] };
  /** Keys signing the provider's cookies. */
  cookieKeys: string[];
  /** The secret every built-in client authenticates with at the token endpoint. */
  clientSecret: string;
};

function signingKey(): JWK {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    ...(privateKey.export({ format: 'jwk' }) as JWK),
    kid: crypto.randomBytes(8).toString('hex'),
    alg: 'RS256',
    use: 'sig',
  };
}

/** Made at the first start and stored in the database: a restart keeps tokens and cookies valid. */
export async function loadIdpKeys(database: Database): Promise<IdpKeys> {
  const random = () => crypto.randomBytes(32).toString('base64url');
  return {
    jwks: await loadOrCreateSecret(database, 'idp_jwks', () => ({ keys: [signingKey()] })),
    cookieKeys: await loadOrCreateSecret(database, 'idp_cookie_keys', () => [random()]),
    clientSecret: await loadOrCreateSecret(database, 'idp_client_secret', random),
  };
}
