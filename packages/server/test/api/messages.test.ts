import type { CitizenMessage, InboxEntriesResponse } from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../fixtures/citizens';
import { seedDemoCaseOf } from '../fixtures/demo-cases';
import { entityId } from '../fixtures/entities';
import { loginStaff } from '../fixtures/staff';
import { client, type ErrorBody } from '../fixtures/http';
import { createTestApp, type TestApp } from '../helpers';

const MARIA = '100000015';
const BOB = '100000027';
const CLERK_ATHENS = '100000052';
const LIST = '/api/gates/USER/gate/inbox-entries';
const ACTION = '/api/gates/USER/gate/inbox-entries/action';

type Entry = { data: CitizenMessage } & ErrorBody;
type List = InboxEntriesResponse & ErrorBody;

describe("the citizen's messages (USER gate)", () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let maria: string;
  let bob: string;
  let clerk: string;
  let mariaId: string;
  let athens: string;
  let mariasCase: string;

  /** The Athens clerk messages Maria about a case, through the real route. */
  async function clerkMessages(text: string) {
    const sent = await api('POST', `/api/entity/${athens}/inbox/${mariasCase}/communications`, {
      token: clerk,
      json: { message: text },
    });
    expect(sent.status).toBe(201);
  }

  /** Messages put straight in a mailbox (types and statuses the API cannot create yet). */
  async function insertMessages(
    ownerId: string,
    count: number,
    fields: { type?: CitizenMessage['type']; status?: CitizenMessage['status'] } = {},
  ) {
    const base = BigInt(Date.now()) * 1000n;
    for (let n = 0; n < count; n += 1) {
      await t.database.db
        .insertInto('citizen_messages')
        .values({
          owner_id: ownerId,
          type: fields.type ?? 'message',
          status: fields.status ?? 'incoming',
          tsid: String(base + BigInt(n) + 500n),
          state_data: JSON.stringify({ summary: `μήνυμα ${n}` }),
          created_at: new Date(),
        })
        .execute();
    }
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MAX: '100000' } });
    api = client(t.app);
    maria = await loginAs(t, MARIA);
    bob = await loginAs(t, BOB);
    clerk = await loginStaff(t, CLERK_ATHENS);
    mariaId = (
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('afm', '=', MARIA)
        .executeTakeFirstOrThrow()
    ).id;
    athens = await entityId(t, 'DIMOS_ATHINAION');
    // A demo case of Athens becomes Maria's (demo cases have no document: matched by AFM).
    mariasCase = await seedDemoCaseOf(t, MARIA, { entityId: athens });
  }, 60_000);
  afterAll(async () => t?.close());

  it('needs a login', async () => {
    expect((await api<ErrorBody>('POST', LIST, { json: {} })).status).toBe(401);
    expect((await api<ErrorBody>('POST', ACTION, { json: { action: 'archive' } })).status).toBe(
      401,
    );
  });

  it('lists a clerk’s message as new, and the poll returns only what came after', async () => {
    const empty = await api<List>('POST', LIST, { token: maria, json: {} });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      data: [],
      meta: { incoming: { next: null }, next: null, counts: { incoming: 0 } },
    });
    await clerkMessages('Λείπει το αποδεικτικό διεύθυνσης.');
    const first = await api<List>('POST', LIST, { token: maria, json: { action: 'list' } });
    expect(first.body.data).toHaveLength(1);
    expect(first.body.data[0]).toMatchObject({
      type: 'message',
      status: 'incoming',
      state_data: {
        summary: 'Λείπει το αποδεικτικό διεύθυνσης.',
        first_retrieved_timestamp: null,
      },
      document: null,
    });
    expect(first.body.meta.counts.incoming).toBe(1);
    const cursor = first.body.meta.incoming.next;
    expect(cursor).toBe(first.body.data[0]?.tsid);

    const nothingNew = await api<List>('POST', LIST, {
      token: maria,
      json: { after: cursor, _t: 1 },
    });
    expect(nothingNew.body.data).toEqual([]);
    expect(nothingNew.body.meta.incoming.next).toBe(cursor);

    await clerkMessages('Ευχαριστούμε, παραλάβαμε το αποδεικτικό.');
    const polled = await api<List>('POST', LIST, { token: maria, json: { after: cursor } });
    expect(polled.body.data.map((m) => m.state_data.summary)).toEqual([
      'Ευχαριστούμε, παραλάβαμε το αποδεικτικό.',
    ]);
    expect(BigInt(polled.body.meta.incoming.next ?? '0')).toBeGreaterThan(BigInt(cursor ?? '0'));
    expect(polled.body.meta.counts.incoming).toBe(2);
  });

  it('shows a person only their own messages', async () => {
    const mine = await api<List>('POST', LIST, { token: maria, json: {} });
    const target = mine.body.data[0]?.id ?? '';
    const others = await api<List>('POST', LIST, { token: bob, json: {} });
    expect(others.body.data.map((m) => m.id)).not.toContain(target);
    for (const action of ['retrieve', 'archive', 'unarchive'] as const) {
      const refused = await api<Entry>('POST', ACTION, {
        token: bob,
        json: { action, object_id: target },
      });
      expect(refused.status).toBe(404);
      expect(refused.body.error.code).toBe('citizen_message_not_found');
    }
  });

  it('opens, archives and unarchives through the message machine', async () => {
    const list = await api<List>('POST', LIST, { token: maria, json: {} });
    const id = list.body.data.at(-1)?.id ?? '';
    const act = (action: string, body: Record<string, unknown> = { object_id: id }) =>
      api<Entry>('POST', ACTION, { token: maria, json: { action, ...body } });

    const tooEarly = await act('archive');
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body.error.code).toBe('action_not_allowed_on_state');

    const opened = await act('retrieve');
    expect(opened.status).toBe(200);
    expect(opened.body.data.status).toBe('retrieved');
    const firstTime = opened.body.data.state_data.first_retrieved_timestamp;
    expect(firstTime).toMatch(/^\d{4}-\d\d-\d\dT/);
    const again = await act('retrieve');
    expect(again.body.data.state_data.first_retrieved_timestamp).toBe(firstTime);

    const archived = await act('archive', { arguments: { object_id: id } });
    expect(archived.body.data.status).toBe('archived');
    const current = await api<List>('POST', LIST, { token: maria, json: {} });
    expect(current.body.data.map((m) => m.id)).not.toContain(id);
    const archive = await api<List>('POST', LIST, {
      token: maria,
      json: { status: ['archived'] },
    });
    expect(archive.body.data.map((m) => m.id)).toEqual([id]);
    // Reading an archived message leaves it archived.
    expect((await act('retrieve')).body.data.status).toBe('archived');

    const back = await act('unarchive');
    expect(back.body.data.status).toBe('retrieved');
    expect((await act('unarchive')).status).toBe(409);
  });

  it('pages archived messages by five, then by the before cursor', async () => {
    await insertMessages(mariaId, 7, { status: 'archived' });
    const page1 = await api<List>('POST', LIST, { token: maria, json: { status: ['archived'] } });
    expect(page1.body.data).toHaveLength(5);
    const tsids = page1.body.data.map((m) => BigInt(m.tsid));
    expect([...tsids].sort((a, b) => (a > b ? -1 : 1))).toEqual(tsids);
    expect(page1.body.meta.next).toBe(page1.body.data.at(-1)?.tsid);
    const page2 = await api<List>('POST', LIST, {
      token: maria,
      json: { status: ['archived'], before: page1.body.meta.next },
    });
    expect(page2.body.data).toHaveLength(2);
    expect(page2.body.meta.next).toBeNull();
  });

  it('lists the default types unless others are asked for', async () => {
    await insertMessages(mariaId, 1, { type: 'shared-document' });
    const plain = await api<List>('POST', LIST, { token: maria, json: {} });
    expect(plain.body.data.every((m) => m.type === 'message')).toBe(true);
    const shared = await api<List>('POST', LIST, {
      token: maria,
      json: { types: ['shared-document'] },
    });
    expect(shared.body.data.map((m) => m.type)).toEqual(['shared-document']);
  });

  it('answers 400, never 500, to malformed requests', async () => {
    const bodies: unknown[] = [
      { types: ['bogus'] },
      { status: ['deleted'] },
      { after: 'abc' },
      { before: '1'.repeat(40) },
      { limit: 0 },
      { limit: 10_000 },
      { types: 'message' },
    ];
    for (const json of bodies) {
      const answer = await api<ErrorBody>('POST', LIST, { token: maria, json });
      expect(answer.status, JSON.stringify(json)).toBe(400);
    }
    const noId = await api<ErrorBody>('POST', ACTION, {
      token: maria,
      json: { action: 'archive' },
    });
    expect(noId.status).toBe(400);
    const badAction = await api<ErrorBody>('POST', ACTION, {
      token: maria,
      json: { action: 'delete', object_id: 'x' },
    });
    expect(badAction.status).toBe(400);
    const notUuid = await api<ErrorBody>('POST', ACTION, {
      token: maria,
      json: { action: 'retrieve', object_id: 'not-a-uuid' },
    });
    expect(notUuid.status).toBe(404);
  });
});
