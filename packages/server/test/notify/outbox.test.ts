import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clock } from '../../src/clock';
import { startJobQueue, type JobQueue } from '../../src/jobs/queue';
import { createNotifier, notifyJobs, type Notifier } from '../../src/notify';
import { EXTERNAL_LOGINS, testConfig } from '../helpers';
import {
  createNotifyDatabase,
  documentEmail,
  otpSms,
  outboxRows,
  testNotifier,
  type TestDatabase,
} from './notify-helpers';

describe('outbox', () => {
  let database: TestDatabase;
  let notifier: Notifier;
  beforeAll(async () => {
    database = await createNotifyDatabase();
    notifier = testNotifier(database);
  });
  afterAll(async () => {
    await notifier.close();
    await database.drop();
  });
  beforeEach(async () => {
    await database.db.deleteFrom('outbox').execute();
  });
  afterEach(() => clock.reset());

  it('writes the rendered message in the caller’s transaction', async () => {
    const documentId = crypto.randomUUID();
    const row = await database.db.transaction().execute(async (trx) => {
      const written = await notifier.enqueue({ ...otpSms('+30 691 234 5678'), documentId }, trx);
      // Visible inside the transaction that wrote it.
      const inside = await trx.selectFrom('outbox').select('id').execute();
      expect(inside.map((r) => r.id)).toEqual([written.id]);
      return written;
    });
    expect(row).toMatchObject({
      channel: 'sms',
      recipient: '+306912345678',
      message_key: 'otp_sms',
      locale: 'el',
      params: { code: '482913', minutes: 5 },
      subject: null,
      body: 'Ο κωδικός επιβεβαίωσης για το έγγραφό σας είναι 482913. Ισχύει για 5 λεπτά.',
      status: 'queued',
      attempts: 0,
      document_id: documentId,
      sent_at: null,
    });
    expect(await outboxRows(database)).toHaveLength(1);
  });

  it('leaves no row and delivers nothing when the caller’s transaction rolls back', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await notifier.enqueue(otpSms(), trx);
        throw new Error('document issuance failed');
      }),
    ).rejects.toThrow('document issuance failed');
    expect(await outboxRows(database)).toEqual([]);
    expect(await notifier.deliverPending()).toEqual({ sent: 0, retrying: 0, failed: 0 });
  });

  it('marks messages sent to the outbox when no SMTP server or SMS gateway is set', async () => {
    const at = new Date('2026-03-02T10:00:00Z');
    clock.freeze(at);
    await notifier.enqueue(otpSms());
    await notifier.enqueue(documentEmail());
    expect(await notifier.deliverPending()).toEqual({ sent: 2, retrying: 0, failed: 0 });
    const rows = await outboxRows(database);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'sent', provider: 'outbox', attempts: 1 });
      expect(row.last_error).toBeNull();
      expect(new Date(row.sent_at ?? 0).toISOString()).toBe(at.toISOString());
    }
    // Delivered once: nothing is due any more.
    expect(await notifier.deliverPending()).toEqual({ sent: 0, retrying: 0, failed: 0 });
  });

  it.each([
    [true, 2],
    [false, 0],
  ])('with DEVEL %s, the server log tells each outbox message (%i lines)', async (devel, count) => {
    const lines: { obj: unknown; msg?: string }[] = [];
    const logger = {
      warn: () => undefined,
      info: (obj: unknown, msg?: string) => void lines.push({ obj, msg }),
    };
    const env = devel ? { DEVEL: 'true' } : { DEVEL: 'false', ...EXTERNAL_LOGINS };
    const logged = createNotifier({ database, jobs: null, config: testConfig(env), logger });
    try {
      await logged.enqueue(otpSms());
      await logged.enqueue(documentEmail());
      expect(await logged.deliverPending()).toEqual({ sent: 2, retrying: 0, failed: 0 });
    } finally {
      await logged.close();
    }
    expect(lines).toHaveLength(count);
    if (devel) {
      // The SMS in full, code included: a newcomer finds it in the terminal.
      // The two rows are delivered in either order.
      const sms = lines.find((line) => line.msg?.startsWith('SMS'));
      const email = lines.find((line) => line.msg?.startsWith('e-mail'));
      expect(sms?.msg).toMatch(/^SMS to \+306912345678: .*482913/);
      expect(email?.msg).toMatch(/^e-mail to maria@example\.gr: .+ \(in full at \/dev\/outbox\)$/);
    }
  });

  it('refuses a recipient that is not one, or a text on the wrong channel', async () => {
    await expect(notifier.enqueue(otpSms('2101234567'))).rejects.toThrow(/recipient/);
    await expect(notifier.enqueue(documentEmail('not-an-address'))).rejects.toThrow(/recipient/);
    await expect(notifier.enqueue({ ...otpSms(), channel: 'email' })).rejects.toThrow(
      /sent by sms/,
    );
    expect(await outboxRows(database)).toEqual([]);
  });

  it('takes a stuck "sending" row again once its sender’s lease has run out', async () => {
    const row = await notifier.enqueue(otpSms());
    // A sender that claimed the row and died before recording the result.
    await database.db
      .updateTable('outbox')
      .set({ status: 'sending', attempts: 1, next_attempt_at: new Date(Date.now() + 300_000) })
      .where('id', '=', row.id)
      .execute();
    expect(await notifier.deliverPending()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    clock.advance(301_000);
    expect(await notifier.deliverPending()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const [sent] = await outboxRows(database);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('outbox with the job queue', () => {
  let database: TestDatabase;
  const logger = { error: () => undefined, info: () => undefined };
  beforeAll(async () => {
    database = await createNotifyDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  const bossSchema = () => `${database.schema === 'public' ? '' : `${database.schema}_`}pgboss`;
  const queuedJobs = async () =>
    (
      await database.query<{ data: { outboxId: string } }>(
        `select data from ${bossSchema()}.job where name = 'notify-send'`,
      )
    ).rows;

  it('sends the notify-send job in the same transaction as the row', async () => {
    const jobs = await startJobQueue(database, { work: false, logger, jobs: notifyJobs });
    const notifier = testNotifier(database, {}, jobs);
    try {
      await expect(
        database.db.transaction().execute(async (trx) => {
          await notifier.enqueue(otpSms(), trx);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await queuedJobs()).toEqual([]);

      const row = await database.db
        .transaction()
        .execute((trx) => notifier.enqueue(documentEmail(), trx));
      expect(await queuedJobs()).toEqual([{ data: { outboxId: row.id } }]);
      expect(await outboxRows(database)).toHaveLength(1);
    } finally {
      await notifier.close();
      await jobs.stop();
    }
  });

  it('delivers through the worker', async () => {
    // The worker delivers through the app's notifier, which sends its jobs to that worker's queue.
    let queue: JobQueue | null = null;
    const notifier = testNotifier(database, {}, () => queue);
    const context = { database, config: testConfig(), notifier };
    const jobs = await startJobQueue(database, { work: true, logger, jobs: notifyJobs, context });
    queue = jobs;
    try {
      const row = await notifier.enqueue(otpSms('6998765432'));
      await expect
        .poll(
          async () =>
            (
              await database.db
                .selectFrom('outbox')
                .select(['status', 'provider'])
                .where('id', '=', row.id)
                .executeTakeFirst()
            )?.status,
          { timeout: 15_000, interval: 100 },
        )
        .toBe('sent');
    } finally {
      await notifier.close();
      await jobs.stop();
    }
  });
});
