import { AppError } from '../../lib/app-error';
import {
  ACCESS_LOG_SITTING_GAP_MINUTES,
  parseReferenceCode,
  type AccessLogEntryKind,
  type AccessLogResponse,
  type AccessLogStaffRole,
  type Locale,
  type LocalizedText,
} from '@dilosi/domain';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { pageMeta } from '../../lib/paging';

// The documents module's own answer for a document that is not there (not imported: documents
// sit above the access log, which cases read too).
const declarationNotFound = () => new AppError(404, 'document_api__declaration_not_found');

type SittingRow = {
  id: string;
  kind: AccessLogEntryKind;
  first_at: Date | string;
  last_at: Date | string;
  n: number;
  validation_context: string | null;
  staff_role: AccessLogStaffRole | null;
  pdf_downloaded: boolean;
  entity_name: LocalizedText | null;
  target_entity_name: LocalizedText | null;
};

/**
 * The owner's reading of a document's accesses, one row a sitting (issue #33): the accesses of
 * one party (a validation context, or one entity's staff in one role, views and PDF downloads
 * together) less than ACCESS_LOG_SITTING_GAP_MINUTES apart are one row; each forward of the case
 * (case_forwards) is a row of its own. A document holds at most ACCESS_LOG_MAX_PER_DOCUMENT
 * entries, so the window functions read a bounded set.
 */
function sittings(documentId: string) {
  return sql`
    with accesses as (
      select l.id, l.at, l.validation_context, l.entity_id, l.staff_role,
             case when l.kind = 'validation' then 'validation' else 'case_view' end as kind,
             l.kind = 'pdf_download' as is_download
      from document_access_log l
      where l.document_id = ${documentId}
    ), marked as (
      select a.*,
             case when a.at - lag(a.at) over party
                       <= make_interval(mins => ${ACCESS_LOG_SITTING_GAP_MINUTES})
                  then 0 else 1 end as starts
      from accesses a
      window party as (
        partition by a.kind, a.validation_context, a.entity_id, a.staff_role order by a.at, a.id
      )
    ), numbered as (
      select m.*,
             sum(m.starts) over (
               partition by m.kind, m.validation_context, m.entity_id, m.staff_role
               order by m.at, m.id
             ) as sitting
      from marked m
    )
    select 'a' || min(id)::text as id, kind, min(at) as first_at, max(at) as last_at,
           count(*)::int as n, validation_context, entity_id, staff_role,
           bool_or(is_download) as pdf_downloaded, null::uuid as target_entity_id
    from numbered
    group by kind, validation_context, entity_id, staff_role, sitting
    union all
    select 'f' || f.id::text, 'forward', f.created_at, f.created_at, 1, null, source.entity_id,
           null, false, f.target_entity_id
    from case_forwards f
    join inbox_entries source on source.id = f.source_entry_id
    where source.document_id = ${documentId}`;
}

/**
 * Who looked at the owner's document, newest sitting first. The document is found as
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
  const grouped = sittings(document.id);
  const [rows, counted] = await Promise.all([
    sql<SittingRow>`
      with grouped as (${grouped})
      select g.id, g.kind, g.first_at, g.last_at, g.n, g.validation_context, g.staff_role,
             g.pdf_downloaded, e.display_name as entity_name, t.display_name as target_entity_name
      from grouped g
      left join entities e on e.id = g.entity_id
      left join entities t on t.id = g.target_entity_id
      order by g.last_at desc, g.id desc
      limit ${input.limit} offset ${input.offset}`.execute(db),
    sql<{ n: number }>`with grouped as (${grouped}) select count(*)::int as n from grouped`.execute(
      db,
    ),
  ]);
  const name = (text: LocalizedText | null) =>
    text ? (text[input.locale] ?? text.el ?? null) : null;
  return {
    data: rows.rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      timestamp: new Date(row.last_at).toISOString(),
      first_timestamp: new Date(row.first_at).toISOString(),
      count: Number(row.n),
      validation_context: row.kind === 'validation' ? row.validation_context : null,
      entity_name: row.kind === 'validation' ? null : name(row.entity_name),
      staff_role: row.kind === 'case_view' ? row.staff_role : null,
      pdf_downloaded: row.kind === 'case_view' && row.pdf_downloaded === true,
      target_entity_name: row.kind === 'forward' ? name(row.target_entity_name) : null,
    })),
    meta: pageMeta(Number(counted.rows[0]?.n ?? 0), input.limit, input.offset),
  };
}
