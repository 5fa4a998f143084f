import {
  INBOX_EXPORT_MAX_ROWS,
  formatAthensDateTime,
  type AnnotationField,
  type InboxQuery,
  type Locale,
} from '@dilosi/domain';
import elDashboard from '@dilosi/domain/i18n/el/dashboard.json' with { type: 'json' };
import enDashboard from '@dilosi/domain/i18n/en/dashboard.json' with { type: 'json' };
import frDashboard from '@dilosi/domain/i18n/fr/dashboard.json' with { type: 'json' };
import { sql, type Kysely } from 'kysely';
import { now } from '../../clock';
import type { DB } from '../../db/schema';
import type { TemplateCatalog } from '../templates';
import { annotationsOfCases, listAnnotationFields } from './case-annotations';
import { toInboxItem, type CaseRow } from './case-queries';
import { filteredCases } from './inbox-filters';

const LABELS = { el: elDashboard, en: enDashboard, fr: frDashboard } as const;
const CHUNK = 1000;

const FORMULA_START = /^[=+\-@\t\r\n]/;

/**
 * Whether a spreadsheet could take the text for a formula: it starts with = + - @, or with one
 * of their full-width or small forms (＝ ＋ － ＠ ﹦ ﹢ ﹣ ﹫, which some spreadsheets fold to ASCII;
 * NFKC folds them the same way), or with a tab, CR or LF that can hide one.
 */
export function startsLikeFormula(value: string): boolean {
  const first = value.codePointAt(0);
  return first !== undefined && FORMULA_START.test(String.fromCodePoint(first).normalize('NFKC'));
}

/** One CSV field: quoted, quotes doubled, and a would-be formula defused with a leading '. */
export function csvField(value: string): string {
  const safe = startsLikeFormula(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

const csvLine = (fields: string[]) => `${fields.map(csvField).join(',')}\r\n`;

type ExportInput = { entityId: string; userId: string; query: InboxQuery; locale: Locale };

/**
 * GET /api/entity/{e}/inbox/export.csv: the list as filtered, in its order, as CSV lines
 * (a byte-order mark first so spreadsheet programs read UTF-8 Greek; headers in the interface
 * language). Read in chunks on (received_at, id), never the whole list in memory; at most
 * INBOX_EXPORT_MAX_ROWS rows.
 *
 * The status and headers leave with the first line: a failure after it cannot be an error answer
 * any more, so the file ends with a row saying it is incomplete (and `onFailure` hears why)
 * rather than stopping short, which would pass for the whole list.
 */
export async function* exportInbox(
  db: Kysely<DB>,
  catalog: TemplateCatalog,
  input: ExportInput & { onFailure: (error: unknown) => void },
): AsyncGenerator<string> {
  const labels = LABELS[input.locale];
  // Read before the first byte leaves, so a failure here is still an error answer.
  const fields = await listAnnotationFields(db, input.entityId);
  yield '\uFEFF';
  yield csvLine(caseHeaders(input.locale, fields));
  try {
    yield* caseLines(db, catalog, { ...input, fields });
  } catch (error) {
    input.onFailure(error);
    yield csvLine([labels.export.incomplete]);
  }
}

/**
 * The list's cases as filtered, in its order, in chunks of CHUNK rows read on (received_at, id),
 * never the whole list in memory; at most INBOX_EXPORT_MAX_ROWS. Shared by the CSV and the
 * spreadsheet exports.
 */
export async function* caseChunks(
  db: Kysely<DB>,
  catalog: TemplateCatalog,
  input: { entityId: string; userId: string; query: InboxQuery },
): AsyncGenerator<CaseRow[]> {
  const direction = input.query.ordering === 'received_at' ? 'asc' : 'desc';
  let after: (CaseRow & { cursor_at: string }) | undefined;
  let sent = 0;
  while (sent < INBOX_EXPORT_MAX_ROWS) {
    // The cursor's time as PostgreSQL's own text, not a JavaScript Date: a Date keeps
    // milliseconds, a timestamptz microseconds, and a row written with microseconds (by SQL, an
    // import) would fall between two chunks and be left out of the file.
    let page = (await filteredCases(db, catalog, input)).select(
      sql<string>`inbox_entries.received_at::text`.as('cursor_at'),
    );
    if (after) {
      const key = after;
      page = page.where((eb) =>
        eb(
          eb.refTuple('inbox_entries.received_at', 'inbox_entries.id'),
          direction === 'asc' ? '>' : '<',
          eb.tuple(sql<Date>`${key.cursor_at}::timestamptz`, key.id),
        ),
      );
    }
    const rows = await page
      .orderBy('inbox_entries.received_at', direction)
      .orderBy('inbox_entries.id', direction)
      .limit(Math.min(CHUNK, INBOX_EXPORT_MAX_ROWS - sent))
      .execute();
    if (rows.length > 0) yield rows;
    sent += rows.length;
    after = rows.at(-1);
    if (rows.length < CHUNK) break;
  }
}

/** The cells of one case in the export's own columns (CSV and spreadsheets), then its fields'. */
export function caseCells(
  catalog: TemplateCatalog,
  row: CaseRow,
  input: { locale: Locale; at: Date; fields: readonly AnnotationField[] },
  annotations: ReadonlyMap<string, string> | undefined,
): string[] {
  const labels = LABELS[input.locale];
  const item = toInboxItem(catalog, row, input.at);
  return [
    formatAthensDateTime(new Date(item.declaration.timestamp)),
    item.declaration.case_id,
    labels.status[item.inbox_status],
    item.declaration.template.shortname[input.locale],
    item.declaration.user_display_name,
    item.assignee_display_name ?? '',
    item.declaration.reference_code,
    String(item.age_days),
    item.overdue ? labels.export.yes : labels.export.no,
    ...input.fields.map((field) => {
      const value = annotations?.get(field.id) ?? '';
      if (field.kind !== 'yes_no' || value === '') return value;
      return value === 'yes' ? labels.export.yes : labels.export.no;
    }),
  ];
}

/** The export's own column headers in `locale`, then the annotation fields' labels. */
export function caseHeaders(locale: Locale, fields: readonly AnnotationField[]): string[] {
  const labels = LABELS[locale];
  const { list } = labels;
  return [
    list.date,
    list.case,
    list.status,
    list.template,
    list.name,
    list.assignee,
    labels.export.referenceCode,
    labels.export.age,
    list.overdue,
    ...fields.map((field) => field.label),
  ];
}

/** The rows of the export after its header, one chunk of lines at a time. */
async function* caseLines(
  db: Kysely<DB>,
  catalog: TemplateCatalog,
  input: ExportInput & { fields: AnnotationField[] },
): AsyncGenerator<string> {
  const at = now();
  for await (const rows of caseChunks(db, catalog, input)) {
    const annotations = await annotationsOfCases(
      db,
      input.fields.length > 0 ? rows.map((row) => row.id) : [],
    );
    yield rows
      .map((row) =>
        csvLine(
          caseCells(
            catalog,
            row,
            { locale: input.locale, at, fields: input.fields },
            annotations.get(row.id),
          ),
        ),
      )
      .join('');
  }
}
