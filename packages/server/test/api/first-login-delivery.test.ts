import { CITIZEN_MESSAGE_TYPES, type InboxEntriesResponse } from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../fixtures/citizens';
import { client } from '../fixtures/http';
import { issueDocument } from '../fixtures/issue-document';
import {
  Browser,
  codeOf,
  loginThroughIdp,
  startListeningApp,
  type ListeningApp,
} from './auth-browser';

const AUTHOR = '100000015';
/** A demo person who has never logged in when the documents are made. */
const LATECOMER = '100000027';

describe('documents for a person who has no account yet', () => {
  let t: ListeningApp;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    t = await startListeningApp({
      OTP_SENDS_PER_HOUR: '1000',
      OTP_SENDS_PER_DAY: '1000',
      OTP_FAILURES_PER_HOUR: '1000',
    });
    api = client(t.app);
  }, 60_000);
  afterAll(async () => t?.close());

  it('reach them at their first login, once: the addressed one pending, the shared one', async () => {
    const author = await loginAs(t, AUTHOR, { certifiedMobile: '6912345678' });
    const year = new Date().getUTCFullYear();
    const { id: authorisation } = await issueDocument(t, api, author, {
      template: 'authorisation',
      recipient: null,
      steps: [
        {
          authorized_surname: 'Γεωργίου',
          authorized_firstname: 'Νικόλαος',
          authorized_father_name: 'Γεώργιος',
          authorized_afm: LATECOMER,
          authorized_id_number: 'ΑΒ111111',
          authorized_birth_date: `15/02/${year - 30}`,
        },
        {
          purpose: 'να παραλάβει για λογαριασμό μου το πιστοποιητικό',
          recipient: { type: 'entity', codename: 'AADE', name: { el: 'x', en: 'x', fr: 'x' } },
        },
      ],
    });
    const { id: declaration } = await issueDocument(t, api, author, {
      template: 'solemn-declaration',
      steps: [{ statement: 'Δηλώνω ότι μένω στην Αθήνα.' }],
    });
    const shared = await api('POST', `/api/my-declarations/${declaration}/action`, {
      token: author,
      json: {
        action: 'share',
        arguments: {
          targets: [{ type: 'person', firstname: 'Νικόλαος', surname: 'Γεωργίου', afm: LATECOMER }],
        },
      },
    });
    expect(shared.status).toBe(200);
    const before = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('afm', '=', LATECOMER)
      .executeTakeFirst();
    expect(before).toBeUndefined();

    const login = async () => {
      const browser = new Browser(t.baseUrl);
      const { location } = await loginThroughIdp(browser, '/api/login', { afm: LATECOMER });
      const response = await browser.exchange(codeOf(location));
      return ((await response.json()) as { token: string }).token;
    };
    const inbox = async (token: string) =>
      (
        await api<InboxEntriesResponse>('POST', '/api/gates/USER/gate/inbox-entries', {
          token,
          json: { types: [...CITIZEN_MESSAGE_TYPES] },
        })
      ).body.data;
    const token = await login();
    const received = await inbox(token);
    expect(received.map((m) => [m.type, m.document?.id]).sort()).toEqual(
      [
        ['shared-document', declaration],
        ['user-document', authorisation],
      ].sort(),
    );
    expect(received.find((m) => m.type === 'user-document')).toMatchObject({
      state_data: expect.objectContaining({ sender_display_name: 'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ' }),
      document: expect.objectContaining({ answer_state: 'pending' }),
    });
    // A second login delivers nothing again.
    expect(await inbox(await login())).toHaveLength(2);
  });
});
