import {
  CASE_EXPORT_HISTORY,
  CASE_EXPORT_TTL_DAYS,
  caseExportMachine,
  inboxQuerySchema,
  isUuid,
  transition,
  type CaseExport,
  type CaseExportEvent,
  type CaseExportFormat,
  type CaseExportRequest,
  type CaseExportState,
  type Locale,
} from '@dilosi/domain';
import type { Kysely, Selectable } from 'kysely';
import { now } from '../../clock';
import type { Database } from '../../db/database';
import type { CaseExportsTable, DB } from '../../db/schema';
import type { Queryable } from '../../db/queryable';
import type { JobSender } from '../../jobs/job-payloads';
import { AppError, invalidField } from '../../lib/app-error';
import {
  SPREADSHEET_MEDIA_TYPES,
  SpreadsheetWriter,
} from '../../lib/spreadsheets/write-spreadsheet';
import type { TemplateCatalog } from '../templates';
import { annotationsOfCases, listAnnotationFields } from './case-annotations';
import { caseCells, caseChunks, caseHeaders } from './export-inbox';
import { filterableFields } from './inbox-filters';

type CaseExportRow = Selectable<CaseExportsTable>;

const DAY_MS = 24 * 3600 * 1000;
/** An export still queued or running after this long lost its worker (retries spent). */
const STALE_MS = 30 * 60 * 1000;

const notFound = () => new AppError(404, 'case_export_not_found');

/** The list's query an export is made from: the list's own filters, without paging. */
function exportQuery(query: string) {
  const params = Object.fromEntries(new URLSearchParams(query));
  delete params.limit;
  delete params.offset;
  // Only the list's own parameters: anything else is not a list this export could be.
  const parsed = inboxQuerySchema.strict().safeParse(params);
  return parsed.success ? parsed.data : null;
}

/** Moves an export through the machine, only from the state it was read in. */
async function moveCaseExport(
  db: Queryable,
  row: Pick<CaseExportRow, 'id' | 'state'>,
  event: CaseExportEvent,
  changes: Partial<Pick<CaseExportRow, 'done' | 'total' | 'file' | 'size' | 'expires_at'>> = {},
): Promise<CaseExportState> {
  const moved = transition(caseExportMachine, row.state as CaseExportState, event);
  if (!moved.ok || moved.state === null) throw new AppError(409, 'action_not_allowed_on_state');
  await db
    .updateTable('case_exports')
    .set({ state: moved.state, updated_at: now(), ...changes })
    .where('id', '=', row.id)
    .where('state', '=', row.state)
    .execute();
  return moved.state;
}

const toCaseExport = (row: CaseExportRow, entityId: string): CaseExport => ({
  id: row.id,
  format: row.format as CaseExportFormat,
  tab: row.tab,
  query: row.query,
  state: row.state as CaseExportState,
  done: row.done,
  total: row.total,
  created_at: new Date(row.created_at).toISOString(),
  expires_at: row.expires_at ? new Date(row.expires_at).toISOString() : null,
  download_url:
    row.state === 'ready'
      ? `/api/entity/${encodeURIComponent(entityId)}/exports/${row.id}/file`
      : null,
});

/**
 * A clerk asks for the list as filtered as a spreadsheet (issue #41): queued for the case-export
 * job. The query must be the list's own (400 `query` invalid_saved_view otherwise); one at a time
 * per person and entity (409 case_export_running; the partial unique index decides when two
 * processes ask at once). A stuck one (its job gave up) does not block her for ever.
 */
