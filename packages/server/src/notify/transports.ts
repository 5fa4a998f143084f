import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { NotificationChannel } from './messages';

/** What a transport needs of an outbox row. */
export type OutgoingMessage = {
  channel: NotificationChannel;
  recipient: string;
  locale: string;
  subject: string | null;
  body: string;
};

export type DeliveryResult =
  | { ok: true; provider: string; providerMessageId: string | null }
  | { ok: false; provider: string; error: string };

export type Transport = {
  provider: string;
  send(message: OutgoingMessage): Promise<DeliveryResult>;
  close(): void;
};

export type TransportConfig = Pick<
  Config,
  'SMTP_URL' | 'SMTP_FROM' | 'SMS_GATEWAY_URL' | 'SMS_GATEWAY_TOKEN' | 'SMS_SENDER'
>;

// Well under the lease of a row being sent (delivery.ts), so a hung peer never causes a resend.
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 15_000, socketTimeout: 60_000 };
const SMS_TIMEOUT_MS = 20_000;

const errorText = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * The embedded default: the message is delivered by being in the outbox, shown by /api/dev/outbox
 * (and, in development, told by `show`: the server log).
 */
export function createOutboxTransport(show?: (message: OutgoingMessage) => void): Transport {
  return {
    provider: 'outbox',
    send: async (message) => {
      show?.(message);
      return { ok: true, provider: 'outbox', providerMessageId: null };
    },
    close: () => undefined,
  };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The plain text as simple HTML: paragraphs, line breaks, and links made clickable. */
export function toHtml(text: string, locale: string): string {
  const paragraphs = text.split(/\n{2,}/).map((paragraph) => {
    const html = escapeHtml(paragraph)
      .replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
      .replace(/\n/g, '<br>\n');
    return `<p>${html}</p>`;
  });
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(locale)}">`,
    '<head><meta charset="utf-8"></head>',
    '<body style="font-family: Arial, sans-serif; font-size: 16px; line-height: 1.5; color: #0b0c0c;">',
    ...paragraphs,
    '</body>',
    '</html>',
  ].join('\n');
}

/** E-mail through an SMTP server (nodemailer). SMTP_URL may carry options, e.g. ?pool=true. */
export function createSmtpTransport(smtpUrl: string, from: string): Transport {
  const transporter = nodemailer.createTransport({ ...SMTP_TIMEOUTS, url: smtpUrl });
  return {
    provider: 'smtp',
    async send(message) {
      try {
        const info = await transporter.sendMail({
          from,
          to: message.recipient,
          subject: message.subject ?? '',
          text: message.body,
          html: toHtml(message.body, message.locale),
          headers: { 'Content-Language': message.locale },
        });
        if (info.rejected.length > 0) {
          return { ok: false, provider: 'smtp', error: `rejected: ${info.response}` };
        }
        return { ok: true, provider: 'smtp', providerMessageId: info.messageId ?? null };
      } catch (error) {
        return { ok: false, provider: 'smtp', error: errorText(error) };
      }
    },
    close: () => transporter.close(),
  };
}

/**
 * SMS through an HTTP gateway: POST {to, text, sender} as JSON with a bearer token; any 2xx is
 * accepted (its JSON `id`, when present, is kept), anything else is a failure to retry.
 */
export function createSmsGatewayTransport(options: {
  url: string;
  token: string | undefined;
  sender: string;
}): Transport {
  return {
    provider: 'sms-gateway',
    async send(message) {
      const headers: Record<string, string> = {
        'content-type': 'application/json; charset=utf-8',
        accept: 'application/json',
      };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      try {
        const response = await fetch(options.url, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            to: message.recipient,
            text: message.body,
            sender: options.sender,
          }),
          signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
        });
        const text = await response.text();
        if (!response.ok) {
          const detail = text.trim().slice(0, 300);
          return {
            ok: false,
            provider: 'sms-gateway',
            error: `HTTP ${response.status}${detail ? `: ${detail}` : ''}`,
          };
        }
        return { ok: true, provider: 'sms-gateway', providerMessageId: gatewayMessageId(text) };
      } catch (error) {
        return { ok: false, provider: 'sms-gateway', error: errorText(error) };
      }
    },
    close: () => undefined,
  };
}

function gatewayMessageId(text: string): string | null {
  try {
    const body = JSON.parse(text) as unknown;
    if (body && typeof body === 'object' && 'id' in body) {
      const id = (body as { id: unknown }).id;
      if (typeof id === 'string' || typeof id === 'number') return String(id);
    }
  } catch {
    // A 2xx without JSON is still accepted: the gateway took the message.
  }
  return null;
}

/**
 * One transport per channel: the configured provider, or the outbox when none is set; `showOutbox`
 * is told each message the outbox keeps (development: the server log prints SMS codes).
 */
export function createTransports(
  config: TransportConfig,
  options: { showOutbox?: (message: OutgoingMessage) => void } = {},
): Record<NotificationChannel, Transport> {
  return {
    email: config.SMTP_URL
      ? createSmtpTransport(config.SMTP_URL, config.SMTP_FROM)
      : createOutboxTransport(options.showOutbox),
    sms: config.SMS_GATEWAY_URL
      ? createSmsGatewayTransport({
          url: config.SMS_GATEWAY_URL,
          token: config.SMS_GATEWAY_TOKEN,
          sender: config.SMS_SENDER,
        })
      : createOutboxTransport(options.showOutbox),
  };
}
