import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers';
import { migrate } from '../../db/migrate';
import { updateDocumentRecorded } from './document-queries';

// The recorded update is compiled once per set of columns; each shape must still write exactly
// its own columns, and an expression in `set` still works (the long way).
describe('updateDocumentRecorded', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let userId: string;
  const documentId = crypto.randomUUID();

  beforeAll(async () => {
    database = await createTestDatabase({ migrated: true });
    await migrate(database);
    const db = database.db;
    ({ id: userId } = await db
      .insertInto('users')
      .values({ afm: '123456789' })
      .returning('id')
      .executeTakeFirstOrThrow());
    await db
      .insertInto('templates')
      .values({
        refname: 'queries-test',
        version: 1,
        code: 'QT',
        type: 'solemn_declaration',
        definition: '{}',
      })
      .execute();
    const at = new Date('2026-11-27T09:00:00.000Z');
    await db
      .insertInto('documents')
      .values({
        id: documentId,
        owner_id: userId,
        template_refname: 'queries-test',
        template_version: 1,
        type: 'solemn_declaration',
        state: 'editing',
        step: 'first',
        values: '{"a":1}',
        registry_fields: '[]',
        is_official: true,
        digest: 'd0',
        created_at: at,
        updated_at: at,
      })
      .execute();
  });
  afterAll(() => database.drop());

  const event = (step: string) => ({
    action: 'update' as const,
    fromState: 'editing' as const,
    toState: 'editing' as const,
    step,
    userId,
  });

  it('writes each shape of columns with its own values, and the history rows with it', async () => {
    const first = await updateDocumentRecorded(
      database.db,
      documentId,
      { step: 'second', digest: 'd1', updated_at: new Date('2026-11-27T10:00:00.000Z') },
      [event('second')],
    );
    expect(first).toMatchObject({ step: 'second', digest: 'd1', values: { a: 1 } });
    const second = await updateDocumentRecorded(
      database.db,
      documentId,
      { values: '{"a":2}', step: undefined, digest: 'd2' },
      [event('second'), event('again')],
    );
    // `step` undefined is left as it was, as Kysely leaves an undefined column out.
    expect(second).toMatchObject({ step: 'second', digest: 'd2', values: { a: 2 } });
    const third = await updateDocumentRecorded(
      database.db,
      documentId,
      { step: 'third', digest: 'd3', updated_at: new Date('2026-11-27T11:00:00.000Z') },
      [event('third')],
    );
    expect(third).toMatchObject({ step: 'third', digest: 'd3', values: { a: 2 } });
    expect(third.updated_at).toEqual(new Date('2026-11-27T11:00:00.000Z'));
    const history = await database.db
      .selectFrom('document_events')
      .select(['step', 'user_id'])
      .where('document_id', '=', documentId)
      .orderBy('id')
      .execute();
    expect(history).toEqual(
      ['second', 'second', 'again', 'third'].map((step) => ({ step, user_id: userId })),
    );
  });

  it('takes an expression in set the long way', async () => {
    // The types take plain values only; a caller who casts one in still gets it as SQL.
    const updated = await updateDocumentRecorded(
      database.db,
      documentId,
      { digest: sql<string>`digest || '+'` as unknown as string },
      [event('third')],
    );
    expect(updated.digest).toBe('d3+');
  });

  it('throws when the document is not there (its history row refused with it)', async () => {
    await expect(
      updateDocumentRecorded(database.db, crypto.randomUUID(), { digest: 'x' }, [event('x')]),
    ).rejects.toThrow(/document_events|is gone from under its lock/);
  });
});
