import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordExamples } from '../fixtures/api-examples';
import { entityId } from '../fixtures/entities';
import { multipart, type client } from '../fixtures/http';
import { issueToAthens } from '../fixtures/issued-documents';
import { type Caller, startMatrixApp } from '../fixtures/matrix';
import type { TestApp } from '../helpers';

/**
 * Spec section 7, "The calls it makes", written from the spec alone (issue #34): for every call
 * the spec names, the request it describes and the fields it says come back. Shapes of our own
 * (docs/api.md) are tested beside their features; this file holds the contract a client
 * written from the spec relies on. Each `describe` quotes the line of section 7 it checks.
 */

type Json = Record<string, unknown>;
type Answer = { data: Json & { [key: string]: unknown }; meta?: Json; message?: string };

/** The test PDF, as an inline attachment value carries it. */
async function validPdfBase64(): Promise<string> {
  const file = path.join(
    path.dirname(fileURLToPath(import.meta.url)),
    '../fixtures/files/valid.pdf',
  );
  return (await fs.readFile(file)).toString('base64');
}

/** The keys an object must have (the spec names fields, rarely their values). */
function expectKeys(value: unknown, keys: string[]): void {
  expect(value, `expected an object with ${keys.join(', ')}`).toBeTypeOf('object');
  expect(Object.keys(value as Json)).toEqual(expect.arrayContaining(keys));
}

