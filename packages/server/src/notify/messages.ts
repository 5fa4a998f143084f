import { toPlainLine, type Locale } from '@dilosi/domain';
import el from '@dilosi/domain/i18n/el/notifications.json' with { type: 'json' };
import en from '@dilosi/domain/i18n/en/notifications.json' with { type: 'json' };
import fr from '@dilosi/domain/i18n/fr/notifications.json' with { type: 'json' };
import { registerCatalog, translate } from '../lib/i18n';

export const NOTIFICATION_CHANNELS = ['sms', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Every message the service sends: its channel and the parameters its text needs. */
export const NOTIFICATION_MESSAGES = {
  otp_sms: { channel: 'sms', params: ['code', 'minutes'] },
  otp_email: { channel: 'email', params: ['code', 'minutes', 'title'] },
  document_email: { channel: 'email', params: ['title', 'reference_code', 'url'] },
  document_sms: { channel: 'sms', params: ['title', 'reference_code', 'url'] },
  document_link_email: {
    channel: 'email',
    params: ['sender', 'title', 'reference_code', 'url'],
  },
  document_link_sms: { channel: 'sms', params: ['sender', 'title', 'reference_code', 'url'] },
  case_message_sms: { channel: 'sms', params: ['entity', 'case_id', 'url'] },
  case_message_email: { channel: 'email', params: ['entity', 'case_id', 'url'] },
  shared_document_sms: { channel: 'sms', params: ['entity', 'title', 'url'] },
  shared_document_email: { channel: 'email', params: ['entity', 'title', 'url'] },
  incoming_document_sms: { channel: 'sms', params: ['entity', 'title', 'url'] },
  incoming_document_email: { channel: 'email', params: ['entity', 'title', 'url'] },
  citizen_shared_document_sms: { channel: 'sms', params: ['sender', 'title', 'url'] },
  citizen_shared_document_email: { channel: 'email', params: ['sender', 'title', 'url'] },
  user_document_sms: { channel: 'sms', params: ['sender', 'title', 'url'] },
  user_document_email: { channel: 'email', params: ['sender', 'title', 'url'] },
  document_accepted_sms: { channel: 'sms', params: ['person', 'reference_code', 'url'] },
  document_accepted_email: { channel: 'email', params: ['person', 'reference_code', 'url'] },
  document_rejected_sms: { channel: 'sms', params: ['person', 'reference_code', 'url'] },
  document_rejected_email: { channel: 'email', params: ['person', 'reference_code', 'url'] },
  // Alerts held back by the caps, folded into one (plural forms: `count` picks the text).
  alert_digest_sms: { channel: 'sms', params: ['count', 'url'] },
  alert_digest_email: { channel: 'email', params: ['count', 'url'] },
  // Staff are told (issue #33): the entity's address and the staff who chose alerts.
  entity_new_case_email: { channel: 'email', params: ['entity', 'case_id', 'title', 'url'] },
  entity_citizen_answer_email: {
    channel: 'email',
    params: ['entity', 'case_id', 'title', 'url'],
  },
  staff_digest_email: { channel: 'email', params: ['count', 'entity', 'url'] },
  // Opinions (issue #41): the asked entity is asked; the asking entity gets the answer.
  entity_opinion_requested_email: {
    channel: 'email',
    params: ['entity', 'case_id', 'title', 'url'],
  },
  entity_opinion_given_email: { channel: 'email', params: ['entity', 'case_id', 'title', 'url'] },
  entity_opinion_cancelled_email: {
    channel: 'email',
    params: ['entity', 'case_id', 'title', 'url'],
  },
  // A change of contact details (issue #38): the code goes to the new address or number.
  contact_email_code: { channel: 'email', params: ['code', 'minutes'] },
  contact_mobile_sms: { channel: 'sms', params: ['code', 'minutes'] },
  // Joint declarations (issue #35): asked to co-sign (and reminded); the consent ended unsigned.
  joint_request_sms: { channel: 'sms', params: ['sender', 'title', 'url'] },
  joint_request_email: { channel: 'email', params: ['sender', 'title', 'url'] },
  joint_closed_sms: { channel: 'sms', params: ['title', 'reason', 'url'] },
  joint_closed_email: { channel: 'email', params: ['title', 'reason', 'url'] },
} as const satisfies Record<string, { channel: NotificationChannel; params: readonly string[] }>;

export type NotificationKey = keyof typeof NOTIFICATION_MESSAGES;

/** A parameter value; a localized text ({el, en?, fr?}) is read in the message's language. */
export type NotificationParam = string | number | { el: string; en?: string; fr?: string };
export type NotificationParams = Record<string, NotificationParam>;

export const NAMESPACE = 'notifications';

type NestedCatalog = { [key: string]: string | NestedCatalog };

/** The shared catalogs are nested like the SPA's; the server's translate() reads dotted keys. */
function flatten(catalog: NestedCatalog, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(catalog)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat[name] = value;
    else Object.assign(flat, flatten(value, name));
  }
  return flat;
}

registerCatalog(NAMESPACE, { el: flatten(el), en: flatten(en), fr: flatten(fr) });

export function isNotificationKey(key: string): key is NotificationKey {
  return Object.hasOwn(NOTIFICATION_MESSAGES, key);
}

/**
 * Parameters whose text people wrote (an entity's display name, a person's name): one plain line,
 * web addresses defanged, whatever was saved before names were checked (issue #31), so neither an
 * SMS app nor an e-mail's HTML (transports.ts toHtml links http(s) addresses) makes them links.
 */
const USER_TEXT_PARAMS = new Set(['entity', 'sender', 'person']);

/** Reads each parameter in the locale: localized texts pick their language, falling back to Greek. */
function localizeParams(locale: Locale, params: NotificationParams): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    const text = typeof value === 'object' ? (value[locale] ?? value.el) : String(value);
    values[name] = USER_TEXT_PARAMS.has(name) ? toPlainLine(text) : text;
  }
  return values;
}

export type RenderedNotification = { subject: string | null; body: string };

/**
 * The text of one message in one language, from the shared catalogs. E-mails get a subject and
 * the common footer; SMS a single text.
 */
export function renderNotification(
  key: NotificationKey,
  locale: Locale,
  params: NotificationParams,
): RenderedNotification {
  const definition = NOTIFICATION_MESSAGES[key];
  const missing = definition.params.filter((name) => params[name] === undefined);
  if (missing.length > 0) {
    throw new Error(`Notification ${key} needs the parameters ${missing.join(', ')}`);
  }
  const values = localizeParams(locale, params);
  if (definition.channel === 'sms') {
    return { subject: null, body: translate(locale, NAMESPACE, key, values) };
  }
  const body = translate(locale, NAMESPACE, `${key}.body`, values);
  const footer = translate(locale, NAMESPACE, 'email_footer');
  return {
    subject: translate(locale, NAMESPACE, `${key}.subject`, values),
    body: `${body}\n\n--\n${footer}`,
  };
}
