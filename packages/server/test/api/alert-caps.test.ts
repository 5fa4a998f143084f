import { jobContext } from '../../src/job-registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock, now } from '../../src/clock';
import { alertDigestsJob } from '../../src/modules/messages';
import { alertCitizen } from '../../src/modules/messages';
import { renderNotification } from '../../src/notify';
import { loginAs } from '../fixtures/citizens';
import { seedDemoCaseOf } from '../fixtures/demo-cases';
import { entityId } from '../fixtures/entities';
import { client, type ErrorBody } from '../fixtures/http';
import { loginStaff } from '../fixtures/staff';
import { createTestApp, type TestApp } from '../helpers';

const MARIA = '100000015';
const CLERK_ATHENS = '100000052';
const MOBILE = '6912345678';
const EMAIL = 'maria@example.gr';
const HOUR_MS = 3_600_000;
const CAPS = {
  ALERT_SMS_PER_HOUR: '3',
  ALERT_SMS_PER_DAY: '5',
  ALERT_EMAIL_PER_HOUR: '4',
  ALERT_EMAIL_PER_DAY: '10',
};

/** Maria with a certified mobile and an e-mail, a case of Athens that is hers, its clerk. */
async function setUp(t: TestApp) {
  await loginAs(t, MARIA, { certifiedMobile: MOBILE });
  const maria = await t.database.db
    .updateTable('users')
    .set({ email: EMAIL })
    .where('afm', '=', MARIA)
    .returning('id')
    .executeTakeFirstOrThrow();
  const athens = await entityId(t, 'DIMOS_ATHINAION');
  const caseId = await seedDemoCaseOf(t, MARIA, { entityId: athens });
  return { mariaId: maria.id, athens, caseId };
}

