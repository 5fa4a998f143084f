import { isValidEmail, isValidGreekMobile, toGreekNationalNumber } from '@dilosi/domain';
import type { NotificationChannel } from './messages';

/**
 * The address a message goes to, in the one form the outbox stores: a mobile in E.164
 * (+3069XXXXXXXX), an e-mail address trimmed and lower-cased. Null when it is not one.
 */
export function normalizeRecipient(channel: NotificationChannel, to: string): string | null {
  const value = to.trim();
  if (channel === 'email') {
    return value !== '' && isValidEmail(value) ? value.toLowerCase() : null;
  }
  if (isValidGreekMobile(value)) return `+30${toGreekNationalNumber(value)}`;
  // A foreign mobile (a template may allow some countries) is accepted in international form.
  const compact = value.replace(/[\s-]/g, '');
  const international = /^(?:\+|00)([1-9]\d{7,14})$/.exec(compact);
  if (international && !international[1]?.startsWith('30')) return `+${international[1]}`;
  return null;
}
