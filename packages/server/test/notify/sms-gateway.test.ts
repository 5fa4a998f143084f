import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clock } from '../../src/clock';
import { retryDelayMs, type Notifier } from '../../src/notify';
import {
  createNotifyDatabase,
  otpSms,
  outboxRows,
  testNotifier,
  type TestDatabase,
} from './notify-helpers';

type GatewayRequest = {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
};

/** A stand-in SMS gateway: records each request, answers what the test sets. */
async function startGateway() {
  const requests: GatewayRequest[] = [];
  const reply = {
    status: 200,
    body: '{"id":"gw-1","status":"accepted"}',
    type: 'application/json',
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(reply.status, { 'content-type': reply.type }).end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1/messages`,
    requests,
    reply,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('SMS through the HTTP gateway', () => {
  let database: TestDatabase;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  let notifier: Notifier;
  beforeAll(async () => {
    database = await createNotifyDatabase();
    gateway = await startGateway();
    notifier = testNotifier(database, {
      SMS_GATEWAY_URL: gateway.url,
      SMS_GATEWAY_TOKEN: 'test-token-123',
      NOTIFY_MAX_ATTEMPTS: '3',
    });
  });
  afterAll(async () => {
    await notifier.close();
    await gateway.close();
    await database.drop();
  });
  beforeEach(async () => {
    await database.db.deleteFrom('outbox').execute();
    gateway.requests.length = 0;
    Object.assign(gateway.reply, {
      status: 200,
      body: '{"id":"gw-1","status":"accepted"}',
      type: 'application/json',
    });
  });
  afterEach(() => clock.reset());

  it('POSTs {to, text, sender} as JSON with the bearer token and keeps the gateway’s id', async () => {
    await notifier.enqueue(otpSms('6912345678'));
    expect(await notifier.deliverPending()).toEqual({ sent: 1, retrying: 0, failed: 0 });

    expect(gateway.requests).toHaveLength(1);
    const [request] = gateway.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v1/messages');
    expect(request?.headers.authorization).toBe('Bearer test-token-123');
    expect(request?.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      to: '+306912345678',
      text: 'Ο κωδικός επιβεβαίωσης για το έγγραφό σας είναι 482913. Ισχύει για 5 λεπτά.',
      sender: 'Dilosi',
    });
    const [row] = await outboxRows(database);
    expect(row).toMatchObject({
      status: 'sent',
      provider: 'sms-gateway',
      provider_message_id: 'gw-1',
      attempts: 1,
    });
  });

  it('accepts a 2xx without JSON', async () => {
    Object.assign(gateway.reply, { status: 202, body: 'OK', type: 'text/plain' });
    await notifier.enqueue({ ...otpSms(), locale: 'en' });
    expect(await notifier.deliverPending()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const [row] = await outboxRows(database);
    expect(row).toMatchObject({ status: 'sent', provider_message_id: null });
    expect(JSON.parse(gateway.requests[0]?.body ?? '').text).toBe(
      'The confirmation code for your document is 482913. It is valid for 5 minutes.',
    );
  });

  it('retries after a 500, and sends once the gateway recovers', async () => {
    Object.assign(gateway.reply, { status: 500, body: 'gateway down', type: 'text/plain' });
    const { id } = await notifier.enqueue(otpSms());
    expect(await notifier.deliverPending()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const row = () =>
      database.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(await row()).toMatchObject({
      status: 'queued',
      attempts: 1,
      last_error: 'HTTP 500: gateway down',
    });
    // Not before the backoff.
    expect(await notifier.deliverPending()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(gateway.requests).toHaveLength(1);

    Object.assign(gateway.reply, { status: 200, body: '{"id":42}', type: 'application/json' });
    clock.advance(retryDelayMs(1));
    expect(await notifier.deliverPending()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await row()).toMatchObject({
      status: 'sent',
      attempts: 2,
      last_error: null,
      provider_message_id: '42',
    });
    expect(gateway.requests).toHaveLength(2);
  });

  it('fails for good after NOTIFY_MAX_ATTEMPTS', async () => {
    Object.assign(gateway.reply, { status: 401, body: '{"error":"bad token"}' });
    const { id } = await notifier.enqueue(otpSms());
    expect(await notifier.deliverPending()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    clock.advance(retryDelayMs(1));
    expect(await notifier.deliverPending()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    clock.advance(retryDelayMs(2));
    expect(await notifier.deliverPending()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    const row = await database.db
      .selectFrom('outbox')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 3,
      last_error: 'HTTP 401: {"error":"bad token"}',
    });
    clock.advance(retryDelayMs(3));
    expect(await notifier.deliverPending()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(gateway.requests).toHaveLength(3);
  });

  it('sends without an Authorization header when no token is set, from SMS_SENDER', async () => {
    const bare = testNotifier(database, { SMS_GATEWAY_URL: gateway.url, SMS_SENDER: 'GOV.GR' });
    try {
      await bare.enqueue(otpSms('+306998765432'));
      await bare.deliverPending();
    } finally {
      await bare.close();
    }
    expect(gateway.requests[0]?.headers.authorization).toBeUndefined();
    expect(JSON.parse(gateway.requests[0]?.body ?? '')).toMatchObject({
      to: '+306998765432',
      sender: 'GOV.GR',
    });
  });
});