describe('alert caps: a citizen gets at most so many SMS and e-mails, then one digest', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let mariaId: string;
  let athens: string;
  let caseId: string;

  const send = async (count: number) => {
    // A new session each time: the clock moves by hours between sends.
    const clerk = await loginStaff(t, CLERK_ATHENS);
    for (let n = 0; n < count; n += 1) {
      const sent = await api('POST', `/api/entity/${athens}/inbox/${caseId}/communications`, {
        token: clerk,
        json: { message: `Μήνυμα ${n + 1}` },
      });
      expect(sent.status).toBe(201);
    }
  };
  const outbox = (keys: string[]) =>
    t.database.db
      .selectFrom('outbox')
      .select(['channel', 'recipient', 'message_key', 'subject', 'body'])
      .where('message_key', 'in', keys)
      .orderBy('created_at')
      .execute();
  const alerts = () => outbox(['case_message_sms', 'case_message_email']);
  const digests = () => outbox(['alert_digest_sms', 'alert_digest_email']);
  const mailbox = async () =>
    (
      await t.database.db
        .selectFrom('citizen_messages')
        .select('id')
        .where('owner_id', '=', mariaId)
        .execute()
    ).length;
  const runDigestJob = () => alertDigestsJob.handle({}, jobContext(t.app));

  beforeAll(async () => {
    clock.freeze(new Date('2026-05-04T08:00:00Z'));
    t = await createTestApp({
      env: { RATE_LIMIT_MAX: '100000', ...CAPS },
    });
    api = client(t.app);
    ({ mariaId, athens, caseId } = await setUp(t));
  }, 60_000);
  afterAll(async () => {
    clock.reset();
    await t?.close();
  });

  it('sends the first alerts of the hour, holds the rest back, and keeps every message', async () => {
    await send(12);
    expect(await mailbox()).toBe(12);
    const sent = await alerts();
    expect(sent.filter((row) => row.channel === 'sms')).toHaveLength(3);
    expect(sent.filter((row) => row.channel === 'email')).toHaveLength(4);
    expect(sent.filter((row) => row.channel === 'sms')[0]?.recipient).toBe(`+30${MOBILE}`);

    // Nothing is sent while the window is full.
    await runDigestJob();
    clock.advance(HOUR_MS - 1000);
    await runDigestJob();
    expect(await digests()).toEqual([]);
  });

  it('sends one digest per channel counting every held alert when the hour reopens', async () => {
    clock.advance(1000);
    await runDigestJob();
    const [sms, email, ...more] = await digests();
    expect(more).toEqual([]);
    expect(sms).toMatchObject({ channel: 'sms', recipient: `+30${MOBILE}` });
    expect(sms?.body).toContain('Έχετε 9 νέα μηνύματα');
    expect(sms?.body).toContain('/my/messages');
    expect(email).toMatchObject({ channel: 'email', recipient: EMAIL });
    expect(email?.subject).toBe('Έχετε 8 νέα μηνύματα');
    // Sent once: running the job again sends nothing more.
    await runDigestJob();
    expect(await digests()).toHaveLength(2);
    expect(await alerts()).toHaveLength(7);
  });

  it('holds alerts past the day cap until the day has room, in one digest', async () => {
    // SMS today: 3 alerts and 1 digest of a cap of 5; e-mail: 4 + 1 of 10, 3 left this hour.
    await send(4);
    expect(await mailbox()).toBe(16);
    const sent = await alerts();
    expect(sent.filter((row) => row.channel === 'sms')).toHaveLength(4);
    expect(sent.filter((row) => row.channel === 'email')).toHaveLength(7);

    // An hour later the hour has room, but the day has not: no SMS digest.
    clock.advance(HOUR_MS + 1000);
    await runDigestJob();
    const afterHour = await digests();
    expect(afterHour.filter((row) => row.channel === 'sms')).toHaveLength(1);
    expect(afterHour.filter((row) => row.channel === 'email')).toHaveLength(2);
    expect(afterHour.at(-1)?.subject).toBe('Έχετε 1 νέο μήνυμα');

    // A day after the first alerts, the day's window has room again.
    clock.advance(22 * HOUR_MS);
    await runDigestJob();
    const afterDay = (await digests()).filter((row) => row.channel === 'sms');
    expect(afterDay).toHaveLength(2);
    expect(afterDay[1]?.body).toContain('Έχετε 3 νέα μηνύματα');
    expect(await mailbox()).toBe(16);
  });

  it('counts the destination too: another citizen on the same mobile shares its cap', async () => {
    const smsBefore = (await alerts()).filter((row) => row.channel === 'sms').length;
    const digestsBefore = (await digests()).length;
    // Maria's number gets two more alerts this hour: its hour (3) is full.
    await t.database.db
      .insertInto('alert_events')
      .values(
        [1, 2].map(() => ({
          user_id: mariaId,
          channel: 'sms' as const,
          recipient: `+30${MOBILE}`,
          at: now(),
        })),
      )
      .execute();
    // Someone else whose certified mobile is the same number is alerted.
    const other = await t.database.db
      .insertInto('users')
      .values({ afm: '100000039', mobile: MOBILE, mobile_certified: true })
      .returning(['id', 'mobile', 'mobile_certified', 'email'])
      .executeTakeFirstOrThrow();
    await t.database.db.transaction().execute((trx) =>
      alertCitizen({ notifier: t.app.notifier, config: t.app.config }, trx, other, {
        sms: 'case_message_sms',
        email: 'case_message_email',
        params: { entity: 'Δήμος Αθηναίων', case_id: 'X-1', url: 'http://localhost/my/messages' },
      }),
    );
    expect((await alerts()).filter((row) => row.channel === 'sms')).toHaveLength(smsBefore);
    const held = await t.database.db
      .selectFrom('alert_digests')
      .select(['channel', 'held'])
      .where('user_id', '=', other.id)
      .execute();
    expect(held).toEqual([{ channel: 'sms', held: 1 }]);
    expect(await digests()).toHaveLength(digestsBefore);
  });
});

