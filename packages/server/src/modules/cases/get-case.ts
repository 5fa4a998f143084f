import { renderDocumentPreview, type CaseDetail, type Recipient } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import { now } from '../../clock';
import type { DB } from '../../db/schema';
import type { AccessLog } from '../access-log';
import type { EntityAccess } from '../staff';
import type { TemplateCatalog } from '../templates';
import { caseForwardLinks } from './case-forwards';
import { findCase, toInboxItem } from './case-queries';
import { listCaseReplies } from './list-case-replies';

/** GET /api/entity/{e}/inbox/{i}: the case, its document as issued and the tab counts. */
export async function getCase(
  db: Kysely<DB>,
  catalog: TemplateCatalog,
  input: { entityId: string; inboxId: string },
): Promise<CaseDetail> {
  const row = await findCase(db, input.entityId, input.inboxId);
  const [document, files, notes, messages, history, forwards] = await Promise.all([
    row.document_id
      ? db
          .selectFrom('documents')
          .select([
            'id',
            'state',
            'issued_at',
            'values',
            'recipient',
            'template_refname',
            'template_version',
          ])
          .where('id', '=', row.document_id)
          .executeTakeFirst()
      : undefined,
    row.document_id
      ? db
          .selectFrom('document_files')
          .select(['attachment_index', 'filename', 'size'])
          .where('document_id', '=', row.document_id)
          .orderBy('attachment_index')
          .execute()
      : [],
    countOf(db, 'case_comments', row.id),
    countOf(db, 'case_messages', row.id),
    countOf(db, 'case_events', row.id),
    caseForwardLinks(db, row.id),
  ]);
  const replies = await listCaseReplies(db, catalog, row.id);
  let statements: CaseDetail['document']['statements'] = [];
  if (document) {
    const template = await catalog.definition(
      document.template_refname,
      document.template_version,
      db,
    );
    const preview = renderDocumentPreview(
      template,
      document.values,
      (document.recipient as Recipient | null) ?? null,
    );
    // The document's text (its legal preamble and the citizen's statement) is one entry under
    // the document's heading, its paragraphs apart, in Greek as issued.
    const body = preview.body.map((paragraph) => paragraph.el).join('\n\n');
    statements = [
      ...preview.rows.map((r, index) => ({ key: `row-${index}`, label: r.label, value: r.value })),
      ...(body ? [{ key: 'body', label: preview.heading, value: body }] : []),
    ];
  }
  return {
    ...toInboxItem(catalog, row, now()),
    dismissed: row.dismissed_at !== null,
    document: {
      id: document?.id ?? null,
      state: document?.state ?? null,
      issued_at: document?.issued_at ? new Date(document.issued_at).toISOString() : null,
      statements,
      attachments: files.map((f) => ({
        index: f.attachment_index,
        filename: f.filename,
        size: f.size,
      })),
    },
    replies,
    forwarded_to: forwards.forwardedTo,
    forwarded_from: forwards.forwardedFrom,
    counts: { notes, replies: replies.length, messages, history },
  };
}

async function countOf(
  db: Kysely<DB>,
  table: 'case_comments' | 'case_messages' | 'case_events',
  entryId: string,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('inbox_entry_id', '=', entryId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The case page was opened by staff: the document's owner sees it in the access log (entity,
 * role, time). Queued, not awaited; only GET counts, not the case returned after a change.
 */
export function recordCaseView(accessLog: AccessLog, detail: CaseDetail, access: EntityAccess) {
  if (!detail.document.id) return;
  accessLog.record({
    documentId: detail.document.id,
    kind: 'case_view',
    entityId: access.entity.id,
    staffRole: access.roles.includes('head') ? 'head' : 'clerk',
  });
}
