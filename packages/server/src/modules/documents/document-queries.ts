import { isUuid } from '@dilosi/domain';
import type {
  AttachmentValue,
  DocumentAction,
  DocumentEvent,
  DocumentState,
  Template,
  TemplateField,
} from '@dilosi/domain';
import type { InsertQueryBuilder, QueryCreator, Updateable, UpdateQueryBuilder } from 'kysely';
import { now } from '../../clock';
import { cachedStatement } from '../../db/cached-statement';
import type { Queryable } from '../../db/queryable';
import type { DB, DocumentRow, DocumentsTable } from '../../db/schema';

export type { Queryable } from '../../db/queryable';

export function isDocumentId(id: string): boolean {
  return isUuid(id);
}

/**
 * The citizen's own document, or undefined (a malformed id, another owner's, none). A document
 * an entity issues is not its author's own: the entity scope reaches it (modules/replies).
 */
export async function findOwnedDocument(
  db: Queryable,
  id: string,
  ownerId: string,
  options: { forUpdate?: boolean } = {},
): Promise<DocumentRow | undefined> {
  if (!isDocumentId(id)) return undefined;
  // Read on every wizard request, locked on every write: compiled once (db/cached-statement.ts).
  return (options.forUpdate ? ownedDocumentForUpdate : ownedDocument).executeTakeFirst(db, {
    id,
    ownerId,
  });
}

const selectOwnedDocument = (db: Queryable, { id, ownerId }: OwnedDocumentKey) =>
  db
    .selectFrom('documents')
    .selectAll()
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .where('issuer_entity_id', 'is', null);
const ownedDocument = cachedStatement(selectOwnedDocument);
const ownedDocumentForUpdate = cachedStatement((db: Queryable, values: OwnedDocumentKey) =>
  selectOwnedDocument(db, values).forUpdate(),
);
type OwnedDocumentKey = { id: string; ownerId: string };

/**
 * A document an entity issued to this citizen (a reply, an entity's document), once issued or
 * revoked; undefined for anyone else and for the entity's drafts.
 */
export async function findReceivedDocument(
  db: Queryable,
  id: string,
  userId: string,
): Promise<DocumentRow | undefined> {
  if (!isDocumentId(id)) return undefined;
  return db
    .selectFrom('documents')
    .selectAll()
    .where('id', '=', id)
    .where('recipient_user_id', '=', userId)
    .where('issuer_entity_id', 'is not', null)
    .where('state', 'in', ['issued', 'revoked'])
    .executeTakeFirst();
}

export type DocumentFileInfo = {
  id: string;
  field_key: string;
  attachment_index: number;
  filename: string;
  content_type: string;
  size: number;
};

const attachmentsOf = new WeakMap<Template, boolean>();

/** Whether a template has an attachment field anywhere (list-of rows included); cached. */
export function templateTakesFiles(template: Template): boolean {
  let known = attachmentsOf.get(template);
  if (known === undefined) {
    const visit = (fields: readonly TemplateField[]): boolean =>
      fields.some(
        (field) =>
          field.component === 'attachment' ||
          (field['list-of'] !== undefined && visit(field['list-of'].fields)),
      );
    known = visit(template.fields);
    attachmentsOf.set(template, known);
  }
  return known;
}

/**
 * The files of a document (without their bytes), in field and position order. With the
 * document's template: none, without a query, when the template has no attachment field (files
 * are only ever stored for one) — most templates, on every wizard step.
 */
export async function listDocumentFiles(
  db: Queryable,
  documentId: string,
  template?: Template,
): Promise<DocumentFileInfo[]> {
  if (template && !templateTakesFiles(template)) return [];
  return db
    .selectFrom('document_files')
    .select(['id', 'field_key', 'attachment_index', 'filename', 'content_type', 'size'])
    .where('document_id', '=', documentId)
    .orderBy('field_key')
    .orderBy('attachment_index')
    .execute();
}

/** Files by field, as the document answer lists them. */
export function attachmentsByField(
  files: readonly DocumentFileInfo[],
): Record<string, AttachmentValue[]> {
  const byField: Record<string, AttachmentValue[]> = {};
  for (const file of files) {
    (byField[file.field_key] ??= []).push({
      file_id: file.id,
      filename: file.filename,
      size: file.size,
      'content-type': file.content_type,
      'attachment-index': file.attachment_index,
    });
  }
  return byField;
}

export type DocumentEventInput = {
  documentId: string;
  action: DocumentAction | DocumentEvent;
  fromState: DocumentState | null;
  toState: DocumentState | null;
  step: string | null;
  userId: string | null;
};

/** One row of a document's history; written in the transaction of the change it records. */
export async function insertDocumentEvent(db: Queryable, event: DocumentEventInput): Promise<void> {
  await insertDocumentEvents(db, [event]);
}

/**
 * A write to a document (an update or an insert, returning the row) and the history rows that
 * record it, in one statement: the history is a data-modifying WITH, which PostgreSQL runs
 * whether or not the outer query reads it. Answers the row as written. The caller's transaction
 * holds the row, and a write that matches no row must be refused by the caller, which rolls back
 * the history rows with it.
 */
export async function writeDocumentRecorded(
  db: Queryable,
  write: (
    creator: QueryCreator<DB>,
  ) =>
    | UpdateQueryBuilder<DB, 'documents', 'documents', DocumentRow>
    | InsertQueryBuilder<DB, 'documents', DocumentRow>,
  events: readonly DocumentEventInput[],
): Promise<DocumentRow | undefined> {
  const at = now();
  return db
    .with('written', write)
    .with('recorded', (creator) =>
      creator.insertInto('document_events').values(eventRows(events, at)),
    )
    .selectFrom('written')
    .selectAll()
    .executeTakeFirst();
}

