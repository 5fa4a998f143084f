import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { pageMetaSchema } from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../src/clock';
import { devOutboxRoutes, type Notifier } from '../../src/notify';
import { registerErrorHandling } from '../../src/plugins/errors';
import { EXTERNAL_LOGINS, testConfig } from '../helpers';
import {
  createNotifyDatabase,
  documentEmail,
  otpSms,
  testNotifier,
  type TestDatabase,
} from './notify-helpers';

/** The route as app.ts registers it: under /api, with the app's error handling. */
async function buildOutboxApp(notifier: Notifier, devel: boolean): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app, { spaFallback: () => false });
  const config = testConfig({ DEVEL: String(devel), ...EXTERNAL_LOGINS });
  await app.register(async (api) => devOutboxRoutes(api, { config, notifier }), {
    prefix: '/api',
  });
  await app.ready();
  return app;
}

describe('GET /api/dev/outbox', () => {
  let database: TestDatabase;
  let notifier: Notifier;
  let ids: string[];
  beforeAll(async () => {
    database = await createNotifyDatabase();
    notifier = testNotifier(database);
    clock.freeze(new Date('2026-03-02T10:00:00Z'));
    ids = [];
    for (let i = 0; i < 3; i += 1) {
      ids.push((await notifier.enqueue(otpSms(`69123456${70 + i}`))).id);
      clock.advance(1_000);
    }
    ids.push((await notifier.enqueue({ ...documentEmail(), documentId: ids[0] })).id);
    await notifier.deliverPending();
  });
  afterAll(async () => {
    clock.reset();
    await notifier.close();
    await database.drop();
  });

  it('lists the messages newest first with the paging meta', async () => {
    const app = await buildOutboxApp(notifier, true);
    try {
      const response = await app.inject({ method: 'GET', url: '/api/dev/outbox?limit=2' });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(pageMetaSchema.parse(body.meta)).toEqual({
        count: 4,
        limit: 2,
        offset: 0,
        total_pages: 2,
      });
      expect(body.data.map((row: { id: string }) => row.id)).toEqual([ids[3], ids[2]]);
      expect(body.data[0]).toEqual({
        id: ids[3],
        channel: 'email',
        recipient: 'maria@example.gr',
        message_key: 'document_email',
        locale: 'el',
        subject: 'Το έγγραφό σας: Υπεύθυνη δήλωση (ABCD-EFGH-JKLM)',
        body: expect.stringContaining('https://dilosi.example.gr/d/ABCD-EFGH-JKLM'),
        status: 'sent',
        attempts: 1,
        last_error: null,
        provider: 'outbox',
        document_id: ids[0],
        created_at: '2026-03-02T10:00:03.000Z',
        sent_at: '2026-03-02T10:00:03.000Z',
      });
      expect(body.data[1]).toMatchObject({
        channel: 'sms',
        recipient: '+306912345672',
        subject: null,
        body: 'Ο κωδικός επιβεβαίωσης για το έγγραφό σας είναι 482913. Ισχύει για 5 λεπτά.',
      });

      const page2 = await app.inject({ method: 'GET', url: '/api/dev/outbox?limit=2&offset=2' });
      expect(page2.json().data.map((row: { id: string }) => row.id)).toEqual([ids[1], ids[0]]);
    } finally {
      await app.close();
    }
  });

  it('filters by channel and refuses bad paging', async () => {
    const app = await buildOutboxApp(notifier, true);
    try {
      const sms = await app.inject({ method: 'GET', url: '/api/dev/outbox?channel=sms' });
      expect(sms.json().meta.count).toBe(3);
      expect(sms.json().data.every((row: { channel: string }) => row.channel === 'sms')).toBe(true);
      const bad = await app.inject({ method: 'GET', url: '/api/dev/outbox?limit=0' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.code).toBe('invalid_request');
      const fax = await app.inject({ method: 'GET', url: '/api/dev/outbox?channel=fax' });
      expect(fax.statusCode).toBe(400);
    } finally {
      await app.close();
    }
  });

  it('does not exist when DEVEL is off', async () => {
    const app = await buildOutboxApp(notifier, false);
    try {
      const response = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: { code: 'route_not_found', message: 'Η διεύθυνση που ζητήσατε δεν υπάρχει.' },
        errors: [
          { code: 'route_not_found', message: 'Η διεύθυνση που ζητήσατε δεν υπάρχει.', meta: {} },
        ],
        'user-message': {
          el: 'Η διεύθυνση που ζητήσατε δεν υπάρχει.',
          en: 'The address you asked for does not exist.',
        },
      });
    } finally {
      await app.close();
    }
  });
});
