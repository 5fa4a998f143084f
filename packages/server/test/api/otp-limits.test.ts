import crypto from 'node:crypto';
import type { ApiDocument, Recipient } from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { clock } from '../../src/clock';
import { openDatabase, type Database } from '../../src/db/database';
import { migrate } from '../../src/db/migrate';
import { purgeExpiredDocuments } from '../../src/modules/issuance';
import { seedDemoData } from '../../src/seed/seed-demo-data';
import { loginAs } from '../fixtures/citizens';
import { client, type ErrorBody } from '../fixtures/http';
import { createTestDatabase, testConfig } from '../helpers';

/**
 * SMS-code limits across documents, per citizen and per mobile number (docs/issuance.md,
 * "Limits"): the answer to the outside probe that guessed 100 codes over 20 documents.
 */

const ENV = {
  RATE_LIMIT_MAX: '100000',
  CAPTCHA_MAX_NUMBER: '1000',
  OTP_SENDS_PER_HOUR: '6',
  OTP_SENDS_PER_DAY: '10',
  OTP_FAILURES_PER_HOUR: '10',
  // The clock moves by hours and days here; sessions must outlive it.
  SESSION_IDLE_SECONDS: '604800',
  SESSION_TTL_SECONDS: '604800',
};
const EFKA: Recipient = { type: 'entity', codename: 'EFKA', name: { el: 'x', en: 'x', fr: 'x' } };
const HOUR_MS = 3_600_000;

type DocumentAnswer = { data: { document: ApiDocument } };
type Answer = { status: number; body: DocumentAnswer & ErrorBody };

/**
 * Two API processes on one database: two apps, each with its own connection pool on PostgreSQL
 * (TEST_DATABASE_URL), or sharing the one in-memory PGlite.
 */
async function twoApps(): Promise<{
  apps: [FastifyInstance, FastifyInstance];
  database: Database;
  close(): Promise<void>;
}> {
  const url = process.env.TEST_DATABASE_URL;
  const config = testConfig(ENV);
  if (!url) {
    const database = await createTestDatabase({ migrated: true });
    await migrate(database);
    await seedDemoData(database);
    const apps = [
      await buildApp({ config, database, logger: false }),
      await buildApp({ config, database, logger: false }),
    ] as [FastifyInstance, FastifyInstance];
    return {
      apps,
      database,
      close: async () => {
        await Promise.all(apps.map((app) => app.close()));
        await database.drop();
      },
    };
  }
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const open = () => openDatabase({ kind: 'postgres', connectionString: url, schema, poolSize: 4 });
  const databases = [await open(), await open()] as const;
  await migrate(databases[0]);
  await seedDemoData(databases[0]);
  const apps = [
    await buildApp({ config, database: databases[0], logger: false }),
    await buildApp({ config, database: databases[1], logger: false }),
  ] as [FastifyInstance, FastifyInstance];
  return {
    apps,
    database: databases[0],
    close: async () => {
      await Promise.all(apps.map((app) => app.close()));
      await Promise.all(databases.map((database) => database.close()));
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query(`drop schema if exists ${schema} cascade`);
        await admin.query(`drop schema if exists ${schema}_pgboss cascade`);
      } finally {
        await admin.end();
      }
    },
  };
}