describe('spec section 7: the calls a client makes', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let tokens: Record<Caller, string | undefined>;
  let athens: string;
  let issued: { id: string; referenceCode: string; caseNumber: string };
  let inboxId: string;
  let examples: ReturnType<typeof recordExamples>;

  beforeAll(async () => {
    ({ t, api, tokens } = await startMatrixApp());
    examples = recordExamples(api, 'Examples of the calls of spec section 7');
    api = examples.api;
    athens = await entityId(t, 'DIMOS_ATHINAION');
    issued = await issueToAthens(t, api, tokens.citizenA, 'Δηλώνω ότι τηρώ τη σύμβαση.');
    const entry = await t.database.db
      .selectFrom('inbox_entries')
      .select('id')
      .where('case_id', '=', issued.caseNumber)
      .executeTakeFirstOrThrow();
    inboxId = entry.id;
  }, 90_000);
  afterAll(async () => {
    await examples?.write();
    await t?.close();
  });

  describe('"GET /appconfig/ (settings, LANDING_PAGE_URL, flags)"', () => {
    it('answers the settings, the landing page and the flags, without a session', async () => {
      const answer = await api<Json>('GET', '/api/appconfig/');
      expect(answer.status).toBe(200);
      const config = (answer.body.data ?? answer.body) as Json;
      expect(JSON.stringify(config)).toContain('LANDING_PAGE_URL');
    });
  });

  describe('"GET /users/me … 401 or 404 means logout"', () => {
    it('answers the user of section 3 for a session', async () => {
      const me = await api<Json>('GET', '/api/users/me', { token: tokens.citizenA });
      expect(me.status).toBe(200);
      expectKeys(me.body, [
        'id',
        'is_admin',
        'anonymous_login',
        'firstname',
        'surname',
        'afm',
        'email',
        'username',
        'display_name',
        'ask_mobile_use_nnc_onboarding',
        'mobile_flow_done',
        'mobile_certified_login',
      ]);
      expect(me.body.afm).toBe('100000015');
      expect(me.body.display_name).toBe('ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ');
    });

    it('answers 401 without a session and for a token that is not one', async () => {
      expect((await api('GET', '/api/users/me')).status).toBe(401);
      expect((await api('GET', '/api/users/me', { token: 'not-a-session' })).status).toBe(401);
    });
  });

  describe('"Login endpoints: /api/login, /api/gsis_login, /api/gsis_admin_login, /api/anon_login/"', () => {
    it.each(['/api/login', '/api/gsis_login', '/api/gsis_admin_login'])(
      '%s redirects to the identity provider with an OpenID Connect code request',
      async (path) => {
        const answer = await t.app.inject({ method: 'GET', url: path });
        expect(answer.statusCode).toBe(302);
        const location = new URL(String(answer.headers.location), 'http://localhost');
        expect(location.searchParams.get('response_type')).toBe('code');
        expect(location.searchParams.get('code_challenge_method')).toBe('S256');
      },
    );

    it('/api/anon_login/ exists (it asks for a template that allows anonymous use)', async () => {
      const answer = await t.app.inject({ method: 'GET', url: '/api/anon_login/' });
      expect(answer.statusCode).not.toBe(404);
      expect(answer.statusCode).toBeLessThan(500);
    });
  });

  describe('"GET templates/{refname}"', () => {
    it('answers the template of section 3 by its refname', async () => {
      const answer = await api<Answer>('GET', '/api/templates/solemn-declaration');
      expect(answer.status).toBe(200);
      const template = answer.body.data.template as Json;
      expectKeys(template, [
        'refname',
        'enabled',
        'collectable',
        'required_claims',
        'login_endpoint',
        'intro-step',
        'steps-order',
      ]);
      expect(template.refname).toBe('solemn-declaration');
      expect((await api('GET', '/api/templates/no-such-template')).status).toBe(404);
    });
  });

  describe('"POST validation/document: document-id, document_pdf_retrieval content-uri, context; reads data.document"', () => {
    it('validates an issued document by its code and answers data.document', async () => {
      const answer = await api<Answer>('POST', '/api/validation/document', {
        json: { 'document-id': issued.referenceCode, document_pdf_retrieval: 'content-uri' },
      });
      expect(answer.status).toBe(200);
      const document = answer.body.data.document as Json;
      expect(document).toBeTypeOf('object');
      expect(JSON.stringify(document)).toContain(issued.referenceCode);
      const pdf = answer.body.data['document-pdf'] as Json;
      expect(String(pdf['content-uri'])).toMatch(/\/api\//);
    });

    it('takes the retrieval in its object form too, and a context', async () => {
      const answer = await api<Answer>('POST', '/api/validation/document', {
        json: {
          'document-id': issued.referenceCode,
          document_pdf_retrieval: { 'content-uri': '' },
        },
      });
      expect(answer.status).toBe(200);
      expect(answer.body.data['document-pdf']).toHaveProperty('content-uri');
    });

    it('an unknown code is a 4xx, never a 500', async () => {
      const answer = await api('POST', '/api/validation/document', {
        json: { 'document-id': 'ZZZZZZZZZZZZ' },
      });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    });
  });

  describe('"GET gates/{codename}/gate/layout: nav-actions, landing-url"', () => {
    it('answers the layout of a gate for its staff', async () => {
      const answer = await api<Answer>('GET', '/api/gates/DIMOS_ATHINAION/gate/layout', {
        token: tokens.headA,
      });
      expect(answer.status).toBe(200);
      expectKeys(answer.body.data, ['nav-actions', 'landing-url']);
    });
  });

  describe('"GET entity/{entityId}/inbox with limit, offset, status, assignee_id, ordering, case, user, document_title, assignee, date_from, date_to"', () => {
    it('takes every filter the spec names and answers the inbox items of section 3', async () => {
      const query = new URLSearchParams({
        limit: '5',
        offset: '0',
        status: 'incoming',
        ordering: '-received_at',
        case: issued.caseNumber,
        date_from: '2000-01-01',
        date_to: '2999-12-31',
      });
      const answer = await api<{ data: Json[]; meta: Json }>(
        'GET',
        `/api/entity/${athens}/inbox?${query.toString()}`,
        { token: tokens.clerkA },
      );
      expect(answer.status).toBe(200);
      expect(answer.body.data).toHaveLength(1);
      const item = answer.body.data[0];
      expectKeys(item, ['id', 'entry_id', 'inbox_status', 'assignee', 'declaration']);
      expectKeys(item?.declaration, [
        'template_id',
        'timestamp',
        'reference_code',
        'user_display_name',
        'case_id',
      ]);
      expect(item?.entry_id).toBe(inboxId);
      expect(answer.body.meta).toBeTypeOf('object');
    });

    it.each(['user', 'document_title', 'assignee', 'assignee_id'])(
      'the filter %s is taken (a 200, not a 400)',
      async (name) => {
        const value = name === 'assignee_id' ? '00000000-0000-4000-8000-000000000000' : 'Α';
        const answer = await api('GET', `/api/entity/${athens}/inbox?${name}=${value}`, {
          token: tokens.clerkA,
        });
        expect(answer.status).toBe(200);
      },
    );
  });

  describe('"GET entity/{entityId}/creatable-templates"', () => {
    it('lists what the entity may issue', async () => {
      const answer = await api<{ data: Json[] }>(
        'GET',
        `/api/entity/${athens}/creatable-templates`,
        { token: tokens.clerkA },
      );
      expect(answer.status).toBe(200);
      expect(Array.isArray(answer.body.data)).toBe(true);
    });
  });

  describe('"GET entity/{e}/inbox/{i}. GET entity/{id}/inbox-entry-resolve/{inboxId} (entry_id)"', () => {
    it('answers one inbox item, and resolves an inbox id to its entry_id', async () => {
      const item = await api<Answer>('GET', `/api/entity/${athens}/inbox/${inboxId}`, {
        token: tokens.clerkA,
      });
      expect(item.status).toBe(200);
      expect(JSON.stringify(item.body.data)).toContain(issued.caseNumber);
      const resolved = await api<Json>(
        'GET',
        `/api/entity/${athens}/inbox-entry-resolve/${inboxId}`,
        { token: tokens.clerkA },
      );
      expect(resolved.status).toBe(200);
      expect(resolved.body.entry_id).toBe(inboxId);
    });
  });

  describe('"GET and POST …/communications (POST message); GET and POST …/comments (POST comment); GET …/history"', () => {
    it('a message: POST {message}, then GET lists it with message, user_display_name, timestamp', async () => {
      const base = `/api/entity/${athens}/inbox/${inboxId}`;
      const sent = await api('POST', `${base}/communications`, {
        token: tokens.clerkA,
        json: { message: 'Παρακαλώ στείλτε το συμβόλαιο.' },
      });
      expect(sent.status).toBeLessThan(300);
      const list = await api<{ data: Json[] }>('GET', `${base}/communications`, {
        token: tokens.clerkA,
      });
      expect(list.status).toBe(200);
      const message = list.body.data.find((m) => m.message === 'Παρακαλώ στείλτε το συμβόλαιο.');
      expectKeys(message, ['message', 'user_display_name', 'timestamp']);
    });

    it('a note: POST {comment}, then GET lists it with comment, user_display_name, timestamp', async () => {
      const base = `/api/entity/${athens}/inbox/${inboxId}`;
      const sent = await api('POST', `${base}/comments`, {
        token: tokens.clerkA,
        json: { comment: 'Ελέγχθηκε.' },
      });
      expect(sent.status).toBeLessThan(300);
      const list = await api<{ data: Json[] }>('GET', `${base}/comments`, {
        token: tokens.clerkA,
      });
      const note = list.body.data.find((n) => n.comment === 'Ελέγχθηκε.');
      expectKeys(note, ['comment', 'user_display_name', 'timestamp']);
    });

    it('history items of section 3', async () => {
      const list = await api<{ data: Json[] }>(
        'GET',
        `/api/entity/${athens}/inbox/${inboxId}/history`,
        { token: tokens.clerkA },
      );
      expect(list.status).toBe(200);
      expect(list.body.data.length).toBeGreaterThan(0);
      expectKeys(list.body.data[0], [
        'id',
        'entry_id',
        'timestamp',
        'action_display',
        'action_user_display_name',
        'declaration',
      ]);
      expect(list.body.data[0]?.action_display).toBe('Παραλαβή');
    });

    it('the history action is named in the request language', async () => {
      const list = await api<{ data: Json[] }>(
        'GET',
        `/api/entity/${athens}/inbox/${inboxId}/history`,
        { token: tokens.clerkA, headers: { 'accept-language': 'en' } },
      );
      expect(list.body.data[0]?.action_display).toBe('Received');
    });
  });

  describe('"POST …/assign (user_id); POST …/change_state (state)"', () => {
    it('assigns to a clerk and changes the state', async () => {
      const base = `/api/entity/${athens}/inbox/${inboxId}`;
      const clerk = await api<Json>('GET', '/api/users/me', { token: tokens.clerkA });
      const assigned = await api('POST', `${base}/assign`, {
        token: tokens.headA,
        json: { user_id: clerk.body.id },
      });
      expect(assigned.status).toBeLessThan(300);
      const changed = await api('POST', `${base}/change_state`, {
        token: tokens.clerkA,
        json: { state: 'pending' },
      });
      expect(changed.status).toBeLessThan(300);
      const item = await api<{ data: Json }>('GET', base, { token: tokens.clerkA });
      expect(item.body.data.inbox_status).toBe('pending');
      expect(item.body.data.assignee).toBe(clerk.body.id);
    });
  });

  describe('"POST …/pdf/token and …/attachments/{n}/token (download_url)"', () => {
    it('the case PDF token answers a download_url that downloads the PDF', async () => {
      const answer = await api<Json>('POST', `/api/entity/${athens}/inbox/${inboxId}/pdf/token`, {
        token: tokens.clerkA,
      });
      expect(answer.status).toBe(200);
      const url = String(answer.body.download_url);
      const pdf = await t.app.inject({ method: 'GET', url: new URL(url, 'http://x').pathname });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('an attachment index the document does not have is a 404', async () => {
      const answer = await api(
        'POST',
        `/api/entity/${athens}/inbox/${inboxId}/attachments/7/token`,
        { token: tokens.clerkA },
      );
      expect(answer.status).toBe(404);
    });
  });

  describe('"GET entities/{id}; PATCH entities/{id} with fields; … active-clerk-permissions (user_id filter), active-permissions, pending-permissions"', () => {
    it('reads the entity of section 3 and patches its fields', async () => {
      const entity = await api<Answer>('GET', `/api/entities/${athens}`, { token: tokens.headA });
      expect(entity.status).toBe(200);
      expectKeys(entity.body.data, ['id', 'codename', 'display_name', 'email', 'is_addressable']);
      const patched = await api<Answer>('PATCH', `/api/entities/${athens}`, {
        token: tokens.headA,
        json: { email: 'protokollo@athens.example.gr' },
      });
      expect(patched.status).toBe(200);
      expect(patched.body.data.email).toBe('protokollo@athens.example.gr');
    });

    it('lists the clerks (filtered by user_id), the active and the pending permissions', async () => {
      const clerk = await api<Json>('GET', '/api/users/me', { token: tokens.clerkA });
      const clerks = await api<{ data: Json[] }>(
        'GET',
        `/api/entities/${athens}/active-clerk-permissions?user_id=${String(clerk.body.id)}`,
        { token: tokens.headA },
      );
      expect(clerks.status).toBe(200);
      expect(clerks.body.data.length).toBeGreaterThan(0);
      expect(clerks.body.data.every((p) => p.user_id === clerk.body.id)).toBe(true);
      for (const list of ['active-permissions', 'pending-permissions']) {
        const answer = await api<{ data: Json[] }>('GET', `/api/entities/${athens}/${list}`, {
          token: tokens.headA,
        });
        expect(answer.status, list).toBe(200);
        expect(Array.isArray(answer.body.data)).toBe(true);
      }
    });
  });

  describe('"GET/POST my-permission-requests (entity_name, role); … pending-permissions/{pid}/accept and /reject; active-permissions/{pid}/deactivate; POST entities/{id}/enroll"', () => {
    it('a request by entity name is accepted, then deactivated; an enrolment is rejected', async () => {
      const asked = await api<Answer>('POST', '/api/my-permission-requests', {
        token: tokens.adminWithoutRole,
        json: { entity_name: ' dimos_athinaion ', role: 'clerk' },
      });
      expect(asked.status).toBe(201);
      expectKeys(asked.body.data, ['id', 'user_id', 'role', 'user_info', 'user_display_name']);
      expect(asked.body.data.response).toBeNull();
      const mine = await api<{ data: Json[] }>('GET', '/api/my-permission-requests', {
        token: tokens.adminWithoutRole,
      });
      expect(mine.body.data.map((p) => p.id)).toContain(asked.body.data.id);
      const pending = await api<{ data: Json[] }>(
        'GET',
        `/api/entities/${athens}/pending-permissions`,
        { token: tokens.headA },
      );
      expect(pending.body.data.map((p) => p.id)).toContain(asked.body.data.id);
      const base = `/api/entities/${athens}`;
      const accepted = await api<Answer>(
        'POST',
        `${base}/pending-permissions/${String(asked.body.data.id)}/accept`,
        { token: tokens.headA },
      );
      expect(accepted.status).toBe(200);
      expect(accepted.body.data.response).toBe('accept');
      const active = await api<{ data: Json[] }>('GET', `${base}/active-permissions`, {
        token: tokens.headA,
      });
      // Active permissions come as staff entries (section 3: name, afm, email, roles), each with
      // the permission behind each role.
      const entry = active.body.data.find((p) => p.user_id === asked.body.data.user_id);
      expectKeys(entry, ['name', 'afm', 'email', 'roles']);
      expect(JSON.stringify(entry)).toContain(String(asked.body.data.id));
      const deactivated = await api(
        'POST',
        `${base}/active-permissions/${String(asked.body.data.id)}/deactivate`,
        { token: tokens.headA },
      );
      expect(deactivated.status).toBe(200);

      const enrolled = await api<Answer>('POST', `${base}/enroll`, {
        token: tokens.adminWithoutRole,
        json: { role: 'head' },
      });
      expect(enrolled.status).toBe(201);
      expect(enrolled.body.data.role).toBe('head');
      const rejected = await api<Answer>(
        'POST',
        `${base}/pending-permissions/${String(enrolled.body.data.id)}/reject`,
        { token: tokens.headA },
      );
      expect(rejected.status).toBe(200);
      expect(rejected.body.data.response).toBe('reject');
    });
  });

  describe('"POST profile with consents"', () => {
    it('records the profile consents of section 3', async () => {
      const answer = await api('POST', '/api/profile', {
        token: tokens.citizenA,
        json: { consents: { mobile_use_nnc_onboarding: true, mobile_check_certified: false } },
      });
      expect(answer.status).toBeLessThan(300);
      const me = await api<Json>('GET', '/api/users/me', { token: tokens.citizenA });
      expect(me.body.ask_mobile_use_nnc_onboarding).toBe(false);
    });
  });

  describe('"POST gates/USER/gate/inbox-entries with action list, types, status list, limit, full_document false, after, before, _t; returns entries and meta.incoming.next"', () => {
    it('lists the citizen messages of section 3 and the polling cursor', async () => {
      const answer = await api<{ data: Json[]; meta: { incoming: { next: unknown } } }>(
        'POST',
        '/api/gates/USER/gate/inbox-entries',
        {
          token: tokens.citizenA,
          json: {
            action: 'list',
            types: ['message', 'wallet-consent-request'],
            status: ['incoming', 'retrieved'],
            limit: 10,
            full_document: false,
            _t: Date.now(),
          },
        },
      );
      expect(answer.status).toBe(200);
      expect(answer.body.meta.incoming).toHaveProperty('next');
      for (const entry of answer.body.data) {
        expectKeys(entry, ['id', 'type', 'status', 'create_timestamp', 'tsid', 'state_data']);
      }
    });

    it('archives and unarchives with object_id in arguments', async () => {
      const list = await api<{ data: Json[] }>('POST', '/api/gates/USER/gate/inbox-entries', {
        token: tokens.citizenA,
        json: { action: 'list', types: ['message', 'user-document', 'incoming-document'] },
      });
      // The clerk's message of the communications test above is in her mailbox.
      const entry = list.body.data[0];
      if (!entry) throw new Error('citizen A has no message to archive');
      for (const action of ['retrieve', 'archive', 'unarchive']) {
        const answer = await api<Answer>('POST', '/api/gates/USER/gate/inbox-entries/action', {
          token: tokens.citizenA,
          json: { action, arguments: { object_id: entry.id } },
        });
        expect(answer.status, action).toBe(200);
      }
    });
  });

  describe('"GET citizen-declarations with limit, offset, draft true/false"', () => {
    it('pages the citizen documents, drafts apart', async () => {
      const issuedList = await api<{ data: Json[]; meta: Json }>(
        'GET',
        '/api/citizen-declarations?limit=5&offset=0&draft=false',
        { token: tokens.citizenA },
      );
      expect(issuedList.status).toBe(200);
      expect(issuedList.body.data.map((d) => d.id)).toContain(issued.id);
      const drafts = await api<{ data: Json[] }>(
        'GET',
        '/api/citizen-declarations?limit=5&offset=0&draft=true',
        { token: tokens.citizenA },
      );
      expect(drafts.body.data.map((d) => d.id)).not.toContain(issued.id);
    });
  });

  describe('"POST my-declarations/{id}/pdf/token"', () => {
    it('answers a download_url of the issued PDF to its owner only', async () => {
      const mine = await api<Answer>('POST', `/api/my-declarations/${issued.id}/pdf/token`, {
        token: tokens.citizenA,
      });
      expect(mine.status).toBe(200);
      expect(String(mine.body.data.download_url)).toMatch(/\/api\//);
      const theirs = await api('POST', `/api/my-declarations/${issued.id}/pdf/token`, {
        token: tokens.citizenB,
      });
      expect(theirs.status).toBe(404);
    });
  });

  describe('"POST gates/{codename}/gate/inbox-entries/action with forward (target-codename) or forward-info (recipient_dataset), object_id"', () => {
    it('forwards a case to another entity by codename', async () => {
      const answer = await api<{ data: { forwarded: Json[] } }>(
        'POST',
        '/api/gates/DIMOS_ATHINAION/gate/inbox-entries/action',
        {
          token: tokens.headA,
          json: { action: 'forward', object_id: inboxId, arguments: { 'target-codename': 'AADE' } },
        },
      );
      expect(answer.status).toBe(200);
      expect(answer.body.data.forwarded).toHaveLength(1);
    });

    it('forward-info with an unknown recipient_dataset is a 4xx', async () => {
      const answer = await api('POST', '/api/gates/DIMOS_ATHINAION/gate/inbox-entries/action', {
        token: tokens.headA,
        json: {
          action: 'forward-info',
          object_id: inboxId,
          arguments: { recipient_dataset: 'no-such-dataset' },
        },
      });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    });
  });

  describe('"Create/update POST on the scope: document (statements, attachments, template refname, digest-sha256, declaration-id) … interactive flag, optional actor"', () => {
    it('creates on gates/USER/gate/documents and updates with the digest; a stale digest is a 409', async () => {
      const created = await api<Answer>('POST', '/api/gates/USER/gate/documents', {
        token: tokens.citizenB,
        json: {
          document: { template: 'solemn-declaration', statements: {}, attachments: {} },
          interactive: true,
        },
      });
      expect(created.status).toBe(201);
      const document = created.body.data.document as Json;
      expectKeys(document, [
        'id',
        'type',
        'state',
        'step_name',
        'step_info',
        'template',
        'case_id',
        'is_official',
        'qrcode',
        'timestamp',
        'recipient',
        'values',
        'replies',
        'declaration-id',
        'digest-sha256',
      ]);
      expectKeys(document.step_info, [
        'fieldsets',
        'field-order',
        'fieldset-order',
        'fields',
        'actions',
        'is-final-view',
        'document-pdf',
      ]);
      const update = (digest: unknown) =>
        api<Answer>('POST', `/api/my-declarations/${String(document.id)}`, {
          token: tokens.citizenB,
          json: {
            document: {
              'declaration-id': document['declaration-id'],
              'digest-sha256': digest,
              statements: { statement: 'Δηλώνω ότι διάβασα τους όρους.' },
              attachments: {},
            },
          },
        });
      const saved = await update(document['digest-sha256']);
      expect(saved.status).toBe(200);
      expect((saved.body.data.document as Json).step_name).toBe('recipient');
      expect((await update(document['digest-sha256'])).status).toBe(409);
      const back = await api<Answer>(
        'POST',
        `/api/my-declarations/${String(document.id)}/backstep`,
        { token: tokens.citizenB },
      );
      expect(back.status).toBe(200);
      expect((back.body.data.document as Json).step_name).toBe('fields');
    });
  });

  describe('"Document action POST on the scope resource with action, object_id, arguments"', () => {
    it('retrieve with retrieval content-uri answers data.document and data.document-pdf', async () => {
      const answer = await api<Answer>('POST', `/api/my-declarations/${issued.id}/action`, {
        token: tokens.citizenA,
        json: {
          action: 'retrieve',
          object_id: issued.id,
          arguments: { retrieval: 'content-uri' },
        },
      });
      expect(answer.status).toBe(200);
      expectKeys(answer.body.data.document, [
        'state',
        'statements',
        'attachments',
        'declaration-id',
        'document-id',
        'timestamp',
        'case_id',
        'is_official',
        'scope',
      ]);
      expect(String((answer.body.data['document-pdf'] as Json)['content-uri'])).toMatch(/\/api\//);
    });

    it('send-document-link by e-mail answers the success message; another citizen is refused', async () => {
      const mine = await api<Answer>('POST', '/api/gates/USER/gate/documents/action', {
        token: tokens.citizenA,
        json: {
          action: 'send-document-link',
          object_id: issued.id,
          arguments: { method: 'email', email: 'maria@example.gr' },
        },
      });
      expect(mine.status).toBe(200);
      expect(mine.body.message).toBeTypeOf('string');
      const theirs = await api('POST', '/api/gates/USER/gate/documents/action', {
        token: tokens.citizenB,
        json: { action: 'pdf', object_id: issued.id },
      });
      expect(theirs.status).toBe(404);
    });

    it('validation/document: anyone may retrieve the PDF of a valid document', async () => {
      const answer = await api<Answer>('POST', '/api/validation/document/action', {
        json: {
          action: 'pdf',
          object_id: issued.referenceCode,
          arguments: {},
        },
      });
      expect(answer.status).toBeLessThan(300);
      expect(JSON.stringify(answer.body)).toContain('/api/');
    });
  });

  describe('"A separate attachment upload call exists … attachments/{key}/token" and section 3\'s attachment value (filename, content-uri, attachment-index, file_id)', () => {
    it('an upload sent back as answered round-trips; its value carries a content-uri its owner GETs', async () => {
      const pdf = await fs.readFile(
        path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/files/valid.pdf'),
      );
      const body = multipart({ template: 'application-attachments', field: 'main_document' }, [
        { name: 'file', filename: 'proof.pdf', contentType: 'application/pdf', bytes: pdf },
      ]);
      const uploaded = await api<Answer>('POST', '/api/attachments', {
        token: tokens.citizenA,
        ...body,
      });
      expect(uploaded.status).toBe(201);
      const upload = uploaded.body.data;
      // The upload's answer, unchanged, as the field's value.
      const created = await api<Answer>('POST', '/api/my-declarations/', {
        token: tokens.citizenA,
        json: {
          document: {
            template: 'application-attachments',
            statements: {},
            attachments: { main_document: [upload] },
          },
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const document = created.body.data.document as Json;
      const valueOf = (doc: Json) =>
        ((doc.attachments as Record<string, Json[]>).main_document ?? []) as Json[];
      const [value] = valueOf(document);
      expectKeys(value, ['file_id', 'filename', 'content-uri', 'attachment-index']);
      expect(value?.file_id).toBe(upload.file_id);
      // The address needs no session: the token in it is the authorisation.
      const file = await t.app.inject({ method: 'GET', url: String(value?.['content-uri']) });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(pdf)).toBe(true);

      const id = String(document.id);
      const application = { subject: 'Βεβαίωση', application_text: 'Επισυνάπτω τη βεβαίωση.' };
      const update = (digest: unknown, statements: Json, attachments: Json) =>
        api<Answer>('POST', `/api/my-declarations/${id}`, {
          token: tokens.citizenA,
          json: { document: { 'digest-sha256': digest, statements, attachments } },
        });
      const backstep = async () => {
        const back = await api<Answer>('POST', `/api/my-declarations/${id}/backstep`, {
          token: tokens.citizenA,
        });
        expect(back.status).toBe(200);
        return (back.body.data.document as Json)['digest-sha256'];
      };
      // To the step of the attachment fields.
      const onward = await update(document['digest-sha256'], {}, {});
      expect(onward.status, JSON.stringify(onward.body)).toBe(200);
      expect((onward.body.data.document as Json).step_name).toBe('application');
      // There, the value sent back as answered, then by its content-uri alone: the same file.
      const kept = await update((onward.body.data.document as Json)['digest-sha256'], application, {
        main_document: [value],
      });
      expect(kept.status, JSON.stringify(kept.body)).toBe(200);
      expect(valueOf(kept.body.data.document as Json).map((file) => file.file_id)).toEqual([
        upload.file_id,
      ]);
      const byUri = await update(await backstep(), application, {
        main_document: [{ 'content-uri': value?.['content-uri'] }],
      });
      expect(byUri.status, JSON.stringify(byUri.body)).toBe(200);
      expect(valueOf(byUri.body.data.document as Json).map((file) => file.file_id)).toEqual([
        upload.file_id,
      ]);
      // As read back: the value with a fresh address (docs/api-examples.md shows it).
      const read = await api<Answer>('GET', `/api/my-declarations/${id}`, {
        token: tokens.citizenA,
      });
      expect(read.status).toBe(200);
      expect(valueOf(read.body.data.document as Json)[0]?.['content-uri']).toMatch(
        /^\/api\/case-files\//,
      );
      // An address that names no file of this document: the field says so.
      const bogus = await update(await backstep(), application, {
        main_document: [{ 'content-uri': '/api/case-files/not-a-token' }],
      });
      expect(bogus.status).toBe(400);
      expect(JSON.stringify(bogus.body)).toContain('attachment_not_found');

      // download-attachment on the document's scope, and attachments/{key}/token.
      const action = await api<Answer>(
        'POST',
        `/api/my-declarations/${String(document.id)}/action`,
        {
          token: tokens.citizenA,
          json: { action: 'download-attachment', arguments: { key: 'main_document' } },
        },
      );
      expect(action.status).toBe(200);
      expect(String(action.body.meta?.download_url)).toMatch(/^\/api\/case-files\//);
      expect(valueOf(action.body.data.document as Json)[0]?.['content-uri']).toMatch(
        /^\/api\/case-files\//,
      );
      const token = await api<Json>(
        'POST',
        `/api/my-declarations/${String(document.id)}/attachments/main_document/token`,
        { token: tokens.citizenA },
      );
      expect(token.status).toBe(200);
      expect(token.body.download_url).toMatch(/^\/api\/case-files\//);
    });

    it("another citizen's content-uri names no file of hers; the validation shows no addresses", async () => {
      const mine = await api<Answer>('POST', '/api/my-declarations/', {
        token: tokens.citizenA,
        json: {
          document: {
            template: 'application-attachments',
            statements: {},
            attachments: {
              main_document: [
                {
                  filename: 'a.pdf',
                  content: await validPdfBase64(),
                  'content-encoding': 'base64',
                },
              ],
            },
          },
        },
      });
      expect(mine.status).toBe(201);
      const uri = ((mine.body.data.document as Json).attachments as Record<string, Json[]>)
        .main_document?.[0]?.['content-uri'];
      expect(uri).toMatch(/^\/api\/case-files\//);
      const theirs = await api<Answer>('POST', '/api/my-declarations/', {
        token: tokens.citizenB,
        json: {
          document: {
            template: 'application-attachments',
            statements: {},
            attachments: { main_document: [{ 'content-uri': uri }] },
          },
        },
      });
      expect(theirs.status).toBe(400);
      expect(JSON.stringify(theirs.body)).toContain('attachment_not_found');
      const validated = await api<Answer>('POST', '/api/validation/document/action', {
        json: { action: 'retrieve', object_id: issued.referenceCode, arguments: {} },
      });
      expect(validated.status).toBe(200);
      expect(JSON.stringify(validated.body)).not.toContain('/api/case-files/');
    });
  });

  describe("the OpenAPI document describes the spec's shapes, with examples", () => {
    it('the action, create/update and error schemas carry their examples', async () => {
      const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
      expect(docs.statusCode).toBe(200);
      const text = docs.body;
      const openapi = JSON.parse(text) as {
        paths: Record<string, Record<string, { requestBody?: unknown; responses?: unknown }>>;
      };
      const action = JSON.stringify(openapi.paths['/api/my-declarations/{id}/action']?.post);
      expect(action).toContain('"examples"');
      expect(action).toContain('send-document-link');
      expect(action).toContain('afm_invalid');
      const create = JSON.stringify(openapi.paths['/api/gates/USER/gate/documents']?.post);
      expect(create).toContain('digest-sha256');
      expect(create).toContain('"examples"');
      expect(create).toContain('solemn-declaration');
    });
  });

  describe('a draft holding what the recipient step never checked', () => {
    it('a create whose statements name the recipient as plain text is not a 500', async () => {
      const created = await api('POST', '/api/my-declarations/', {
        token: tokens.citizenB,
        json: { document: { template: 'solemn-declaration', statements: { recipient: 'email' } } },
      });
      expect(created.status).toBeLessThan(500);
      expect([201, 400]).toContain(created.status);
    });
  });
});
