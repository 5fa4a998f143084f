import { CITIZEN_MESSAGE_TYPES, parseLabResults, type InboxEntriesResponse } from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CITIZEN_AFM, seedDemoMessages } from '../../src/seed/demo-messages';
import { loginAs } from '../fixtures/citizens';
import { client } from '../fixtures/http';
import { createTestApp, type TestApp } from '../helpers';

describe('the demo mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('seeds one message of each kind without a document, once, read, for the demo citizen', async () => {
    expect(await seedDemoMessages(t.database)).toBe(8);
    expect(await seedDemoMessages(t.database)).toBe(0);
    const token = await loginAs(t, DEMO_CITIZEN_AFM, { certifiedMobile: '6912345678' });
    const list = await client(t.app)<InboxEntriesResponse>(
      'POST',
      '/api/gates/USER/gate/inbox-entries',
      {
        token,
        json: { types: [...CITIZEN_MESSAGE_TYPES], status: ['incoming', 'retrieved', 'resolved'] },
      },
    );
    expect(list.status).toBe(200);
    expect(new Set(list.body.data.map((m) => m.type))).toEqual(
      new Set([
        'message',
        'wallet-consent-request',
        'user-application',
        'representative-application',
      ]),
    );
    expect(list.body.meta.counts.incoming).toBe(0);
    const lab = list.body.data.find((m) => m.state_data.lab_results !== undefined);
    expect(parseLabResults(lab?.state_data.lab_results)?.results[0]?.indicators).toHaveLength(4);
    const consents = list.body.data.filter((m) => m.type === 'wallet-consent-request');
    expect(consents.map((m) => m.state_data.resolution ?? null).sort()).toEqual([
      'consent',
      'noconsent',
      null,
      null,
    ]);
    expect(consents.filter((m) => m.status === 'resolved')).toHaveLength(2);
    const expiries = consents
      .map((m) => m.state_data.expiration_timestamp)
      .filter((e): e is string => typeof e === 'string')
      .map((e) => Date.parse(e) > Date.now());
    expect(expiries.sort()).toEqual([false, true]);
  });
});
