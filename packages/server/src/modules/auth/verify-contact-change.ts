import { readContactCode, type Locale } from '@dilosi/domain';
import { now } from '../../clock';
import type { User } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import {
  CHANNELS,
  contactCodeMatches,
  contactCodeMaxAttempts,
  contactFieldError,
  type ContactChannel,
} from './contact-codes';
import { assertContactNotInUse } from './contact-in-use';
import type { ContactServices } from './contact-services';
import { lockContactSubject } from './send-contact-code';

type Checked = { kind: 'changed'; record: User } | { kind: 'wrong'; remaining: number };

/**
 * The code of the change waiting. Right: the e-mail becomes hers, proved (email_verified_at),
 * or the mobile becomes hers, certified (mobile_certified), and the change is done. Refusals:
 * 400 no_pending_change; 400 otp_expired after OTP_TTL_SECONDS; 400 otp_invalid with
 * `remaining_attempts` (the wrong code is counted, and stays counted); 429 otp_max_attempts once
 * OTP_MAX_ATTEMPTS are used (a new code is needed: resend); 409 email_in_use / mobile_in_use when
 * another person proved the address meanwhile.
 */
export async function verifyContactChange(
  services: ContactServices,
  input: {
    userId: string;
    channel: ContactChannel;
    code: string | null | undefined;
    locale: Locale;
  },
): Promise<User> {
  const { config } = services;
  const rules = CHANNELS[input.channel];
  const checked: Checked = await services.database.db.transaction().execute(async (trx) => {
    await lockContactSubject(trx, input);
    const waiting = await trx
      .selectFrom('contact_changes')
      .selectAll()
      .where('user_id', '=', input.userId)
      .where('channel', '=', input.channel)
      .forUpdate()
      .executeTakeFirst();
    if (!waiting) throw new AppError(400, 'no_pending_change');
    const at = now();
    if (new Date(waiting.expires_at).getTime() <= at.getTime()) {
      throw contactFieldError(400, 'otp_expired', 'code');
    }
    if (waiting.attempts >= config.OTP_MAX_ATTEMPTS) throw contactCodeMaxAttempts(input.locale);
    const change = { userId: input.userId, channel: input.channel, address: waiting.address };
    const code = readContactCode(input.code);
    if (!code || !contactCodeMatches(services.codeKey, change, code, waiting.code_hash)) {
      const attempts = waiting.attempts + 1;
      await trx
        .updateTable('contact_changes')
        .set({ attempts })
        .where('user_id', '=', input.userId)
        .where('channel', '=', input.channel)
        .execute();
      // Committed with the count: the refusal is thrown after the transaction.
      return { kind: 'wrong', remaining: config.OTP_MAX_ATTEMPTS - attempts };
    }

    await lockContactSubject(trx, { ...input, limitKey: rules.limitKey(waiting.address) });
    await assertContactNotInUse(trx, change);
    const record = await trx
      .updateTable('users')
      .set(
        input.channel === 'email'
          ? { email: waiting.address, email_verified_at: at, updated_at: at }
          : {
              mobile: waiting.address,
              mobile_certified: true,
              mobile_flow_done: true,
              updated_at: at,
            },
      )
      .where('id', '=', input.userId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .deleteFrom('contact_changes')
      .where('user_id', '=', input.userId)
      .where('channel', '=', input.channel)
      .execute();
    return { kind: 'changed', record };
  });

  if (checked.kind === 'changed') return checked.record;
  if (checked.remaining <= 0) throw contactCodeMaxAttempts(input.locale);
  throw contactFieldError(400, 'otp_invalid', 'code', { remaining_attempts: checked.remaining });
}