export async function requestCaseExport(
  db: Kysely<DB>,
  jobs: JobSender | null,
  input: { entityId: string; userId: string; locale: Locale } & CaseExportRequest,
): Promise<CaseExport> {
  if (exportQuery(input.query) === null) throw invalidField('query', 'invalid_saved_view');
  const at = now();
  const stale = await db
    .selectFrom('case_exports')
    .select(['id', 'state'])
    .where('entity_id', '=', input.entityId)
    .where('user_id', '=', input.userId)
    .where('state', 'in', ['queued', 'running'])
    .where('updated_at', '<', new Date(at.getTime() - STALE_MS))
    .execute();
  for (const row of stale) await moveCaseExport(db, row, 'fail');
  const row = await db
    .insertInto('case_exports')
    .values({
      entity_id: input.entityId,
      user_id: input.userId,
      format: input.format,
      tab: input.tab,
      query: input.query,
      locale: input.locale,
      state: caseExportMachine.initial,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new AppError(409, 'case_export_running');
  try {
    // Without a queue (tests that run the job themselves) it waits, queued.
    await jobs?.send('case-export', { export_id: row.id });
  } catch (error) {
    // Not queued: failed at once, so she can ask again when the queue is back.
    await moveCaseExport(db, row, 'fail');
    throw error;
  }
  return toCaseExport(row, input.entityId);
}

/** Her last exports of the entity's cases, newest first (at most CASE_EXPORT_HISTORY). */
export async function listCaseExports(
  db: Kysely<DB>,
  input: { entityId: string; userId: string },
): Promise<CaseExport[]> {
  const rows = await db
    .selectFrom('case_exports')
    .selectAll()
    .where('entity_id', '=', input.entityId)
    .where('user_id', '=', input.userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(CASE_EXPORT_HISTORY)
    .execute();
  return Promise.all(
    rows.map(async (row) => toCaseExport(await expireIfDue(db, row), input.entityId)),
  );
}

/** A ready export past its expiry becomes expired and its file goes, whoever notices first. */
async function expireIfDue(db: Kysely<DB>, row: CaseExportRow): Promise<CaseExportRow> {
  if (row.state !== 'ready' || !row.expires_at || new Date(row.expires_at) > now()) return row;
  const state = await moveCaseExport(db, row, 'expire', { file: null });
  return { ...row, state, file: null };
}

/**
 * The file of one of her ready exports: another person's or entity's, or none: 404; expired:
 * 410 case_export_expired; not ready yet: 409 action_not_allowed_on_state.
 */
export async function caseExportFile(
  db: Kysely<DB>,
  input: { entityId: string; userId: string; id: string },
): Promise<{ bytes: Buffer; mediaType: string; filename: string }> {
  if (!isUuid(input.id)) throw notFound();
  const found = await db
    .selectFrom('case_exports')
    .selectAll()
    .where('id', '=', input.id.toLowerCase())
    .where('entity_id', '=', input.entityId)
    .where('user_id', '=', input.userId)
    .executeTakeFirst();
  if (!found) throw notFound();
  const row = await expireIfDue(db, found);
  if (row.state === 'expired') throw new AppError(410, 'case_export_expired');
  if (row.state !== 'ready' || !row.file) throw new AppError(409, 'action_not_allowed_on_state');
  const format = row.format as CaseExportFormat;
  const day = new Date(row.created_at).toISOString().slice(0, 10);
  return {
    bytes: Buffer.from(row.file),
    mediaType: SPREADSHEET_MEDIA_TYPES[format],
    filename: `dilosi-cases-${day}.${format}`,
  };
}

/**
 * The case-export job: the list as filtered, in its order — the export's own columns, every
 * annotation field, then every form field of the templates in it (what a person typed or chose)
 * — written as XLSX or ODS, counting the cases done as it goes. A retried job starts over; a
 * failure marks it failed.
 */
export async function buildCaseExport(
  database: Database,
  catalog: TemplateCatalog,
  exportId: string,
): Promise<void> {
  const { db } = database;
  const row = await db
    .selectFrom('case_exports')
    .selectAll()
    .where('id', '=', exportId)
    .executeTakeFirst();
  // Gone, or already finished by another worker: nothing to do.
  if (!row || (row.state !== 'queued' && row.state !== 'running')) return;
  try {
    await writeCaseExport(db, catalog, row);
  } catch (error) {
    const current = await db
      .selectFrom('case_exports')
      .select(['id', 'state'])
      .where('id', '=', exportId)
      .executeTakeFirst();
    if (current && (current.state === 'queued' || current.state === 'running')) {
      await moveCaseExport(db, current, 'fail');
    }
    throw error;
  }
}

async function writeCaseExport(db: Kysely<DB>, catalog: TemplateCatalog, row: CaseExportRow) {
  const query = exportQuery(row.query);
  if (!query) throw new Error(`case export ${row.id}: a query that is not the list's`);
  const locale = row.locale as Locale;
  const input = {
    entityId: row.entity_id,
    userId: row.user_id,
    query: { ...query, limit: 1, offset: 0 },
  };
  const fields = await listAnnotationFields(db, row.entity_id);
  // Every form field of the templates the export holds, by key (the first template's label).
  let templatesQuery = db
    .selectFrom('inbox_entries')
    .select('template_refname')
    .distinct()
    .where('entity_id', '=', row.entity_id);
  if (query.template)
    templatesQuery = templatesQuery.where('template_refname', '=', query.template);
  const templates = await templatesQuery.orderBy('template_refname').execute();
  const formFields = new Map<string, string>();
  for (const { template_refname } of templates) {
    const template = catalog.find(template_refname);
    if (!template) continue;
    for (const field of filterableFields(template)) {
      if (!formFields.has(field.key)) formFields.set(field.key, field.label[locale]);
    }
  }
  const state = await moveCaseExport(db, row, 'start', { done: 0 });
  const running = { id: row.id, state };
  // Written as the chunks come: the sheet is compressed as it goes, never whole in memory.
  const writer = new SpreadsheetWriter(row.format as CaseExportFormat, 'Dilosi', [
    ...caseHeaders(locale, fields),
    ...formFields.values(),
  ]);
  const at = now();
  let done = 0;
  for await (const chunk of caseChunks(db, catalog, input)) {
    const [annotations, documents] = await Promise.all([
      annotationsOfCases(db, fields.length > 0 ? chunk.map((c) => c.id) : []),
      valuesOfDocuments(
        db,
        chunk.flatMap((c) => (c.document_id ? [c.document_id] : [])),
      ),
    ]);
    await writer.addRows(
      chunk.map((entry) => {
        const values = entry.document_id ? documents.get(entry.document_id) : undefined;
        return [
          ...caseCells(catalog, entry, { locale, at, fields }, annotations.get(entry.id)),
          ...[...formFields.keys()].map((key) => cellText(values?.[key])),
        ];
      }),
    );
    done += chunk.length;
    await db
      .updateTable('case_exports')
      .set({ done, updated_at: now() })
      .where('id', '=', row.id)
      .execute();
  }
  const bytes = await writer.finish();
  await moveCaseExport(db, running, 'finish', {
    done,
    total: done,
    file: Buffer.from(bytes),
    size: bytes.byteLength,
    expires_at: new Date(now().getTime() + CASE_EXPORT_TTL_DAYS * DAY_MS),
  });
}

/** A stored form value as a cell: text as it is, lists joined, anything else as JSON. */
function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    return value.join(', ');
  }
  return JSON.stringify(value);
}

async function valuesOfDocuments(db: Kysely<DB>, ids: readonly string[]) {
  const byId = new Map<string, Record<string, unknown>>();
  if (ids.length === 0) return byId;
  const rows = await db
    .selectFrom('documents')
    .select(['id', 'values'])
    .where('id', 'in', ids)
    .execute();
  for (const row of rows) {
    const values = typeof row.values === 'string' ? JSON.parse(row.values) : row.values;
    byId.set(row.id, (values ?? {}) as Record<string, unknown>);
  }
  return byId;
}

/** Hourly: the files of exports past their 7 days go; the rows stay as history. */
export async function expireCaseExports(db: Kysely<DB>): Promise<number> {
  const due = await db
    .selectFrom('case_exports')
    .select(['id', 'state'])
    .where('state', '=', 'ready')
    .where('expires_at', '<=', now())
    .execute();
  for (const row of due) await moveCaseExport(db, row, 'expire', { file: null });
  return due.length;
}