/**
 * `writeDocumentRecorded` compiled once (db/cached-statement.ts), for a write whose columns are
 * fixed: `write` places the caller's values, and exactly `eventCount` history rows go with it.
 * Issuance and the wizard write a document this way on each step.
 */
export function cachedDocumentWrite<P extends Record<string, unknown>>(
  eventCount: number,
  write: (
    creator: QueryCreator<DB>,
    values: P,
  ) =>
    | UpdateQueryBuilder<DB, 'documents', 'documents', DocumentRow>
    | InsertQueryBuilder<DB, 'documents', DocumentRow>,
) {
  // The values' names of each history row (the caller's own values keep theirs).
  const eventNames = Array.from({ length: eventCount }, (_, i) => ({
    documentId: `event${i}_document_id`,
    action: `event${i}_action`,
    fromState: `event${i}_from_state`,
    toState: `event${i}_to_state`,
    step: `event${i}_step`,
    userId: `event${i}_user_id`,
  }));
  const statement = cachedStatement((db, values: P & Record<string, unknown>) =>
    db
      .with('written', (creator) => write(creator, values))
      .with('recorded', (creator) =>
        creator.insertInto('document_events').values(
          eventRows(
            eventNames.map((names) => ({
              documentId: values[names.documentId] as string,
              action: values[names.action] as DocumentAction,
              fromState: values[names.fromState] as DocumentState | null,
              toState: values[names.toState] as DocumentState | null,
              step: values[names.step] as string | null,
              userId: values[names.userId] as string | null,
            })),
            values.event_at as Date,
          ),
        ),
      )
      .selectFrom('written')
      .selectAll(),
  );
  return (
    db: Queryable,
    values: P,
    events: readonly DocumentEventInput[],
  ): Promise<DocumentRow | undefined> => {
    if (events.length !== eventCount) {
      throw new TypeError(`expected ${eventCount} history rows, got ${events.length}`);
    }
    const all: Record<string, unknown> = { ...values, event_at: now() };
    for (let i = 0; i < eventCount; i += 1) {
      const event = events[i]!;
      const names = eventNames[i]!;
      all[names.documentId] = event.documentId;
      all[names.action] = event.action;
      all[names.fromState] = event.fromState;
      all[names.toState] = event.toState;
      all[names.step] = event.step;
      all[names.userId] = event.userId;
    }
    return statement.executeTakeFirst(db, all as P & Record<string, unknown>);
  };
}

/** The compiled updates of `updateDocumentRecorded`, by columns set and number of history rows. */
const updateShapes = new Map<string, ReturnType<typeof cachedDocumentWrite>>();
const MAX_UPDATE_SHAPES = 64;

/**
 * A value Kysely writes as SQL of its own (`sql\`…\``, a sub-query, or a function that makes
 * one) rather than as a parameter.
 */
const isExpression = (value: unknown) =>
  typeof value === 'function' ||
  (typeof value === 'object' &&
    value !== null &&
    typeof (value as { toOperationNode?: unknown }).toOperationNode === 'function');

function cachedUpdate(
  set: Updateable<DocumentsTable>,
  eventCount: number,
): ReturnType<typeof cachedDocumentWrite> | undefined {
  const columns = Object.keys(set).filter(
    (column) => (set as Record<string, unknown>)[column] !== undefined,
  );
  if (columns.some((column) => isExpression((set as Record<string, unknown>)[column]))) {
    return undefined;
  }
  const shape = `${columns.join(',')}#${eventCount}`;
  let update = updateShapes.get(shape);
  if (!update && updateShapes.size < MAX_UPDATE_SHAPES) {
    update = cachedDocumentWrite(eventCount, (creator, values: Record<string, unknown>) =>
      creator
        .updateTable('documents')
        .set(Object.fromEntries(columns.map((column) => [column, values[column]])))
        .where('id', '=', values.document_id as string)
        .returningAll(),
    );
    updateShapes.set(shape, update);
  }
  return update;
}

/**
 * `writeDocumentRecorded` for the usual case: the document `id` updated with `set`, its history
 * rows about it. Throws when the row is gone (the caller's transaction holds it, so it is not).
 * Compiled once for each set of columns (expressions in `set` go the long way).
 */
export async function updateDocumentRecorded(
  db: Queryable,
  id: string,
  set: Updateable<DocumentsTable>,
  events: readonly Omit<DocumentEventInput, 'documentId'>[],
): Promise<DocumentRow> {
  const history = events.map((event) => ({ ...event, documentId: id }));
  const cached = cachedUpdate(set, events.length);
  const updated = cached
    ? await cached(
        db,
        // The values under their columns' names, the id under one that documents has not.
        { ...set, document_id: id },
        history,
      )
    : await writeDocumentRecorded(
        db,
        (creator) => creator.updateTable('documents').set(set).where('id', '=', id).returningAll(),
        history,
      );
  if (!updated) throw new Error(`document ${id} is gone from under its lock`);
  return updated;
}

function eventRows(events: readonly DocumentEventInput[], at: Date) {
  return events.map((event) => ({
    document_id: event.documentId,
    action: event.action,
    from_state: event.fromState,
    to_state: event.toState,
    step: event.step,
    user_id: event.userId,
    at,
  }));
}

/** Several rows of history in one statement, in the order given (their ids follow it). */
export async function insertDocumentEvents(
  db: Queryable,
  events: readonly DocumentEventInput[],
): Promise<void> {
  await db.insertInto('document_events').values(eventRows(events, now())).execute();
}
