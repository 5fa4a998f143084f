import { sql } from 'kysely';
import type { Queryable } from '../../db/queryable';
import { CHANNELS, contactFieldError, type ContactChannel } from './contact-codes';

/**
 * 409 email_in_use / mobile_in_use when another person holds the address: an e-mail a code
 * proved hers, a mobile certified (spec section 8, "in use"). Call under lockContactSubject.
 */
export async function assertContactNotInUse(
  trx: Queryable,
  input: { userId: string; channel: ContactChannel; address: string },
): Promise<void> {
  const rules = CHANNELS[input.channel];
  const other = await trx
    .selectFrom('users')
    .select('id')
    .where('id', '<>', input.userId)
    .$if(input.channel === 'email', (qb) =>
      qb
        .where('email_verified_at', 'is not', null)
        .where(sql<string>`lower(email)`, '=', rules.limitKey(input.address)),
    )
    .$if(input.channel === 'mobile', (qb) =>
      qb.where('mobile_certified', '=', true).where('mobile', '=', input.address),
    )
    .limit(1)
    .executeTakeFirst();
  if (other) throw contactFieldError(409, rules.inUse, rules.field);
}