describe("an entity's messages to citizens are rate limited (429 event_limit_reached)", () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let athens: string;
  let caseId: string;
  let mariaId: string;

  const sendOne = async (clerk: string, lang = 'el') =>
    api<ErrorBody>('POST', `/api/entity/${athens}/inbox/${caseId}/communications`, {
      token: clerk,
      json: { message: 'Λείπει ένα δικαιολογητικό.' },
      headers: { 'accept-language': lang },
    });

  beforeAll(async () => {
    clock.freeze(new Date('2026-05-04T08:00:00Z'));
    t = await createTestApp({
      env: {
        RATE_LIMIT_MAX: '100000',
        ENTITY_MESSAGES_PER_MINUTE: '3',
        ENTITY_MESSAGES_PER_HOUR: '5',
      },
    });
    api = client(t.app);
    ({ mariaId, athens, caseId } = await setUp(t));
  }, 60_000);
  afterAll(async () => {
    clock.reset();
    await t?.close();
  });

  it('refuses the message past the minute’s limit, and keeps nothing of it', async () => {
    const clerk = await loginStaff(t, CLERK_ATHENS);
    for (let n = 0; n < 3; n += 1) expect((await sendOne(clerk)).status).toBe(201);
    clock.advance(10_000);
    const refused = await api<ErrorBody>(
      'POST',
      `/api/entity/${athens}/inbox/${caseId}/communications`,
      { token: clerk, json: { message: 'Ένα ακόμη.' }, headers: { 'accept-language': 'en' } },
    );
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({
      code: 'event_limit_reached',
      message:
        'Your organisation has sent many messages to citizens in a short time. Please try again shortly.',
      data: { retry_after_seconds: 50 },
    });
    const messages = await t.database.db
      .selectFrom('citizen_messages')
      .select('id')
      .where('owner_id', '=', mariaId)
      .execute();
    expect(messages).toHaveLength(3);
    const caseMessages = await t.database.db
      .selectFrom('case_messages')
      .select('id')
      .where('inbox_entry_id', '=', caseId)
      .execute();
    expect(caseMessages).toHaveLength(3);
  });

  it('answers Retry-After, and then the hour’s limit', async () => {
    const clerk = await loginStaff(t, CLERK_ATHENS);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/entity/${athens}/inbox/${caseId}/communications`,
      headers: { authorization: `Bearer ${clerk}` },
      payload: { message: 'Ένα ακόμη.' },
    });
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('50');

    clock.advance(50_000);
    expect((await sendOne(clerk)).status).toBe(201);
    expect((await sendOne(clerk)).status).toBe(201);
    const hourly = await sendOne(clerk);
    expect(hourly.status).toBe(429);
    expect(hourly.body.error.code).toBe('event_limit_reached');
    // The hour's five: the first three an hour after they were sent, 60 s ago.
    expect(hourly.body.error.data?.retry_after_seconds).toBe(3600 - 60);
    expect(hourly.body.error.message).toBe(
      'Ο φορέας έστειλε πολλά μηνύματα σε πολίτες σε σύντομο διάστημα. Δοκιμάστε ξανά σε λίγο.',
    );
  });
});

describe('both limits hold under concurrent requests (several connections on PostgreSQL)', () => {
  let t: TestApp;

  beforeAll(async () => {
    clock.freeze(new Date('2026-05-04T08:00:00Z'));
    t = await createTestApp({
      env: {
        RATE_LIMIT_MAX: '100000',
        ENTITY_MESSAGES_PER_MINUTE: '4',
        ALERT_SMS_PER_HOUR: '2',
        ALERT_EMAIL_PER_HOUR: '3',
      },
    });
  }, 60_000);
  afterAll(async () => {
    clock.reset();
    await t?.close();
  });

  it('lets exactly the limits through when ten messages race', async () => {
    const { mariaId, athens, caseId } = await setUp(t);
    const clerk = await loginStaff(t, CLERK_ATHENS);
    const api = client(t.app);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        api('POST', `/api/entity/${athens}/inbox/${caseId}/communications`, {
          token: clerk,
          json: { message: `Μήνυμα ${n}` },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(4);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(6);
    const sent = await t.database.db
      .selectFrom('outbox')
      .select('channel')
      .where('message_key', 'in', ['case_message_sms', 'case_message_email'])
      .execute();
    expect(sent.filter((row) => row.channel === 'sms')).toHaveLength(2);
    expect(sent.filter((row) => row.channel === 'email')).toHaveLength(3);
    const held = await t.database.db
      .selectFrom('alert_digests')
      .select(['channel', 'held'])
      .where('user_id', '=', mariaId)
      .orderBy('channel')
      .execute();
    expect(held).toEqual([
      { channel: 'email', held: 1 },
      { channel: 'sms', held: 2 },
    ]);
  });
});

describe('the digest texts', () => {
  it('read the count through CLDR plurals in Greek, English and French', () => {
    const url = 'https://dilosi.example.gr/my/messages';
    expect(renderNotification('alert_digest_sms', 'el', { count: 1, url }).body).toBe(
      `Έχετε 1 νέο μήνυμα στο Dilosi: ${url}`,
    );
    expect(renderNotification('alert_digest_sms', 'en', { count: 7, url }).body).toBe(
      `You have 7 new messages on Dilosi: ${url}`,
    );
    expect(renderNotification('alert_digest_email', 'en', { count: 1, url }).subject).toBe(
      'You have 1 new message',
    );
    expect(renderNotification('alert_digest_email', 'fr', { count: 0, url }).subject).toBe(
      'Vous avez 0 nouveau message',
    );
    expect(renderNotification('alert_digest_sms', 'fr', { count: 2, url }).body).toBe(
      `Vous avez 2 nouveaux messages sur Dilosi : ${url}`,
    );
  });
});
