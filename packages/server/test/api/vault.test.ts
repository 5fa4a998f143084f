import type { DocumentListItem, PageMeta, VaultCasePage } from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCaseOf } from '../fixtures/demo-cases';
import { entityId } from '../fixtures/entities';
import type { client, ErrorBody } from '../fixtures/http';
import { openCaseAtAthens } from '../fixtures/issued-documents';
import { MATRIX_AFM, MATRIX_CALLERS, startMatrixApp, type Caller } from '../fixtures/matrix';
import type { TestApp } from '../helpers';

const CASES = '/api/vault/cases';

type DocumentAnswer = { data: { document: { id: string; case_id: string | null } } };
type Cases = VaultCasePage & ErrorBody;

describe("the citizen's vault: cases", () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let tokens: Record<Caller, string | undefined>;
  const as = (who: Caller) => ({ token: tokens[who] });
  let athens: string;
  let caseId: string;
  let caseNumber: string;
  let paperCase: string;

  beforeAll(async () => {
    ({ t, api, tokens } = await startMatrixApp());
    athens = await entityId(t, 'DIMOS_ATHINAION');
    ({ caseId, caseNumber } = await openCaseAtAthens(t, api, tokens.citizenA));
    // A case without a document (demo, paper) is the citizen's by tax number, received earlier.
    paperCase = await seedDemoCaseOf(t, MATRIX_AFM.citizenA, {
      receivedAt: new Date(Date.UTC(2020, 0, 1)),
    });
  }, 60_000);
  afterAll(async () => t?.close());

  it('lists the citizen’s case with the entity, the template and the status the entity set', async () => {
    const listed = await api<Cases>('GET', CASES, as('citizenA'));
    expect(listed.status).toBe(200);
    expect(listed.body.meta).toEqual<PageMeta>({ count: 2, limit: 10, offset: 0, total_pages: 1 });
    expect(listed.body.data.map((c) => c.id)).toEqual([caseId, paperCase]);
    expect(listed.body.data[0]).toMatchObject({
      case_id: caseNumber,
      status: 'incoming',
      entity: { codename: 'DIMOS_ATHINAION' },
      template: { refname: 'solemn-declaration' },
      received: [],
    });
    expect(listed.body.data[0]?.reference_code).toMatch(/\S/);
    expect(listed.body.data[0]?.template.shortname.el).toMatch(/\S/);
  });

  it('shows the new status and what the entity sent back about the case', async () => {
    const changed = await api('POST', `/api/entity/${athens}/inbox/${caseId}/change_state`, {
      ...as('clerkA'),
      json: { state: 'pending' },
    });
    expect(changed.status).toBe(200);
    const sent = await api('POST', `/api/entity/${athens}/inbox/${caseId}/communications`, {
      ...as('clerkA'),
      json: { message: 'Λείπει το αποδεικτικό διεύθυνσης.' },
    });
    expect(sent.status).toBe(201);
    const listed = await api<Cases>('GET', CASES, as('citizenA'));
    const mine = listed.body.data.find((c) => c.id === caseId);
    expect(mine?.status).toBe('pending');
    expect(mine?.received).toEqual([
      expect.objectContaining({
        type: 'message',
        status: 'incoming',
        summary: 'Λείπει το αποδεικτικό διεύθυνσης.',
      }),
    ]);
  });

  it('pages with limit and offset', async () => {
    const first = await api<Cases>('GET', `${CASES}?limit=1`, as('citizenA'));
    expect(first.body.meta).toEqual({ count: 2, limit: 1, offset: 0, total_pages: 2 });
    expect(first.body.data.map((c) => c.id)).toEqual([caseId]);
    const second = await api<Cases>('GET', `${CASES}?limit=1&offset=1`, as('citizenA'));
    expect(second.body.data.map((c) => c.id)).toEqual([paperCase]);
    const beyond = await api<Cases>('GET', `${CASES}?limit=5&offset=50`, as('citizenA'));
    expect(beyond.body.data).toEqual([]);
  });

  it.each(['limit=0', 'limit=abc', 'offset=-1', 'limit=1001'])(
    'answers a clear 400 to %s',
    async (query) => {
      const answer = await api<ErrorBody>('GET', `${CASES}?${query}`, as('citizenA'));
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toMatch(/\S/);
    },
  );

  it('gives the issued documents their issue date and retention in the documents list', async () => {
    const issued = await api<{ data: DocumentListItem[] }>(
      'GET',
      '/api/citizen-declarations?draft=false',
      as('citizenA'),
    );
    expect(issued.status).toBe(200);
    const [first] = issued.body.data;
    expect(first?.issued_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(first?.retention_until).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Told apart from other declarations (issue #33): its first words, and its case's status
    // (set to pending by the clerk above).
    expect(first?.summary).toBe('Δηλώνω ότι μένω στην Αθήνα.');
    expect(first?.case_status).toBe('pending');
    expect(first?.recipient).toMatchObject({ type: 'entity', codename: 'DIMOS_ATHINAION' });
    const draft = await api<DocumentAnswer>('POST', '/api/my-declarations/', {
      ...as('citizenA'),
      json: { document: { template: 'solemn-declaration', statements: {} } },
    });
    expect(draft.status).toBe(201);
    const drafts = await api<{ data: DocumentListItem[] }>(
      'GET',
      '/api/citizen-declarations?draft=true',
      as('citizenA'),
    );
    expect(drafts.body.data[0]).toMatchObject({
      issued_at: null,
      retention_until: null,
      summary: null,
      case_status: null,
    });
  });

  describe('authorization matrix', () => {
    it('GET /api/vault/cases: only a login, and each caller sees only their own cases', async () => {
      const got: (number | string)[] = [];
      for (const who of MATRIX_CALLERS) {
        const answer = await api<Cases>('GET', CASES, as(who));
        got.push(
          answer.status === 200
            ? answer.body.data.some((c) => c.id === caseId || c.id === paperCase)
              ? 'own cases'
              : 'none'
            : answer.status,
        );
      }
      // Staff sessions reach their own vault (none), never the citizen's cases they handle.
      expect(got).toEqual([401, 'own cases', 'none', 'none', 'none', 'none', 'none']);
    });
  });

  it('says which entity forwarded a copy of the case, so she does not seem to have sent it', async () => {
    const forwarded = await api('POST', '/api/gates/DIMOS_ATHINAION/gate/inbox-entries/action', {
      ...as('clerkA'),
      json: { action: 'forward', object_id: caseId, arguments: { 'target-codename': 'EFKA' } },
    });
    expect(forwarded.status).toBe(200);
    const listed = await api<Cases>('GET', CASES, as('citizenA'));
    const byEntity = Object.fromEntries(
      listed.body.data.map((c) => [c.entity.codename, c.forwarded_from?.codename ?? null]),
    );
    expect(byEntity).toEqual({ EFKA: 'DIMOS_ATHINAION', DIMOS_ATHINAION: null });
  });
});
