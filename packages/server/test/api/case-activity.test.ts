import { jobContext } from '../../src/job-registry';
import type { ApiDocument, InboxList } from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../src/clock';
import { alertDigestsJob } from '../../src/modules/messages';
import { entityId } from '../fixtures/entities';
import type { client, ErrorBody } from '../fixtures/http';
import { openCaseAtAthens } from '../fixtures/issued-documents';
import {
  expectMatrix,
  MATRIX_AFM,
  MATRIX_CALLERS,
  startMatrixApp,
  type Caller,
  type MatrixRoute,
} from '../fixtures/matrix';
import { loginStaff } from '../fixtures/staff';
import type { TestApp } from '../helpers';

/** Two more clerks of Athens for the alert choices: one a daily digest, one none. */
const DIGEST_AFM = '100000090';
const NONE_AFM = '100000088';
const MAIL = {
  clerkA: 'clerk.a@athens.test',
  digest: 'digest.clerk@athens.test',
  none: 'none.clerk@athens.test',
  entity: 'protokollo@athens.demo.gov.gr',
};
const SECOND = 1000;

type Who = Caller | 'digestClerk' | 'noneClerk';
type Preference = { data: { mode: string; email: string | null } } & ErrorBody;

describe('staff are told of new activity (issue #33)', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let tokens: Record<Who, string | undefined>;
  let athens: string;

  const list = (who: Who, query = '') =>
    api<InboxList & ErrorBody>('GET', `/api/entity/${athens}/inbox?limit=100${query}`, {
      token: tokens[who],
    });
  /** Whether the case shows new activity to `who` in the list. */
  const isNew = async (who: Who, caseNumber: string) => {
    const answer = await list(who, `&case=${encodeURIComponent(caseNumber)}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toHaveLength(1);
    return answer.body.data[0]?.new_activity;
  };
  const open = async (who: Who, caseId: string) => {
    clock.advance(SECOND);
    const opened = await api('GET', `/api/entity/${athens}/inbox/${caseId}`, {
      token: tokens[who],
    });
    expect(opened.status).toBe(200);
    clock.advance(SECOND);
  };
  const choose = (who: Who, mode: unknown) =>
    api<Preference>('PUT', `/api/entity/${athens}/alert-preference`, {
      token: tokens[who],
      json: { mode },
    });
  const mails = (key: string) =>
    t.database.db
      .selectFrom('outbox')
      .select(['recipient', 'params', 'subject', 'body'])
      .where('message_key', '=', key)
      .orderBy('created_at')
      .execute();
  const mailsAbout = async (key: string, caseNumber: string) =>
    (await mails(key))
      .filter((m) => (m.params as { case_id?: string }).case_id === caseNumber)
      .map((m) => m.recipient)
      .sort();

  beforeAll(async () => {
    const started = await startMatrixApp();
    ({ t, api } = started);
    athens = await entityId(t, 'DIMOS_ATHINAION');
    const users = await t.database.db
      .selectFrom('users')
      .select(['id', 'afm'])
      .where('afm', 'in', [DIGEST_AFM, NONE_AFM, MATRIX_AFM.clerkA])
      .execute();
    const idOf = (afm: string) => users.find((u) => u.afm === afm)?.id ?? '';
    const at = new Date();
    for (const afm of [DIGEST_AFM, NONE_AFM]) {
      await t.database.db
        .insertInto('permissions')
        .values({
          user_id: idOf(afm),
          entity_id: athens,
          role: 'clerk',
          state: 'active',
          requested_by: null,
          decided_by: null,
          reason: null,
          created_at: at,
          decided_at: at,
          updated_at: at,
        })
        .execute();
    }
    for (const [afm, email] of [
      [MATRIX_AFM.clerkA, MAIL.clerkA],
      [DIGEST_AFM, MAIL.digest],
      [NONE_AFM, MAIL.none],
    ] as const) {
      await t.database.db.updateTable('users').set({ email }).where('id', '=', idOf(afm)).execute();
    }
    tokens = {
      ...started.tokens,
      digestClerk: await loginStaff(t, DIGEST_AFM),
      noneClerk: await loginStaff(t, NONE_AFM),
    };
  }, 60_000);
  afterAll(async () => {
    clock.reset();
    await t?.close();
  });

  it('keeps each staff member’s own alert choice; a bad one is a 400', async () => {
    const before = await api<Preference>('GET', `/api/entity/${athens}/alert-preference`, {
      token: tokens.clerkA,
    });
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual({ mode: 'none', email: MAIL.clerkA });
    expect((await choose('clerkA', 'each')).body.data.mode).toBe('each');
    expect((await choose('digestClerk', 'digest')).body.data.mode).toBe('digest');
    expect((await choose('noneClerk', 'none')).body.data.mode).toBe('none');
    // Her own, not the head's.
    const head = await api<Preference>('GET', `/api/entity/${athens}/alert-preference`, {
      token: tokens.headA,
    });
    expect(head.body.data.mode).toBe('none');
    for (const bad of ['weekly', '', 3, null]) {
      const refused = await choose('clerkA', bad);
      expect(refused.status, String(bad)).toBe(400);
      expect(refused.body.error.code).toBe('invalid_request');
    }
    const noBody = await api<ErrorBody>('PUT', `/api/entity/${athens}/alert-preference`, {
      token: tokens.clerkA,
    });
    expect(noBody.status).toBe(400);
    const after = await api<Preference>('GET', `/api/entity/${athens}/alert-preference`, {
      token: tokens.clerkA,
    });
    expect(after.body.data.mode).toBe('each');
  });

  it('marks a new case until the clerk opens it; a colleague’s action marks it again for her only', async () => {
    clock.advance(SECOND);
    const { caseId, caseNumber } = await openCaseAtAthens(t, api, tokens.citizenA);
    expect(await isNew('clerkA', caseNumber)).toBe(true);
    expect(await isNew('headA', caseNumber)).toBe(true);

    await open('clerkA', caseId);
    expect(await isNew('clerkA', caseNumber)).toBe(false);
    expect(await isNew('headA', caseNumber)).toBe(true);

    await open('headA', caseId);
    const note = await api('POST', `/api/entity/${athens}/inbox/${caseId}/comments`, {
      token: tokens.headA,
      json: { comment: 'Να ελεγχθεί η διεύθυνση.' },
    });
    expect(note.status).toBe(201);
    expect(await isNew('clerkA', caseNumber)).toBe(true);
    expect(await isNew('headA', caseNumber)).toBe(false);

    // Her own action is nothing new to her; it is to the head.
    await open('clerkA', caseId);
    const assigned = await api('POST', `/api/entity/${athens}/inbox/${caseId}/change_state`, {
      token: tokens.clerkA,
      json: { state: 'pending' },
    });
    expect(assigned.status).toBe(200);
    expect(await isNew('clerkA', caseNumber)).toBe(false);
    expect(await isNew('headA', caseNumber)).toBe(true);

    // The new case reached the entity's address and the clerk who chose each event, nobody else.
    expect(await mailsAbout('entity_new_case_email', caseNumber)).toEqual(
      [MAIL.clerkA, MAIL.entity].sort(),
    );
  });

  it('a citizen’s answer marks the case and e-mails the entity and each-event staff', async () => {
    const { caseId, caseNumber } = await openCaseAtAthens(t, api, tokens.citizenA);
    // The clerk replies (issue without a code); the citizen answers the reply.
    const started = await api<{ data: { document: ApiDocument } }>(
      'POST',
      `/api/entity/${athens}/inbox/${caseId}/reply`,
      { token: tokens.clerkA, json: { template: 'entity-acknowledgement' } },
    );
    expect(started.status).toBe(201);
    const replyId = started.body.data.document.id;
    const step = (json: unknown) =>
      api<ErrorBody>('POST', `/api/entity/${athens}/documents/${replyId}`, {
        token: tokens.clerkA,
        json,
      });
    expect((await step({ document: { statements: { note: 'Ελήφθη.' } } })).status).toBe(200);
    expect((await step({ document: { statements: {} }, action: 'submit' })).status).toBe(200);
    await open('clerkA', caseId);
    expect(await isNew('clerkA', caseNumber)).toBe(false);

    const received = await t.database.db
      .selectFrom('citizen_messages')
      .select('id')
      .where('inbox_entry_id', '=', caseId)
      .where('type', '=', 'incoming-document')
      .executeTakeFirstOrThrow();
    const answered = await api('POST', `/api/gates/USER/gate/inbox-entries/${received.id}/reply`, {
      token: tokens.citizenA,
      json: { message: 'Ευχαριστώ, περιμένω την απάντηση.' },
    });
    expect(answered.status).toBe(201);
    expect(await isNew('clerkA', caseNumber)).toBe(true);
    const answerMails = await mails('entity_citizen_answer_email');
    expect(answerMails.map((m) => m.recipient).sort()).toEqual([MAIL.clerkA, MAIL.entity].sort());
    expect(answerMails[0]?.subject).toContain(caseNumber);
    expect(answerMails[0]?.body).toContain('/dashboard/entities/show/');
    // Nothing ever to the clerk who chose none.
    const toNone = await t.database.db
      .selectFrom('outbox')
      .select('id')
      .where('recipient', '=', MAIL.none)
      .execute();
    expect(toNone).toEqual([]);
  });

  it('a citizen writing from her vault into the case’s thread marks it and e-mails the same way', async () => {
    const { caseId, caseNumber } = await openCaseAtAthens(t, api, tokens.citizenA);
    await open('clerkA', caseId);
    expect(await isNew('clerkA', caseNumber)).toBe(false);
    const written = await api('POST', `/api/vault/cases/${caseId}/messages`, {
      token: tokens.citizenA,
      json: { message: 'Στέλνω και τη διεύθυνσή μου: Πατησίων 10.' },
    });
    expect(written.status).toBe(201);
    expect(await isNew('clerkA', caseNumber)).toBe(true);
    expect(await mailsAbout('entity_citizen_answer_email', caseNumber)).toEqual(
      [MAIL.clerkA, MAIL.entity].sort(),
    );
  });

  it('a case forwarded in is new to the target’s staff and e-mails the target entity', async () => {
    const { caseId, caseNumber } = await openCaseAtAthens(t, api, tokens.citizenA);
    await open('clerkA', caseId);
    const forwarded = await api<{ data: { forwarded: { case_id: string }[] } }>(
      'POST',
      '/api/gates/DIMOS_ATHINAION/gate/inbox-entries/action',
      {
        token: tokens.clerkA,
        json: {
          action: 'forward',
          object_id: caseId,
          arguments: { 'target-codename': 'DIMOS_THESSALONIKIS' },
        },
      },
    );
    expect(forwarded.status).toBe(200);
    const targetNumber = forwarded.body.data.forwarded[0]?.case_id ?? '';
    const thessaloniki = await entityId(t, 'DIMOS_THESSALONIKIS');
    const target = await api<InboxList>(
      'GET',
      `/api/entity/${thessaloniki}/inbox?case=${encodeURIComponent(targetNumber)}`,
      { token: tokens.digestClerk },
    );
    expect(target.status).toBe(200);
    expect(target.body.data[0]?.new_activity).toBe(true);
    const toTarget = await mailsAbout('entity_new_case_email', targetNumber);
    const entityMail = await t.database.db
      .selectFrom('entities')
      .select('email')
      .where('id', '=', thessaloniki)
      .executeTakeFirstOrThrow();
    // The target's address only: her choice at Athens is not her choice at Thessaloniki.
    expect(toTarget).toEqual([entityMail.email]);
    // At the source the forward is the clerk's own action: new to the head, not to her.
    expect(await isNew('clerkA', caseNumber)).toBe(false);
    expect(await isNew('headA', caseNumber)).toBe(true);
  });

  it('filters the list to new activity and counts it per tab', async () => {
    const all = await list('clerkA');
    expect(all.status).toBe(200);
    const counts = all.body.meta.new_counts;
    expect(counts).toBeDefined();
    const fresh = await list('clerkA', '&activity=new');
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.length).toBeGreaterThan(0);
    expect(fresh.body.data.every((item) => item.new_activity)).toBe(true);
    expect(fresh.body.total).toBe(counts?.all);
    // With another filter the total is counted over the list itself: the same.
    const counted = await list('clerkA', '&activity=new&date_from=2000-01-01');
    expect(counted.body.total).toBe(counts?.all);
    expect(counted.body.data.map((row) => row.id)).toEqual(fresh.body.data.map((row) => row.id));
    for (const status of ['incoming', 'pending', 'finished', 'canceled'] as const) {
      const tab = await list('clerkA', `&activity=new&status=${status}`);
      expect(tab.body.total, status).toBe(counts?.[status]);
    }
    const mine = await list('clerkA', '&activity=new&status=pending&assignee_id=me');
    expect(mine.body.total).toBe(counts?.me);
    // Opening one takes it off the filter and the counts.
    const first = fresh.body.data[0];
    await open('clerkA', first?.id ?? '');
    const again = await list('clerkA', '&activity=new');
    expect(again.body.total).toBe((counts?.all ?? 0) - 1);
    expect(again.body.meta.new_counts?.all).toBe((counts?.all ?? 0) - 1);
    expect(again.body.data.map((item) => item.id)).not.toContain(first?.id);
  });

  it('refuses an unknown activity filter with a 400', async () => {
    const refused = await list('clerkA', '&activity=old');
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('invalid_request');
  });

  it('authorization matrix of the new routes and the filter', async () => {
    const routes: MatrixRoute[] = [
      {
        method: 'GET',
        path: () => `/api/entity/${athens}/alert-preference`,
        expected: [401, 403, 403, 'ok', 'ok', 404, 403],
      },
      {
        method: 'PUT',
        path: () => `/api/entity/${athens}/alert-preference`,
        json: () => ({ mode: 'each' }),
        expected: [401, 403, 403, 'ok', 'ok', 404, 403],
      },
      {
        method: 'GET',
        path: () => `/api/entity/${athens}/inbox?activity=new`,
        expected: [401, 403, 403, 'ok', 'ok', 404, 403],
      },
    ];
    for (const route of routes) await expectMatrix(api, tokens, MATRIX_CALLERS, route);
  });
  it('sends the digest clerk one digest a day, counting what arrived', async () => {
    const held = await t.database.db
      .selectFrom('alert_digests')
      .innerJoin('users', 'users.id', 'alert_digests.user_id')
      .select(['alert_digests.held', 'alert_digests.scope', 'alert_digests.due_at'])
      .where('users.afm', '=', DIGEST_AFM)
      .execute();
    // Four new cases at Athens and two answers (one from the vault) so far.
    expect(held).toHaveLength(1);
    expect(held[0]?.held).toBe(6);
    expect(held[0]?.scope).toBe(athens);
    expect(await mails('staff_digest_email')).toEqual([]);
    // Not before its morning hour; then once.
    await alertDigestsJob.handle({}, jobContext(t.app));
    expect(await mails('staff_digest_email')).toEqual([]);
    clock.advance(25 * 3_600_000);
    await alertDigestsJob.handle({}, jobContext(t.app));
    await alertDigestsJob.handle({}, jobContext(t.app));
    // The each-event clerk is past her hourly e-mail cap by now (ALERT_EMAIL_PER_HOUR): her
    // last alerts wait in a digest of her own; the clerk who chose none gets nothing.
    const digests = (await mails('staff_digest_email')).filter((m) => m.recipient !== MAIL.clerkA);
    expect(digests.map((m) => m.recipient)).toEqual([MAIL.digest]);
    expect(digests[0]?.subject).toBe('6 νέες ενημερώσεις στον φορέα Δήμος Αθηναίων');
    expect(digests[0]?.body).toContain(`/dashboard/entities/show/${athens}/inbox/list/all`);
  });

  it('counts as new only the activity of the last CASE_ACTIVITY_DAYS', async () => {
    clock.advance(31 * 24 * 3_600_000);
    // The sessions have run out meanwhile: a fresh one at the moved clock.
    tokens.clerkA = await loginStaff(t, MATRIX_AFM.clerkA);
    const later = await list('clerkA', '&activity=new');
    expect(later.status).toBe(200);
    expect(later.body.total).toBe(0);
    expect(later.body.meta.new_counts?.all).toBe(0);
  });
});