describe('SMS-code limits per citizen and per mobile number', () => {
  let apps: [FastifyInstance, FastifyInstance];
  let database: Database;
  let close: () => Promise<void>;
  let session: (afm: string, certifiedMobile: string) => Promise<string>;

  beforeAll(async () => {
    ({ apps, database, close } = await twoApps());
    session = (afm, certifiedMobile) =>
      loginAs({ app: apps[0], database }, afm, { certifiedMobile });
  });
  afterAll(async () => {
    await close();
  });
  afterEach(async () => {
    clock.reset();
    // Each test starts with nothing counted.
    await database.db.deleteFrom('otp_limit_events').execute();
  });

  /** The citizen's side of issuance, through one of the two apps. */
  const driver = (app: FastifyInstance) => {
    const api = client(app);
    const update = (token: string, id: string, statements: object, extra = {}, lang = 'el') =>
      api<DocumentAnswer & ErrorBody>('POST', `/api/my-declarations/${id}?lang=${lang}`, {
        token,
        json: { document: { statements }, ...extra },
      }) as Promise<Answer>;
    return {
      async atPreview(token: string) {
        const created = await api<DocumentAnswer>('POST', '/api/my-declarations/', {
          token,
          json: { document: { template: 'solemn-declaration', statements: {} } },
        });
        expect(created.status).toBe(201);
        const { id } = created.body.data.document;
        expect((await update(token, id, { statement: 'Όλα αληθή.' })).status).toBe(200);
        const preview = await update(token, id, { recipient: EFKA });
        expect(preview.body.data.document.step_name).toBe('preview');
        return id;
      },
      submit: (token: string, id: string, lang?: string) =>
        update(token, id, {}, { action: 'submit' }, lang),
      confirm: (token: string, id: string, code: string, lang?: string) =>
        update(token, id, { otp_code: code }, {}, lang),
      resend: (token: string, id: string) =>
        api<ErrorBody>('POST', `/api/my-declarations/${id}/action`, {
          token,
          json: { action: 'resend_otp' },
        }),
    };
  };
  const d = () => driver(apps[0]);

  /** The code of a document's SMS, read from the outbox like the phone would. */
  const smsCode = async (documentId: string) => {
    const row = await database.db
      .selectFrom('outbox')
      .select('body')
      .where('document_id', '=', documentId)
      .where('message_key', '=', 'otp_sms')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    return /\b(\d{6})\b/.exec(row.body)?.[1] ?? '';
  };
  const wrongCode = async (documentId: string) =>
    (await smsCode(documentId)) === '000000' ? '000001' : '000000';
  const smsTo = async (recipient: string) => {
    const { count } = await database.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('recipient', '=', recipient)
      .where('message_key', '=', 'otp_sms')
      .executeTakeFirstOrThrow();
    return Number(count);
  };
  const fieldError = (body: ErrorBody) =>
    (
      body.error.data?.invalid_fields as
        { invalid_field: string; error_info: { code: string; message: string } }[] | undefined
    )?.find((entry) => entry.invalid_field === 'otp_code')?.error_info;

  it('replays the 20-documents attack: guesses stop at the hourly limit, SMS at the send limit, for the number too', async () => {
    clock.freeze(new Date('2026-03-02T08:00:00Z'));
    const victim = '+306911111111';
    const attacker = await session('100000015', '6911111111');
    const before = await smsTo(victim);

    const submits: Answer[] = [];
    const guesses: Answer[] = [];
    const requested: string[] = [];
    for (let index = 0; index < 20; index += 1) {
      const id = await d().atPreview(attacker);
      const submitted = await d().submit(attacker, id);
      submits.push(submitted);
      if (submitted.status !== 200) continue;
      requested.push(id);
      const wrong = await wrongCode(id);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        guesses.push(await d().confirm(attacker, id, wrong));
      }
    }

    // SMS: OTP_SENDS_PER_HOUR codes, then 429 otp_already_sent with the wait.
    expect(submits.filter((answer) => answer.status === 200)).toHaveLength(6);
    expect(await smsTo(victim)).toBe(before + 6);
    const refusedSend = submits[6];
    expect(refusedSend?.status).toBe(429);
    expect(refusedSend?.body.error).toMatchObject({
      code: 'otp_already_sent',
      data: { retry_after_seconds: 3600 },
      message:
        'Έχουν ήδη σταλεί κωδικοί επιβεβαίωσης στο κινητό σας. Μπορείτε να ζητήσετε νέο κωδικό σε 1 ώρα.',
    });
    for (const answer of submits.slice(6)) expect(answer.body.error.code).toBe('otp_already_sent');

    // Guesses: OTP_FAILURES_PER_HOUR wrong codes over all documents, then otp_max_attempts.
    expect(guesses).toHaveLength(30);
    expect(guesses.slice(0, 10).map((answer) => answer.body.error.code)).toEqual(
      Array(10).fill('otp_invalid'),
    );
    for (const answer of guesses.slice(10)) {
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({
        code: 'otp_max_attempts',
        data: { retry_after_seconds: 3600 },
        message: 'Πάρα πολλοί λανθασμένοι κωδικοί επιβεβαίωσης. Δοκιμάστε ξανά σε 1 ώρα.',
      });
      expect(fieldError(answer.body)).toMatchObject({
        code: 'otp_max_attempts',
        message: 'Πάρα πολλοί λανθασμένοι κωδικοί επιβεβαίωσης. Δοκιμάστε ξανά σε 1 ώρα.',
      });
    }
    // Blocked means no code is checked, not even the right one; nothing was issued.
    const third = requested[2] ?? '';
    const right = await d().confirm(attacker, third, await smsCode(third));
    expect(right.body.error.code).toBe('otp_max_attempts');
    const issued = await database.db
      .selectFrom('documents')
      .select('id')
      .where('id', 'in', requested)
      .where('state', '=', 'issued')
      .execute();
    expect(issued).toHaveLength(0);
    // The blocked tries took no attempt of their document.
    const attempts = await database.db
      .selectFrom('otp_challenges')
      .select('attempts')
      .where('document_id', '=', third)
      .executeTakeFirstOrThrow();
    expect(attempts.attempts).toBe(0);

    // Another citizen with the same number (written otherwise) shares its limit.
    const relative = await session('100000052', '+30 691 111 1111');
    const theirs = await d().atPreview(relative);
    const refused = await d().submit(relative, theirs, 'en');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({
      code: 'otp_already_sent',
      data: { retry_after_seconds: 3600 },
      message:
        'Confirmation codes have already been sent to your mobile. You can ask for a new code in 1 hour.',
    });
    expect(await smsTo(victim)).toBe(before + 6);

    // One second before the hour is up: still refused; at the hour, it works again.
    clock.advance(HOUR_MS - 1000);
    const almost = await d().submit(relative, theirs);
    expect(almost.body.error).toMatchObject({
      code: 'otp_already_sent',
      data: { retry_after_seconds: 1 },
    });
    clock.advance(1000);
    const sent = await d().submit(relative, theirs);
    expect(sent.status).toBe(200);
    const issuedNow = await d().confirm(relative, theirs, await smsCode(theirs));
    expect(issuedNow.status).toBe(200);
    expect(issuedNow.body.data.document.state).toBe('issued');

    // The attacker's own fresh document, with the right code, under the limits again.
    const fresh = await d().atPreview(attacker);
    expect((await d().submit(attacker, fresh)).status).toBe(200);
    const own = await d().confirm(attacker, fresh, await smsCode(fresh));
    expect(own.status).toBe(200);
    expect(await smsTo(victim)).toBe(before + 8);
  });

  it('limits wrong codes per mobile number, whoever enters them', async () => {
    clock.freeze(new Date('2026-03-03T08:00:00Z'));
    const first = await session('100000027', '6922222222');
    const second = await session('100000039', '6922222222');
    for (let index = 0; index < 2; index += 1) {
      const id = await d().atPreview(first);
      expect((await d().submit(first, id)).status).toBe(200);
      const wrong = await wrongCode(id);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await d().confirm(first, id, wrong)).body.error.code).toBe('otp_invalid');
      }
    }
    clock.advance(20 * 60_000);
    // Sending is still allowed (3 of 6 codes this hour); checking is not, for 40 minutes.
    const id = await d().atPreview(second);
    expect((await d().submit(second, id)).status).toBe(200);
    const blocked = await d().confirm(second, id, await smsCode(id), 'fr');
    expect(blocked.body.error).toMatchObject({
      code: 'otp_max_attempts',
      data: { retry_after_seconds: 2400 },
      message: 'Trop de codes de confirmation erronés. Réessayez dans 40 minutes.',
    });
    clock.advance(40 * 60_000);
    // The code itself expired meanwhile: a new one, then the right code issues.
    expect((await d().resend(second, id)).status).toBe(200);
    const issued = await d().confirm(second, id, await smsCode(id));
    expect(issued.status).toBe(200);
  });

  it('limits codes per day, then forgets them: the retention job purges day-old counts', async () => {
    clock.freeze(new Date('2026-03-04T08:00:00Z'));
    const citizen = await session('100000076', '6933333333');
    const send = async () => {
      const id = await d().atPreview(citizen);
      return d().submit(citizen, id, 'en');
    };
    for (let index = 0; index < 6; index += 1) expect((await send()).status).toBe(200);
    expect((await send()).body.error.data).toMatchObject({ retry_after_seconds: 3600 });
    clock.advance(HOUR_MS);
    for (let index = 0; index < 4; index += 1) expect((await send()).status).toBe(200);
    // OTP_SENDS_PER_DAY (10) reached: the first six leave the day window in 23 hours.
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({
      code: 'otp_already_sent',
      data: { retry_after_seconds: 23 * 3600 },
      message:
        'Confirmation codes have already been sent to your mobile. You can ask for a new code in 23 hours.',
    });
    expect(await smsTo('+306933333333')).toBe(10);

    clock.advance(23 * HOUR_MS);
    expect((await send()).status).toBe(200);

    const counted = async () =>
      (
        await database.db
          .selectFrom('otp_limit_events')
          .select('id')
          .where('mobile', '=', '+306933333333')
          .execute()
      ).length;
    expect(await counted()).toBe(11);
    clock.advance(HOUR_MS);
    const summary = await purgeExpiredDocuments(database, testConfig(ENV));
    // The six of the first hour are a day old (and one more hour): gone; the rest still count.
    expect(summary.otpLimitEvents).toBe(6);
    expect(await counted()).toBe(5);
  });

  it('counts exactly with two API processes sending and checking at once', async () => {
    const citizen = await session('100000064', '6944444444');
    // Sends: ten documents submitted at once through both apps, six codes go out.
    const ids = await Promise.all(Array.from({ length: 10 }, () => d().atPreview(citizen)));
    const submits = await Promise.all(
      ids.map((id, index) => driver(index % 2 === 0 ? apps[0] : apps[1]).submit(citizen, id)),
    );
    expect(submits.filter((answer) => answer.status === 200)).toHaveLength(6);
    expect(submits.filter((answer) => answer.status === 429)).toHaveLength(4);
    expect(await smsTo('+306944444444')).toBe(6);

    // Checks: three documents × five wrong codes at once, ten are counted, five refused.
    const requested = ids.filter((_, index) => submits[index]?.status === 200).slice(0, 3);
    const tries = await Promise.all(
      requested.flatMap((id) =>
        Array.from({ length: 5 }, async (_, index) =>
          driver(index % 2 === 0 ? apps[0] : apps[1]).confirm(citizen, id, await wrongCode(id)),
        ),
      ),
    );
    const codes = tries.map((answer) => answer.body.error.code);
    expect(codes.filter((code) => code === 'otp_invalid')).toHaveLength(10);
    expect(codes.filter((code) => code === 'otp_max_attempts')).toHaveLength(5);
    const failures = await database.db
      .selectFrom('otp_limit_events')
      .select('id')
      .where('mobile', '=', '+306944444444')
      .where('kind', '=', 'failed')
      .execute();
    expect(failures).toHaveLength(10);
  });
});
