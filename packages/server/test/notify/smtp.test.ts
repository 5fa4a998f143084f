import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clock } from '../../src/clock';
import { retryDelayMs, type Notifier } from '../../src/notify';
import { parseMail } from './mime';
import {
  createNotifyDatabase,
  documentEmail,
  outboxRows,
  testNotifier,
  type TestDatabase,
} from './notify-helpers';

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP peer on a random port: no TLS, no auth; collects every message it accepts. */
async function startSmtpServer() {
  const received: Received[] = [];
  const state = { rejectRecipients: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!state.rejectRecipients) return callback();
      const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
      return callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const address = (a: SMTPServerAddress | false) => (a ? a.address : '');
        received.push({
          from: address(session.envelope.mailFrom),
          to: session.envelope.rcptTo.map(address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('e-mail over SMTP', () => {
  let database: TestDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let notifier: Notifier;
  beforeAll(async () => {
    database = await createNotifyDatabase();
    smtp = await startSmtpServer();
    notifier = testNotifier(database, { SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await notifier.close();
    await smtp.close();
    await database.drop();
  });
  beforeEach(async () => {
    await database.db.deleteFrom('outbox').execute();
    smtp.received.length = 0;
    smtp.state.rejectRecipients = false;
  });
  afterEach(() => clock.reset());

  it('sends the Greek text and HTML from the default sender', async () => {
    await notifier.enqueue(documentEmail('Maria@Example.gr'));
    expect(await notifier.deliverPending()).toEqual({ sent: 1, retrying: 0, failed: 0 });

    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message?.from).toBe('no-reply@dilosi.localhost');
    expect(message?.to).toEqual(['maria@example.gr']);
    const mail = parseMail(message?.raw ?? '');
    expect(mail.headers.get('from')).toBe('Dilosi <no-reply@dilosi.localhost>');
    expect(mail.headers.get('to')).toBe('maria@example.gr');
    expect(mail.headers.get('subject')).toBe('Το έγγραφό σας: Υπεύθυνη δήλωση (ABCD-EFGH-JKLM)');
    expect(mail.headers.get('content-language')).toBe('el');
    expect(mail.text).toContain(
      'Το έγγραφό σας «Υπεύθυνη δήλωση» με κωδικό επαλήθευσης ABCD-EFGH-JKLM εκδόθηκε.',
    );
    expect(mail.text).toContain('https://dilosi.example.gr/d/ABCD-EFGH-JKLM');
    expect(mail.html).toContain('<html lang="el">');
    expect(mail.html).toContain(
      '<a href="https://dilosi.example.gr/d/ABCD-EFGH-JKLM">https://dilosi.example.gr/d/ABCD-EFGH-JKLM</a>',
    );
    expect(mail.html).toContain('«Υπεύθυνη δήλωση»');

    const [row] = await outboxRows(database);
    expect(row).toMatchObject({ status: 'sent', provider: 'smtp', attempts: 1, last_error: null });
    expect(row?.provider_message_id).toBe(mail.headers.get('message-id'));
  });

  it('uses SMTP_FROM', async () => {
    const custom = testNotifier(database, {
      SMTP_URL: smtp.url,
      SMTP_FROM: 'Υπηρεσία Dilosi <noreply@dilosi.gov.gr>',
    });
    try {
      await custom.enqueue({ ...documentEmail(), locale: 'en' });
      await custom.deliverPending();
    } finally {
      await custom.close();
    }
    const mail = parseMail(smtp.received[0]?.raw ?? '');
    expect(smtp.received[0]?.from).toBe('noreply@dilosi.gov.gr');
    expect(mail.headers.get('from')).toBe('Υπηρεσία Dilosi <noreply@dilosi.gov.gr>');
    expect(mail.headers.get('subject')).toBe('Your document: Solemn declaration (ABCD-EFGH-JKLM)');
  });

  it('retries a rejected message with growing delays, then gives up after 5 attempts', async () => {
    smtp.state.rejectRecipients = true;
    const start = new Date('2026-03-02T10:00:00Z');
    clock.freeze(start);
    const { id } = await notifier.enqueue(documentEmail());
    const row = () =>
      database.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    let elapsed = 0;
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect(await notifier.deliverPending()).toEqual({ sent: 0, retrying: 1, failed: 0 });
      const after = await row();
      expect(after).toMatchObject({ status: 'queued', attempts: attempt, provider: 'smtp' });
      expect(after.last_error).toMatch(/550 Mailbox unavailable/);
      const delay = retryDelayMs(attempt);
      expect(new Date(after.next_attempt_at).getTime() - start.getTime()).toBe(elapsed + delay);
      // Not due before its time.
      clock.advance(delay - 1_000);
      expect(await notifier.deliverPending()).toEqual({ sent: 0, retrying: 0, failed: 0 });
      clock.advance(1_000);
      elapsed += delay;
    }
    expect([30_000, 60_000, 120_000, 240_000].map((_, i) => retryDelayMs(i + 1))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
    expect(await notifier.deliverPending()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(await row()).toMatchObject({ status: 'failed', attempts: 5, sent_at: null });
    clock.advance(3_600_000);
    expect(await notifier.deliverPending()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.received).toEqual([]);
  });

  it('sends on a later attempt once the server accepts again', async () => {
    smtp.state.rejectRecipients = true;
    const { id } = await notifier.enqueue(documentEmail());
    await notifier.deliverPending();
    smtp.state.rejectRecipients = false;
    clock.advance(retryDelayMs(1));
    expect(await notifier.deliverPending()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const row = await database.db
      .selectFrom('outbox')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(smtp.received).toHaveLength(1);
  });

  it('records an unreachable server as a failed attempt', async () => {
    const closed = await startSmtpServer();
    await closed.close();
    const offline = testNotifier(database, { SMTP_URL: closed.url, NOTIFY_MAX_ATTEMPTS: '1' });
    try {
      await offline.enqueue(documentEmail());
      expect(await offline.deliverPending()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    } finally {
      await offline.close();
    }
    const [row] = await outboxRows(database);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row?.last_error).toMatch(/ECONNREFUSED/);
  });
});
