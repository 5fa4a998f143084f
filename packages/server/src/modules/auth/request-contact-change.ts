import type { Locale } from '@dilosi/domain';
import { CHANNELS, contactFieldError, type ContactChannel } from './contact-codes';
import { assertContactNotInUse } from './contact-in-use';
import type { ContactServices } from './contact-services';
import { lockContactSubject, sendContactCode, type PendingChange } from './send-contact-code';

/**
 * A person asks to change her e-mail or her mobile (issue #38): the value is checked (400
 * email_none / email_invalid, mobile_none / mobile_invalid; 409 email_in_use / mobile_in_use
 * when another person holds it proved), then a six-digit code goes to that address, and the
 * change waits for it. Any change of the same channel waiting before is replaced.
 */
export async function requestContactChange(
  services: ContactServices,
  input: {
    userId: string;
    channel: ContactChannel;
    value: string | null | undefined;
    locale: Locale;
  },
): Promise<PendingChange> {
  const rules = CHANNELS[input.channel];
  const refused = rules.check(input.value);
  if (refused) throw contactFieldError(400, refused, rules.field);
  const address = rules.address(input.value ?? '');
  return services.database.db.transaction().execute(async (trx) => {
    const change = { userId: input.userId, channel: input.channel, address };
    // Under the address's lock: no other person proves it meanwhile (taken again, reentrant,
    // by sendContactCode).
    await lockContactSubject(trx, { ...change, limitKey: rules.limitKey(address) });
    await assertContactNotInUse(trx, change);
    return sendContactCode(trx, services, { ...change, locale: input.locale });
  });
}
