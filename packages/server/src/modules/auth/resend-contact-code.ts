import type { Locale } from '@dilosi/domain';
import { AppError } from '../../lib/app-error';
import type { ContactChannel } from './contact-codes';
import type { ContactServices } from './contact-services';
import { lockContactSubject, sendContactCode, type PendingChange } from './send-contact-code';

/**
 * A new code for the change waiting (the spec's resend_email_otp, and the same for the mobile):
 * the old code stops working. 400 no_pending_change when none waits; 429
 * contact_code_already_sent within the limits' wait.
 */
export async function resendContactCode(
  services: ContactServices,
  input: { userId: string; channel: ContactChannel; locale: Locale },
): Promise<PendingChange> {
  return services.database.db.transaction().execute(async (trx) => {
    await lockContactSubject(trx, input);
    const waiting = await trx
      .selectFrom('contact_changes')
      .select('address')
      .where('user_id', '=', input.userId)
      .where('channel', '=', input.channel)
      .executeTakeFirst();
    if (!waiting) throw new AppError(400, 'no_pending_change');
    return sendContactCode(trx, services, { ...input, address: waiting.address });
  });
}
