import type {
  CaseActionResponse,
  CaseDetail,
  CaseMessage,
  CaseNote,
  ClerkPermission,
  DashboardEntity,
  GateLayout,
  HistoryItem,
  InboxList,
} from '@dilosi/domain';
import { athensParts } from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDemoCases } from '../../src/seed/demo-cases';
import { loginStaff } from '../fixtures/staff';
import { entityId } from '../fixtures/entities';
import type { client, ErrorBody } from '../fixtures/http';
import { openCaseAtAthens } from '../fixtures/issued-documents';
import {
  expectMatrix,
  MATRIX_AFM,
  MATRIX_CALLERS,
  MOBILE_A,
  type Caller,
  startMatrixApp,
  type MatrixRoute,
} from '../fixtures/matrix';
import type { TestApp } from '../helpers';

describe('entity dashboard', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let tokens: Record<Caller, string | undefined>;
  let athens: string;
  let aade: string;
  let caseId: string;
  let caseNumber: string;

  beforeAll(async () => {
    ({ t, api, tokens } = await startMatrixApp());
    athens = await entityId(t, 'DIMOS_ATHINAION');
    aade = await entityId(t, 'AADE');
    ({ caseId, caseNumber } = await openCaseAtAthens(t, api, tokens.citizenA));
    expect(caseNumber).toMatch(/^\d{4}\/\d{6}$/);
  }, 60_000);
  afterAll(async () => t?.close());

  it('lists the entities where the caller holds a role, with the roles', async () => {
    const head = await api<{ data: DashboardEntity[] }>('GET', '/api/entities', {
      token: tokens.headA,
    });
    expect(head.status).toBe(200);
    expect(head.body.data.map((e) => [e.codename, e.roles])).toEqual([
      ['DIMOS_ATHINAION', ['head']],
    ]);
    // The workspace sidebar's counters: the citizen's new case is incoming, nobody's yet.
    expect(head.body.data[0]?.counts).toEqual({ incoming: 1, me: 0 });
    const clerkB = await api<{ data: DashboardEntity[] }>('GET', '/api/entities', {
      token: tokens.clerkB,
    });
    expect(clerkB.body.data.map((e) => e.codename)).toEqual(['AADE']);
    const none = await api<{ data: DashboardEntity[] }>('GET', '/api/entities', {
      token: tokens.adminWithoutRole,
    });
    expect(none.body.data).toEqual([]);
    const citizen = await api<ErrorBody>('GET', '/api/entities', { token: tokens.citizenA });
    expect(citizen.status).toBe(403);
  });

  it('answers the gate layout: the citizen mailbox, and an entity for its staff', async () => {
    const user = await api<{ data: GateLayout }>('GET', '/api/gates/USER/gate/layout', {
      token: tokens.citizenA,
    });
    expect(user.body.data['landing-url']).toBe('/vault');
    const head = await api<{ data: GateLayout }>('GET', '/api/gates/DIMOS_ATHINAION/gate/layout', {
      token: tokens.headA,
    });
    expect(head.status).toBe(200);
    expect(head.body.data['landing-url']).toBe(`/dashboard/entities/show/${athens}/inbox/list/all`);
    expect(head.body.data['nav-actions'].map((a) => a.key)).toContain('settings');
    const clerk = await api<{ data: GateLayout }>('GET', '/api/gates/DIMOS_ATHINAION/gate/layout', {
      token: tokens.clerkA,
    });
    expect(clerk.body.data['nav-actions'].map((a) => a.key)).not.toContain('settings');
    const other = await api<ErrorBody>('GET', '/api/gates/DIMOS_ATHINAION/gate/layout', {
      token: tokens.clerkB,
    });
    expect(other.status).toBe(404);
  });

  it("puts a citizen's issued document in the entity's incoming list", async () => {
    const list = await api<InboxList>('GET', `/api/entity/${athens}/inbox?status=incoming`, {
      token: tokens.clerkA,
    });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    const [item] = list.body.data;
    expect(item?.declaration.case_id).toBe(caseNumber);
    expect(item?.declaration.user_display_name).toBe('ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ');
    expect(item?.declaration.template.shortname.el).toBe('Υπεύθυνη δήλωση');
    expect(item?.inbox_status).toBe('incoming');
    expect(list.body.meta.counts).toMatchObject({ all: 1, incoming: 1, pending: 0, me: 0 });
    // The template's deadline is copied onto the case (solemn declaration: the default 10 days).
    const row = await t.database.db
      .selectFrom('inbox_entries')
      .select('deadline_days')
      .where('id', '=', caseId)
      .executeTakeFirstOrThrow();
    expect(row.deadline_days).toBe(10);
    expect(item?.overdue).toBe(false);
  });

  it('finds the case by its number and by the name typed in either script, any accents', async () => {
    for (const user of [
      'Μαρία Παπαδοπούλου',
      'maria papadopoulou',
      'PAPADOPOULOU',
      'παπαδοπουλου',
    ]) {
      const found = await api<InboxList>(
        'GET',
        `/api/entity/${athens}/inbox?user=${encodeURIComponent(user)}`,
        { token: tokens.clerkA },
      );
      expect(found.body.total, user).toBe(1);
    }
    const none = await api<InboxList>('GET', `/api/entity/${athens}/inbox?user=Georgiou`, {
      token: tokens.clerkA,
    });
    expect(none.body.total).toBe(0);
    const byNumber = await api<InboxList>(
      'GET',
      `/api/entity/${athens}/inbox?case=${encodeURIComponent(caseNumber)}`,
      { token: tokens.clerkA },
    );
    expect(byNumber.body.data.map((i) => i.id)).toEqual([caseId]);
    const resolved = await api<{ entry_id: string }>(
      'GET',
      `/api/entity/${athens}/inbox-entry-resolve/${caseId}`,
      { token: tokens.clerkA },
    );
    expect(resolved.body.entry_id).toBe(caseId);
  });

  it('shows the case with the document as issued and lets the clerk download its PDF', async () => {
    const detail = await api<{ data: CaseDetail }>('GET', `/api/entity/${athens}/inbox/${caseId}`, {
      token: tokens.clerkA,
    });
    expect(detail.status).toBe(200);
    expect(detail.body.data.document.state).toBe('issued');
    // The document's text is one entry under its heading: the preamble, then the statement.
    const text = detail.body.data.document.statements.filter(
      (s) => s.label.el === 'ΥΠΕΥΘΥΝΗ ΔΗΛΩΣΗ',
    );
    expect(text).toHaveLength(1);
    expect(text[0]?.value).toMatch(
      /^Με ατομική μου ευθύνη[^\n]*δηλώνω ότι:\n\nΔηλώνω ότι μένω στην Αθήνα\.$/,
    );
    expect(detail.body.data.counts.history).toBe(1);
    const token = await api<{ download_url: string }>(
      'POST',
      `/api/entity/${athens}/inbox/${caseId}/pdf/token`,
      { token: tokens.clerkA },
    );
    expect(token.status).toBe(200);
    const pdf = await t.app.inject({ method: 'GET', url: token.body.download_url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const missing = await api<ErrorBody>(
      'POST',
      `/api/entity/${athens}/inbox/${caseId}/attachments/0/token`,
      { token: tokens.clerkA },
    );
    expect(missing.status).toBe(404);
  });

  it('assigns the case to a clerk: pending, with the assignment and the automatic change in history', async () => {
    const clerks = await api<{ data: ClerkPermission[] }>(
      'GET',
      `/api/entities/${athens}/active-clerk-permissions`,
      { token: tokens.clerkA },
    );
    const names = clerks.body.data.map((c) => c.user_display_name).sort();
    expect(names).toEqual(['ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ', 'ΚΩΝΣΤΑΝΤΙΝΟΣ ΙΩΑΝΝΙΔΗΣ']);
    const katerina = clerks.body.data.find((c) => c.user_display_name.startsWith('ΑΙΚΑΤΕΡΙΝΗ'));
    const assigned = await api<{ data: CaseDetail }>(
      'POST',
      `/api/entity/${athens}/inbox/${caseId}/assign`,
      { token: tokens.clerkA, json: { user_id: katerina?.user_id } },
    );
    expect(assigned.status).toBe(200);
    expect(assigned.body.data.inbox_status).toBe('pending');
    expect(assigned.body.data.assignee_display_name).toBe('ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ');
    const mine = await api<InboxList>(
      'GET',
      `/api/entity/${athens}/inbox?status=pending&assignee_id=me`,
      { token: tokens.clerkA },
    );
    expect(mine.body.data.map((i) => i.id)).toEqual([caseId]);
    expect(mine.body.meta.counts).toMatchObject({ me: 1, pending: 1, incoming: 0 });
    const history = await api<{ data: HistoryItem[] }>(
      'GET',
      `/api/entity/${athens}/inbox/${caseId}/history`,
      { token: tokens.headA },
    );
    expect(history.body.data.map((h) => h.action)).toEqual([
      'received',
      'assign',
      'auto_change_state',
    ]);
    // The assignment names whom the case went to, besides who assigned it.
    expect(history.body.data[1]).toMatchObject({
      action: 'assign',
      assignee_display_name: 'ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ',
    });
    expect(history.body.data[0]).not.toHaveProperty('assignee_display_name');
    // Someone who is not a clerk of Athens cannot be assigned.
    const clerkBUser = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('afm', '=', MATRIX_AFM.clerkB)
      .executeTakeFirstOrThrow();
    const refused = await api<ErrorBody>('POST', `/api/entity/${athens}/inbox/${caseId}/assign`, {
      token: tokens.clerkA,
      json: { user_id: clerkBUser.id },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body.error.data)).toContain('assignee_not_clerk');
  });

  it('keeps internal notes and messages to the citizen, who gets the message and an SMS', async () => {
    const empty = await api<ErrorBody>('POST', `/api/entity/${athens}/inbox/${caseId}/comments`, {
      token: tokens.clerkA,
      json: { comment: '   ' },
    });
    expect(empty.status).toBe(400);
    const note = await api<{ data: CaseNote }>(
      'POST',
      `/api/entity/${athens}/inbox/${caseId}/comments`,
      { token: tokens.clerkA, json: { comment: 'Ελέγχθηκε η διεύθυνση.' } },
    );
    expect(note.status).toBe(201);
    expect(note.body.data.user_display_name).toBe('ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ');
    const notes = await api<{ data: CaseNote[] }>(
      'GET',
      `/api/entity/${athens}/inbox/${caseId}/comments`,
      {
        token: tokens.headA,
      },
    );
    expect(notes.body.data.map((n) => n.comment)).toEqual(['Ελέγχθηκε η διεύθυνση.']);

    const tooLong = await api<ErrorBody>(
      'POST',
      `/api/entity/${athens}/inbox/${caseId}/communications`,
      { token: tokens.clerkA, json: { message: 'α'.repeat(321) } },
    );
    expect(tooLong.status).toBe(400);
    const sent = await api<{ data: CaseMessage }>(
      'POST',
      `/api/entity/${athens}/inbox/${caseId}/communications`,
      {
        token: tokens.clerkA,
        json: { message: 'Χρειαζόμαστε αντίγραφο του λογαριασμού ρεύματος.' },
      },
    );
    expect(sent.status).toBe(201);
    const maria = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('afm', '=', MATRIX_AFM.citizenA)
      .executeTakeFirstOrThrow();
    const inbox = await t.database.db
      .selectFrom('citizen_messages')
      .selectAll()
      .where('owner_id', '=', maria.id)
      .execute();
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ type: 'message', status: 'incoming', inbox_entry_id: caseId });
    expect(inbox[0]?.state_data.summary).toBe('Χρειαζόμαστε αντίγραφο του λογαριασμού ρεύματος.');
    const alert = await t.database.db
      .selectFrom('outbox')
      .select(['recipient', 'body'])
      .where('message_key', '=', 'case_message_sms')
      .execute();
    expect(alert).toEqual([expect.objectContaining({ recipient: `+30${MOBILE_A}` })]);
    expect(alert[0]?.body).toContain(caseNumber);
    const detail = await api<{ data: CaseDetail }>('GET', `/api/entity/${athens}/inbox/${caseId}`, {
      token: tokens.clerkA,
    });
    expect(detail.body.data.counts).toMatchObject({ notes: 1, messages: 1, history: 5 });
  });

  it('changes the status; a rejection needs a reason; the history records both', async () => {
    const noReason = await api<ErrorBody>(
      'POST',
      `/api/entity/${athens}/inbox/${caseId}/change_state`,
      {
        token: tokens.clerkA,
        json: { state: 'canceled' },
      },
    );
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(noReason.body.error.data)).toContain('reason_required');
    const bogus = await api<ErrorBody>(
      'POST',
      `/api/entity/${athens}/inbox/${caseId}/change_state`,
      {
        token: tokens.clerkA,
        json: { state: 'forwarded' },
      },
    );
    expect(bogus.status).toBe(400);
    const rejected = await api<{ data: CaseDetail }>(
      'POST',
      `/api/entity/${athens}/inbox/${caseId}/change_state`,
      { token: tokens.clerkA, json: { state: 'canceled', reason: 'Λείπει το αποδεικτικό.' } },
    );
    expect(rejected.body.data.inbox_status).toBe('canceled');
    const finished = await api<{ data: CaseDetail }>(
      'POST',
      `/api/entity/${athens}/inbox/${caseId}/change_state`,
      { token: tokens.clerkA, json: { state: 'finished' } },
    );
    expect(finished.status).toBe(200);
    expect(finished.body.data.inbox_status).toBe('finished');
    const history = await api<{ data: HistoryItem[] }>(
      'GET',
      `/api/entity/${athens}/inbox/${caseId}/history`,
      { token: tokens.headA },
    );
    const changes = history.body.data.filter((h) => h.action === 'change_state');
    expect(changes.map((h) => h.details)).toEqual([
      { from: 'pending', to: 'canceled', reason: 'Λείπει το αποδεικτικό.' },
      { from: 'canceled', to: 'finished' },
    ]);
    const list = await api<InboxList>('GET', `/api/entity/${athens}/inbox`, {
      token: tokens.clerkA,
    });
    expect(list.body.meta.counts).toMatchObject({ all: 1, finished: 1, pending: 0, me: 0 });
  });

  it('pages, orders and filters many cases; the counters follow every change', async () => {
    const created = await seedDemoCases(t.database);
    expect(created).toBe(250);
    const all = await api<InboxList>('GET', `/api/entity/${athens}/inbox?limit=10`, {
      token: tokens.clerkA,
    });
    expect(all.body.total).toBe(151);
    expect(all.body.hasNext).toBe(true);
    expect(all.body.data).toHaveLength(10);
    const counts = all.body.meta.counts;
    expect(counts.incoming + counts.pending + counts.finished + counts.canceled).toBe(151);
    const dates = all.body.data.map((i) => i.declaration.timestamp);
    expect([...dates].sort().reverse()).toEqual(dates);
    const last = await api<InboxList>('GET', `/api/entity/${athens}/inbox?limit=100&offset=100`, {
      token: tokens.clerkA,
    });
    expect(last.body.data).toHaveLength(51);
    expect(last.body.hasNext).toBe(false);
    const ascending = await api<InboxList>(
      'GET',
      `/api/entity/${athens}/inbox?ordering=received_at&limit=5`,
      { token: tokens.clerkA },
    );
    const up = ascending.body.data.map((i) => i.declaration.timestamp);
    expect([...up].sort()).toEqual(up);
    for (const status of ['incoming', 'pending', 'finished', 'canceled'] as const) {
      const tab = await api<InboxList>(
        'GET',
        `/api/entity/${athens}/inbox?status=${status}&limit=1`,
        {
          token: tokens.clerkA,
        },
      );
      expect(tab.body.total, status).toBe(counts[status]);
    }
    // Date filters are Greek days: the oldest case's day is its date in Athens, not in UTC.
    const athensDay = (iso: string) => {
      const { year, month, day } = athensParts(new Date(iso));
      return `${year}-${month}-${day}`;
    };
    const day = athensDay(up[0] ?? '');
    const ranged = await api<InboxList>(
      'GET',
      `/api/entity/${athens}/inbox?date_from=2000-01-01&date_to=${day}&limit=100`,
      { token: tokens.clerkA },
    );
    expect(ranged.body.total).toBeGreaterThanOrEqual(1);
    expect(ranged.body.data.every((i) => athensDay(i.declaration.timestamp) <= day)).toBe(true);
    const bad = await api<ErrorBody>('GET', `/api/entity/${athens}/inbox?date_from=yesterday`, {
      token: tokens.clerkA,
    });
    expect(bad.status).toBe(400);
    const aadeList = await api<InboxList>('GET', `/api/entity/${aade}/inbox`, {
      token: tokens.clerkB,
    });
    expect(aadeList.body.total).toBe(30);
  });

  it('links each case to its neighbours in the list it was opened from', async () => {
    const query = 'status=incoming&ordering=-received_at&limit=5';
    const page = await api<InboxList>('GET', `/api/entity/${athens}/inbox?${query}`, {
      token: tokens.clerkA,
    });
    const ids = page.body.data.map((i) => i.id);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    type Around = { data: { previous: string | null; next: string | null } };
    const middle = await api<Around>(
      'GET',
      `/api/entity/${athens}/inbox/${ids[1]}/neighbours?${query}`,
      { token: tokens.clerkA },
    );
    expect(middle.status).toBe(200);
    expect(middle.body.data).toEqual({ previous: ids[0], next: ids[2] });
    const first = await api<Around>(
      'GET',
      `/api/entity/${athens}/inbox/${ids[0]}/neighbours?${query}`,
      { token: tokens.clerkA },
    );
    expect(first.body.data).toEqual({ previous: null, next: ids[1] });
    // The other order turns them round.
    const oldestFirst = await api<Around>(
      'GET',
      `/api/entity/${athens}/inbox/${ids[1]}/neighbours?status=incoming&ordering=received_at`,
      { token: tokens.clerkA },
    );
    expect(oldestFirst.body.data).toEqual({ previous: ids[2], next: ids[0] });
    const foreign = await api<ErrorBody>('GET', `/api/entity/${aade}/inbox/${ids[1]}/neighbours`, {
      token: tokens.clerkB,
    });
    expect(foreign.status).toBe(404);
  });

  it('assigns and sets the status of many cases at once, each with its own history', async () => {
    const incoming = await api<InboxList>(
      'GET',
      `/api/entity/${athens}/inbox?status=incoming&limit=3`,
      { token: tokens.clerkA },
    );
    const ids = incoming.body.data.map((i) => i.id);
    expect(ids).toHaveLength(3);
    const before = incoming.body.meta.counts;
    const aadeCase = await t.database.db
      .selectFrom('inbox_entries')
      .select('id')
      .where('entity_id', '=', aade)
      .executeTakeFirstOrThrow();
    const noReason = await api<ErrorBody>('POST', `/api/entity/${athens}/inbox/bulk`, {
      token: tokens.clerkA,
      json: { action: 'change_state', ids, state: 'canceled' },
    });
    expect(noReason.status).toBe(400);
    const tooMany = await api<ErrorBody>('POST', `/api/entity/${athens}/inbox/bulk`, {
      token: tokens.clerkA,
      json: { action: 'change_state', ids: Array(101).fill(ids[0]), state: 'finished' },
    });
    expect(tooMany.status).toBe(400);
    const clerks = await api<{ data: ClerkPermission[] }>(
      'GET',
      `/api/entities/${athens}/active-clerk-permissions`,
      { token: tokens.clerkA },
    );
    const katerina = clerks.body.data.find((c) => c.user_display_name.startsWith('ΑΙΚΑΤΕΡΙΝΗ'));
    type Bulk = {
      data: {
        changed: number;
        failed: number;
        results: { id: string; case_id: string | null; ok: boolean; code?: string }[];
      };
    };
    const assigned = await api<Bulk>('POST', `/api/entity/${athens}/inbox/bulk`, {
      token: tokens.clerkA,
      json: {
        action: 'assign',
        ids: [...ids, aadeCase.id, 'nonsense'],
        user_id: katerina?.user_id,
      },
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body.data.changed).toBe(3);
    expect(assigned.body.data.failed).toBe(2);
    expect(assigned.body.data.results.filter((r) => !r.ok).map((r) => r.code)).toEqual([
      'case_not_found',
      'case_not_found',
    ]);
    expect(
      assigned.body.data.results.filter((r) => r.ok).every((r) => /^\d{4}\//.test(r.case_id ?? '')),
    ).toBe(true);
    const aadeAfter = await t.database.db
      .selectFrom('inbox_entries')
      .select('assignee_id')
      .where('id', '=', aadeCase.id)
      .executeTakeFirstOrThrow();
    expect(aadeAfter.assignee_id).not.toBe(katerina?.user_id);
    for (const id of ids) {
      const history = await api<{ data: HistoryItem[] }>(
        'GET',
        `/api/entity/${athens}/inbox/${id}/history`,
        { token: tokens.clerkA },
      );
      expect(history.body.data.map((h) => h.action).slice(-2)).toEqual([
        'assign',
        'auto_change_state',
      ]);
      expect(history.body.data.at(-2)?.assignee_display_name).toBe('ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ');
    }
    // A row that keeps only the assignee's id (the demo data's) is named by the person's name.
    const [legacyCase] = ids;
    await t.database.db
      .insertInto('case_events')
      .values({
        inbox_entry_id: legacyCase ?? '',
        action: 'assign',
        user_id: null,
        details: JSON.stringify({ assignee_id: katerina?.user_id }),
        at: new Date(),
      })
      .execute();
    const legacy = await api<{ data: HistoryItem[] }>(
      'GET',
      `/api/entity/${athens}/inbox/${legacyCase}/history`,
      { token: tokens.clerkA },
    );
    expect(legacy.body.data.at(-1)).toMatchObject({
      action: 'assign',
      action_user_display_name: null,
      assignee_display_name: 'ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ',
    });
    const finished = await api<Bulk>('POST', `/api/entity/${athens}/inbox/bulk`, {
      token: tokens.clerkA,
      json: { action: 'change_state', ids, state: 'finished' },
    });
    expect(finished.body.data).toMatchObject({ changed: 3, failed: 0 });
    const after = await api<InboxList>('GET', `/api/entity/${athens}/inbox?limit=1`, {
      token: tokens.clerkA,
    });
    expect(after.body.meta.counts.incoming).toBe(before.incoming - 3);
    expect(after.body.meta.counts.finished).toBe(before.finished + 3);
  });

  it('exports the filtered list as CSV with a byte-order mark and headers in the language', async () => {
    const list = await api<InboxList>('GET', `/api/entity/${athens}/inbox?status=pending`, {
      token: tokens.clerkA,
    });
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/entity/${athens}/inbox/export.csv?status=pending`,
      headers: { authorization: `Bearer ${tokens.clerkA}`, 'accept-language': 'en' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="cases-/);
    const text = csv.rawPayload.toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '"Date","Case","Status","Document","Full name","Clerk","Reference code","Age (days)","Overdue"',
    );
    expect(lines).toHaveLength(list.body.total + 1);
    expect(lines.slice(1).every((line) => line.includes('"Pending"'))).toBe(true);
    const greek = await t.app.inject({
      method: 'GET',
      url: `/api/entity/${athens}/inbox/export.csv?case=${encodeURIComponent(caseNumber)}`,
      headers: { authorization: `Bearer ${tokens.clerkA}`, 'accept-language': 'el' },
    });
    const rows = greek.rawPayload.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(rows[0]?.startsWith('"Ημερομηνία","Υπόθεση"')).toBe(true);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('"ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ"');
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/entity/${athens}/inbox/export.csv`,
      headers: { authorization: `Bearer ${tokens.clerkB}` },
    });
    expect(other.statusCode).toBe(404);
  });

  it('exports every case across its chunks when times carry microseconds', async () => {
    // 1,500 cases one microsecond apart (as SQL or an import writes them): the export reads
    // chunks of 1,000, and a cursor kept as a JavaScript Date (milliseconds) skipped the rest
    // of the first chunk's last millisecond.
    const prefix = `US${Date.now()}`;
    await t.database.query(
      `insert into inbox_entries (entity_id, case_id, status, reference_code, template_refname,
         subject, citizen_name, citizen_name_key, received_at, updated_at)
       select $1, $2 || '/' || g, 'incoming', $2 || g, 'solemn-declaration', 'Δήλωση',
         'ΜΙΚΡΟ ΔΕΥΤΕΡΟ', 'μικρο δευτερο',
         timestamptz '2025-03-01 10:00:00.5+00' - g * interval '1 microsecond', now()
       from generate_series(1, 1500) as g`,
      [aade, prefix],
    );
    try {
      for (const ordering of ['', '&ordering=received_at']) {
        const csv = await t.app.inject({
          method: 'GET',
          url: `/api/entity/${aade}/inbox/export.csv?date_from=2025-03-01&date_to=2025-03-01${ordering}`,
          headers: { authorization: `Bearer ${tokens.clerkB}` },
        });
        expect(csv.statusCode).toBe(200);
        const lines = csv.rawPayload.toString('utf8').slice(1).trimEnd().split('\r\n');
        const cases = new Set(lines.slice(1).map((line) => line.split(',')[1]));
        expect(lines).toHaveLength(1501);
        expect(cases.size).toBe(1500);
      }
    } finally {
      await t.database.query('delete from inbox_entries where case_id like $1', [`${prefix}/%`]);
    }
  });

  it('ends an export that fails after its header row with a row saying the file is incomplete', async () => {
    // The catalogue fails when the first case is written: the status and the header row are gone.
    const failing = vi.spyOn(t.app.templates, 'find').mockImplementation(() => {
      throw new Error('catalogue unavailable');
    });
    try {
      for (const [language, message] of [
        ['en', 'The export stopped on an error: this file is incomplete. Try again.'],
        ['el', 'Η εξαγωγή διακόπηκε από σφάλμα: το αρχείο είναι ελλιπές. Δοκιμάστε ξανά.'],
      ] as const) {
        const csv = await t.app.inject({
          method: 'GET',
          url: `/api/entity/${athens}/inbox/export.csv`,
          headers: { authorization: `Bearer ${tokens.clerkA}`, 'accept-language': language },
        });
        expect(csv.statusCode).toBe(200);
        const lines = csv.rawPayload.toString('utf8').slice(1).trimEnd().split('\r\n');
        expect(lines, lines.join('\n')).toHaveLength(2);
        expect(lines[0]).toMatch(language === 'en' ? /^"Date","Case"/ : /^"Ημερομηνία","Υπόθεση"/);
        expect(lines[1]).toBe(`"${message}"`);
      }
      expect(failing).toHaveBeenCalled();
    } finally {
      failing.mockRestore();
    }
  });

  it("shares the case's document with a person by tax number, who gets it in their mailbox", async () => {
    const share = (inboxId: string, person: Record<string, string>) =>
      api<CaseActionResponse & ErrorBody>('POST', `/api/entity/${athens}/inbox/${inboxId}/action`, {
        token: tokens.clerkA,
        json: { action: 'share', arguments: { targets: [{ type: 'person', ...person }] } },
      });
    const badAfm = await share(caseId, { firstname: 'Γιάννης', surname: 'Βλάχος', afm: '123' });
    expect(badAfm.status).toBe(400);
    type Invalid = { invalid_field: string; error_info: { code: string } }[];
    const invalidOf = (body: ErrorBody) => (body.error.data?.invalid_fields ?? []) as Invalid;
    expect(invalidOf(badAfm.body)).toEqual([
      expect.objectContaining({
        invalid_field: 'targets[0].afm',
        error_info: expect.objectContaining({ code: 'afm_invalid' }),
      }),
    ]);
    const blank = await share(caseId, { firstname: ' ', surname: '', afm: MATRIX_AFM.citizenB });
    expect(blank.status).toBe(400);
    expect(invalidOf(blank.body).map((f) => f.invalid_field)).toEqual([
      'targets[0].firstname',
      'targets[0].surname',
    ]);
    const malformed = await api<ErrorBody>('POST', `/api/entity/${athens}/inbox/${caseId}/action`, {
      token: tokens.clerkA,
      json: { action: 'share' },
    });
    expect(malformed.status).toBe(400);

    const bob = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('afm', '=', MATRIX_AFM.citizenB)
      .executeTakeFirstOrThrow();
    const before = await t.database.db
      .selectFrom('citizen_messages')
      .select('id')
      .where('owner_id', '=', bob.id)
      .where('type', '=', 'shared-document')
      .execute();
    const shared = await share(caseId, {
      firstname: 'Γιώργος',
      surname: 'Βλάχος',
      afm: MATRIX_AFM.citizenB,
    });
    expect(shared.status).toBe(200);
    expect(shared.body.data.case.id).toBe(caseId);
    const received = await t.database.db
      .selectFrom('citizen_messages')
      .selectAll()
      .where('owner_id', '=', bob.id)
      .where('type', '=', 'shared-document')
      .orderBy('tsid', 'desc')
      .execute();
    expect(received).toHaveLength(before.length + 1);
    expect(received[0]).toMatchObject({ status: 'incoming', inbox_entry_id: caseId });
    expect(received[0]?.document_id).toBe(shared.body.data.document?.id);
    expect(received[0]?.document_id).toBe(shared.body.data.case.document.id);
    const history = await api<{ data: HistoryItem[] }>(
      'GET',
      `/api/entity/${athens}/inbox/${caseId}/history`,
      { token: tokens.clerkA },
    );
    expect(history.body.data.at(-1)).toMatchObject({
      action: 'share',
      details: { afm: MATRIX_AFM.citizenB, surname: 'Βλάχος' },
    });

    // A case without a document (one received on paper: a demo case with its document taken
    // off): nothing to share.
    const demo = await api<InboxList>('GET', `/api/entity/${athens}/inbox?limit=50`, {
      token: tokens.clerkA,
    });
    const withoutDocument = demo.body.data.find((item) => item.id !== caseId);
    await t.database.db
      .updateTable('inbox_entries')
      .set({ document_id: null })
      .where('id', '=', withoutDocument?.id ?? '')
      .execute();
    const refused = await share(withoutDocument?.id ?? '', {
      firstname: 'Γιώργος',
      surname: 'Βλάχος',
      afm: MATRIX_AFM.citizenB,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('action_not_allowed_on_state');
  });

  it('dismisses a closed case from the lists and counts; a status change brings it back', async () => {
    const list = (query: string) =>
      api<InboxList>('GET', `/api/entity/${athens}/inbox?${query}`, { token: tokens.clerkA });
    const act = (inboxId: string) =>
      api<CaseActionResponse & ErrorBody>('POST', `/api/entity/${athens}/inbox/${inboxId}/action`, {
        token: tokens.clerkA,
        json: { action: 'dismiss' },
      });
    const open = (await list('status=incoming&limit=1')).body.data[0];
    const openRefused = await act(open?.id ?? '');
    expect(openRefused.status).toBe(409);
    expect(openRefused.body.error.code).toBe('action_not_allowed_on_state');

    const before = await list('status=finished&limit=100');
    const closed = before.body.data[0];
    if (!closed) throw new Error('no finished case in the demo data');
    const dismissed = await act(closed.id);
    expect(dismissed.status).toBe(200);
    expect(dismissed.body.data.case).toMatchObject({ id: closed.id, dismissed: true });
    const after = await list('status=finished&limit=100');
    expect(after.body.total).toBe(before.body.total - 1);
    expect(after.body.meta.counts.finished).toBe(before.body.meta.counts.finished - 1);
    expect(after.body.data.map((item) => item.id)).not.toContain(closed.id);
    const byNumber = await list(`case=${encodeURIComponent(closed.declaration.case_id)}`);
    expect(byNumber.body.total).toBe(0);
    expect((await act(closed.id)).status).toBe(409);
    const history = await api<{ data: HistoryItem[] }>(
      'GET',
      `/api/entity/${athens}/inbox/${closed.id}/history`,
      { token: tokens.clerkA },
    );
    expect(history.body.data.at(-1)?.action).toBe('dismiss');

    const back = await api<{ data: CaseDetail }>(
      'POST',
      `/api/entity/${athens}/inbox/${closed.id}/change_state`,
      { token: tokens.clerkA, json: { state: 'finished' } },
    );
    expect(back.body.data.dismissed).toBe(false);
    const restored = await list('status=finished&limit=100');
    expect(restored.body.meta.counts.finished).toBe(before.body.meta.counts.finished);
    expect(restored.body.data.map((item) => item.id)).toContain(closed.id);
  });

  it('takes access away on the very next request when a role is deactivated', async () => {
    const token = await loginStaff(t, MATRIX_AFM.clerkB);
    expect((await api('GET', `/api/entity/${aade}/inbox`, { token })).status).toBe(200);
    await t.database.db
      .updateTable('permissions')
      .set({ state: 'deactivated' })
      .where('entity_id', '=', aade)
      .execute();
    const after = await api<ErrorBody>('GET', `/api/entity/${aade}/inbox`, { token });
    expect(after.status).toBe(403);
    await t.database.db
      .updateTable('permissions')
      .set({ state: 'active' })
      .where('entity_id', '=', aade)
      .execute();
  });

  describe('authorization matrix', () => {
    /** Expected status per caller, in MATRIX_CALLERS order, for a route on Athens' case. */
    const ATHENS = [401, 403, 403, 'ok', 'ok', 404, 403] as const;
    const routes: MatrixRoute[] = [
      { method: 'GET', path: () => `/api/entities/${athens}`, expected: ATHENS },
      {
        method: 'GET',
        path: () => `/api/entities/${athens}/active-clerk-permissions`,
        expected: ATHENS,
      },
      { method: 'GET', path: () => `/api/entity/${athens}/inbox`, expected: ATHENS },
      {
        method: 'GET',
        path: () => `/api/entity/${athens}/inbox-entry-resolve/${caseId}`,
        expected: ATHENS,
      },
      { method: 'GET', path: () => `/api/entity/${athens}/inbox/${caseId}`, expected: ATHENS },
      {
        method: 'GET',
        path: () => `/api/entity/${athens}/inbox/${caseId}/history`,
        expected: ATHENS,
      },
      {
        method: 'GET',
        path: () => `/api/entity/${athens}/inbox/${caseId}/comments`,
        expected: ATHENS,
      },
      {
        method: 'POST',
        path: () => `/api/entity/${athens}/inbox/${caseId}/comments`,
        json: () => ({ comment: 'σημείωση' }),
        expected: ATHENS,
      },
      {
        method: 'GET',
        path: () => `/api/entity/${athens}/inbox/${caseId}/communications`,
        expected: ATHENS,
      },
      {
        method: 'POST',
        path: () => `/api/entity/${athens}/inbox/${caseId}/communications`,
        json: () => ({ message: 'μήνυμα' }),
        expected: ATHENS,
      },
      {
        method: 'POST',
        path: () => `/api/entity/${athens}/inbox/${caseId}/change_state`,
        json: () => ({ state: 'finished' }),
        expected: ATHENS,
      },
      {
        method: 'POST',
        path: () => `/api/entity/${athens}/inbox/${caseId}/pdf/token`,
        expected: ATHENS,
      },
      {
        method: 'POST',
        path: () => `/api/entity/${athens}/inbox/${caseId}/action`,
        json: () => ({
          action: 'share',
          arguments: {
            targets: [
              { type: 'person', firstname: 'Γιώργος', surname: 'Βλάχος', afm: MATRIX_AFM.citizenB },
            ],
          },
        }),
        expected: ATHENS,
      },
      {
        method: 'GET',
        path: () => `/api/entity/${athens}/inbox/${caseId}/neighbours`,
        expected: ATHENS,
      },
      { method: 'GET', path: () => `/api/entity/${athens}/inbox/export.csv`, expected: ATHENS },
      {
        method: 'POST',
        path: () => `/api/entity/${athens}/inbox/bulk`,
        json: () => ({ action: 'change_state', ids: [caseId], state: 'finished' }),
        expected: ATHENS,
      },
      { method: 'GET', path: () => '/api/gates/DIMOS_ATHINAION/gate/layout', expected: ATHENS },
      {
        method: 'GET',
        path: () => '/api/entities',
        expected: [401, 403, 403, 'ok', 'ok', 'ok', 'ok'],
      },
      // Athens' case under AADE's address: clerk B holds AADE but the case is not AADE's.
      {
        method: 'GET',
        path: () => `/api/entity/${aade}/inbox/${caseId}`,
        expected: [401, 403, 403, 404, 404, 404, 403],
      },
    ];

    it.each(routes.map((r) => [`${r.method} ${r.path.toString().slice(6, 70)}`, r] as const))(
      '%s',
      async (_name, route) => expectMatrix(api, tokens, MATRIX_CALLERS, route),
    );
  });
});
