import { parseReferenceCode, type AccessLogResponse, type Locale } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { declarationNotFound } from '../documents';
import { pageMeta } from '../templates';

/**
 * Who looked at the owner's document, newest first. The document is found as
 * GET /api/citizen-declarations/{ref} finds it: malformed, unknown or another's: 404.
 */
export async function listAccessLog(
  db: Kysely<DB>,
  input: { ownerId: string; ref: string; limit: number; offset: number; locale: Locale },
): Promise<AccessLogResponse> {
  const parsed = parseReferenceCode(input.ref);
  if (!parsed.ok) throw declarationNotFound();
  const document = await db
    .selectFrom('documents')
    .select('id')
    .where('reference_code', '=', parsed.code)
    .where('owner_id', '=', input.ownerId)
    // A clerk is the author (owner_id) of what they write for an entity; that is not theirs.
    .where('issuer_entity_id', 'is', null)
    .executeTakeFirst();
  if (!document) throw declarationNotFound();
  const [rows, counted] = await Promise.all([
    db
      .selectFrom('document_access_log as l')
      .leftJoin('entities as e', 'e.id', 'l.entity_id')
      .select(['l.id', 'l.kind', 'l.at', 'l.validation_context', 'l.staff_role', 'e.display_name'])
      .where('l.document_id', '=', document.id)
      .orderBy('l.at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    db
      .selectFrom('document_access_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('document_id', '=', document.id)
      .executeTakeFirst(),
  ]);
  return {
    data: rows.map((row) => ({
      id: String(row.id),
      kind: row.kind,
      timestamp: new Date(row.at).toISOString(),
      validation_context: row.kind === 'validation' ? row.validation_context : null,
      entity_name: row.display_name
        ? (row.display_name[input.locale] ?? row.display_name.el)
        : null,
      staff_role: row.kind === 'case_view' ? row.staff_role : null,
    })),
    meta: pageMeta(Number(counted?.n ?? 0), input.limit, input.offset),
  };
}
