import { DAY_MS } from '@dilosi/domain';
import { now } from '../../clock';
import type { Database } from '../../db/database';

/** The outbox keeps the codes in clear text: gone a day after, like a document's SMS code. */
const CODE_MESSAGE_KEYS = ['contact_email_code', 'contact_mobile_sms'];

/**
 * What a change of contact details leaves behind once it can no longer be used: changes a day
 * past their code's expiry, sends older than the longest limit window (a day), and the messages
 * that carried the codes.
 */
export async function purgeContactChanges(database: Database): Promise<void> {
  const { db } = database;
  const cutoff = new Date(now().getTime() - DAY_MS);
  await db.deleteFrom('contact_changes').where('expires_at', '<', cutoff).execute();
  await db.deleteFrom('contact_code_sends').where('at', '<', cutoff).execute();
  await db
    .deleteFrom('outbox')
    .where('message_key', 'in', CODE_MESSAGE_KEYS)
    .where('status', 'in', ['sent', 'failed'])
    .where('created_at', '<', cutoff)
    .execute();
}
