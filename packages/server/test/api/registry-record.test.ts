import type { RegistryRecord } from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAnonymously } from '../fixtures/citizens';
import type { client, ErrorBody } from '../fixtures/http';
import {
  expectMatrix,
  MATRIX_AFM,
  MATRIX_CALLERS,
  startMatrixApp,
  type Caller,
} from '../fixtures/matrix';
import type { TestApp } from '../helpers';

/**
 * Identity confirmation (issue #38): GET /api/profile/registry-record answers what the registry
 * says about the signed-in person, through the login's own registry check.
 */
describe('the signed-in person reads her registry record', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let tokens: Record<Caller, string | undefined>;
  type Answer = { data: RegistryRecord } & ErrorBody;

  beforeAll(async () => {
    ({ t, api, tokens } = await startMatrixApp());
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('everyone signed in reads her own record; no session 401; an anonymous login 403', async () => {
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'GET',
      path: () => '/api/profile/registry-record',
      expected: [401, 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'],
    });
    const anonymous = await loginAnonymously(t, 'registry-record-anon');
    const refused = await api<Answer>('GET', '/api/profile/registry-record', { token: anonymous });
    expect(refused.status).toBe(403);
    // Refused by the anonymous scope before the route's own check (issue #37).
    expect(refused.body.error.code).toBe('anonymous_scope');

    // Each caller gets her own record, never another's.
    const a = await api<Answer>('GET', '/api/profile/registry-record', { token: tokens.citizenA });
    expect(a.body.data).toEqual({
      afm: MATRIX_AFM.citizenA,
      firstname: 'ΜΑΡΙΑ',
      surname: 'ΠΑΠΑΔΟΠΟΥΛΟΥ',
      father_name: 'ΓΕΩΡΓΙΟΣ',
      mother_name: 'ΕΛΕΝΗ',
      birth_date: '1980-01-01',
    });
    const b = await api<Answer>('GET', '/api/profile/registry-record', { token: tokens.citizenB });
    expect(b.body.data).toMatchObject({ afm: MATRIX_AFM.citizenB, surname: 'ΓΕΩΡΓΙΟΥ' });
  });

  it('a person the registry no longer accepts gets the login code, in her language', async () => {
    await t.database.db
      .updateTable('persons')
      .set({ tax_status: 'deceased' })
      .where('afm', '=', MATRIX_AFM.citizenB)
      .execute();
    const answer = await api<Answer>('GET', '/api/profile/registry-record', {
      token: tokens.citizenB,
      headers: { 'accept-language': 'en' },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('vatin_has_passed');
    expect(answer.body.error.message).not.toBe('vatin_has_passed');
  });
});
