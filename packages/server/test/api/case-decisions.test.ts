import type { ApiDocument, CaseDetail } from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityId } from '../fixtures/entities';
import type { client, ErrorBody } from '../fixtures/http';
import { openCaseAtAthens } from '../fixtures/issued-documents';
import { expectMatrix, MATRIX_CALLERS, startMatrixApp, type Caller } from '../fixtures/matrix';
import type { TestApp } from '../helpers';

/**
 * Issue #41: motivated decisions. A clerk accepts, refuses or closes a case without action,
 * always with a reason and optionally with an issued reply of the case; the status moves through
 * the case machine, the history records it, the citizen reads it in her mailbox; a status change
 * opens the case again and forgets the decision.
 */
type DocumentAnswer = { data: { document: ApiDocument } };
type CaseAnswer = { data: CaseDetail } & ErrorBody;

describe('motivated decisions on a case', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let tokens: Record<Caller, string | undefined>;
  let athens: string;

  const decide = (caseId: string, json: Record<string, unknown>, token = tokens.clerkA) =>
    api<CaseAnswer>('POST', `/api/entity/${athens}/inbox/${caseId}/decision`, {
      token,
      json,
      headers: { 'accept-language': 'en' },
    });
  const citizenMessages = async (caseNumber: string) =>
    (
      await t.database.db
        .selectFrom('citizen_messages')
        .select(['state_data', 'owner_id', 'document_id'])
        .where('type', '=', 'message')
        .execute()
    ).filter((row) => (row.state_data as { case_id?: string }).case_id === caseNumber);
  /** An issued acknowledgement of the case by Athens (the reply wizard). */
  const reply = async (caseId: string) => {
    const started = await api<DocumentAnswer>(
      'POST',
      `/api/entity/${athens}/inbox/${caseId}/reply`,
      { token: tokens.clerkA, json: { template: 'entity-acknowledgement' } },
    );
    expect(started.status).toBe(201);
    const id = started.body.data.document.id;
    const save = (json: Record<string, unknown>) =>
      api<DocumentAnswer>('POST', `/api/entity/${athens}/documents/${id}`, {
        token: tokens.clerkA,
        json,
      });
    expect((await save({ document: { statements: { note: 'Ελέγχθηκε.' } } })).status).toBe(200);
    const issued = await save({ document: { statements: {} }, action: 'submit' });
    expect(issued.body.data.document.state).toBe('issued');
    return issued.body.data.document;
  };

  beforeAll(async () => {
    ({ t, api, tokens } = await startMatrixApp());
    athens = await entityId(t, 'DIMOS_ATHINAION');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('accepts with a reason and a reply: finished, in the history, told to the citizen', async () => {
    const { caseId, caseNumber } = await openCaseAtAthens(t, api, tokens.citizenA, 'Ζητώ άδεια.');
    const supporting = await reply(caseId);
    const accepted = await decide(caseId, {
      decision: 'accepted',
      reason: '  Πληρούνται όλες οι προϋποθέσεις.  ',
      document_id: supporting.id,
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data.inbox_status).toBe('finished');
    expect(accepted.body.data.decision).toMatchObject({
      decision: 'accepted',
      reason: 'Πληρούνται όλες οι προϋποθέσεις.',
      document: { id: supporting.id, reference_code: supporting.reference_code },
    });
    expect(accepted.body.data.decision?.decided_by).toBeTruthy();
    const history = await t.database.db
      .selectFrom('case_events')
      .select(['action', 'details'])
      .where('inbox_entry_id', '=', caseId)
      .where('action', '=', 'decision')
      .execute();
    expect(history).toEqual([
      {
        action: 'decision',
        details: expect.objectContaining({
          decision: 'accepted',
          to: 'finished',
          reason: 'Πληρούνται όλες οι προϋποθέσεις.',
          reference_code: supporting.reference_code,
        }),
      },
    ]);
    const messages = await citizenMessages(caseNumber);
    const decision = messages.find(
      (row) => (row.state_data as { decision?: string }).decision === 'accepted',
    );
    expect((decision?.state_data as { summary: string }).summary).toBe(
      'Η αίτησή σας εγκρίθηκε. Πληρούνται όλες οι προϋποθέσεις.',
    );
    expect(decision?.document_id).toBe(supporting.id);
    const alerts = await t.database.db
      .selectFrom('outbox')
      .select('message_key')
      .where('message_key', 'in', ['case_message_sms', 'case_message_email'])
      .execute();
    expect(alerts.length).toBeGreaterThan(0);
    // Decided: closed. A second decision waits for the case to open again.
    const twice = await decide(caseId, { decision: 'refused', reason: 'Όχι.' });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('action_not_allowed_on_state');
  });

  it('refuses or closes without action: canceled; opened again, the decision is gone', async () => {
    const { caseId } = await openCaseAtAthens(t, api, tokens.citizenA, 'Ζητώ βεβαίωση.');
    const refused = await decide(caseId, { decision: 'refused', reason: 'Λείπει το παράβολο.' });
    expect(refused.body.data.inbox_status).toBe('canceled');
    expect(refused.body.data.decision?.decision).toBe('refused');
    const reopened = await api<CaseAnswer>(
      'POST',
      `/api/entity/${athens}/inbox/${caseId}/change_state`,
      { token: tokens.clerkA, json: { state: 'pending' } },
    );
    expect(reopened.status).toBe(200);
    expect(reopened.body.data.decision ?? null).toBeNull();
    const closed = await decide(caseId, {
      decision: 'without_action',
      reason: 'Ο πολίτης απέσυρε το αίτημα.',
    });
    expect(closed.body.data.inbox_status).toBe('canceled');
    expect(closed.body.data.decision?.decision).toBe('without_action');
  });

  it('needs a reason, a known decision and a reply of this very case (clear 4xx)', async () => {
    const { caseId } = await openCaseAtAthens(t, api, tokens.citizenA, 'Ζητώ κάτι.');
    const other = await openCaseAtAthens(t, api, tokens.citizenA, 'Άλλο αίτημα.');
    const blank = await decide(caseId, { decision: 'accepted', reason: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.data?.invalid_fields).toEqual([
      { invalid_field: 'reason', error_info: { code: 'reason_required' } },
    ]);
    expect(blank.body.error.message).not.toBe('');
    const long = await decide(caseId, { decision: 'accepted', reason: 'α'.repeat(2001) });
    expect(long.status).toBe(400);
    const unknown = await decide(caseId, { decision: 'maybe', reason: 'Ίσως.' });
    expect(unknown.status).toBe(400);
    const malformed = await decide(caseId, { decision: 'accepted', reason: 'x', extra: 1 });
    expect(malformed.status).toBe(400);
    const elsewhere = await reply(other.caseId);
    const foreign = await decide(caseId, {
      decision: 'accepted',
      reason: 'Εντάξει.',
      document_id: elsewhere.id,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.data?.invalid_fields).toEqual([
      { invalid_field: 'document_id', error_info: { code: 'decision_document_invalid' } },
    ]);
    // Nothing was decided by the refusals.
    const still = await api<CaseAnswer>('GET', `/api/entity/${athens}/inbox/${caseId}`, {
      token: tokens.clerkA,
    });
    expect(still.body.data.inbox_status).toBe('incoming');
    expect(still.body.data.decision ?? null).toBeNull();
  });

  it('authorization matrix', async () => {
    const cases: string[] = [];
    for (let index = 0; index < MATRIX_CALLERS.length; index += 1) {
      cases.push((await openCaseAtAthens(t, api, tokens.citizenA, `Αίτημα ${index}.`)).caseId);
    }
    let next = 0;
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'POST',
      path: () => `/api/entity/${athens}/inbox/${cases[next++] ?? ''}/decision`,
      json: () => ({ decision: 'accepted', reason: 'Εγκρίνεται.' }),
      expected: [401, 403, 403, 'ok', 'ok', 404, 403],
    });
  });
});
