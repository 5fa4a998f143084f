import {
  binPurgeAt,
  formatAthensDateTime,
  renderDocumentPreview,
  type CaseCorrection,
  type CaseDecision,
  type CaseDetail,
  type Recipient,
} from '@dilosi/domain';
import type { Kysely } from 'kysely';
import { now } from '../../clock';
import type { DB } from '../../db/schema';
import type { AccessLog } from '../access-log';
import { userDisplayName, type EntityAccess } from '../staff';
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
  const [replies, decision, correction] = await Promise.all([
    listCaseReplies(db, catalog, row.id),
    caseDecisionOf(db, row),
    caseCorrectionOf(db, row.id),
  ]);
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
      ...preview.rows.map((r, index) => ({
        key: `row-${index}`,
        label: r.label,
        value: r.value.el,
      })),
      ...(body ? [{ key: 'body', label: preview.heading, value: body }] : []),
      ...(await jointSignatories(db, document.id)),
    ];
  }
  return {
    ...toInboxItem(catalog, row, now()),
    dismissed: row.dismissed_at !== null,
    purge_at:
      row.dismissed_at === null ? null : binPurgeAt(new Date(row.dismissed_at)).toISOString(),
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
    decision,
    correction,
    replies,
    forwarded_to: forwards.forwardedTo,
    forwarded_from: forwards.forwardedFrom,
    counts: { notes, replies: replies.length, messages, history },
  };
}

/**
 * A joint declaration's signatories (issue #35), one line each with the time of her signature,
 * as one more entry of the case's document; none for a document signed by one person.
 */
async function jointSignatories(db: Kysely<DB>, documentId: string) {
  const rows = await db
    .selectFrom('joint_signatories')
    .innerJoin('joint_consents', 'joint_consents.id', 'joint_signatories.consent_id')
    .select([
      'joint_signatories.firstname',
      'joint_signatories.surname',
      'joint_signatories.afm',
      'joint_signatories.signed_at',
    ])
    .where('joint_consents.document_id', '=', documentId)
    .where('joint_consents.state', '=', 'fully_signed')
    .orderBy('joint_signatories.position')
    .execute();
  if (rows.length === 0) return [];
  const value = rows
    .map((row) => {
      const at = row.signed_at ? formatAthensDateTime(new Date(row.signed_at)) : '—';
      return `${row.firstname} ${row.surname} (ΑΦΜ ${row.afm}), ${at}`;
    })
    .join('\n');
  const label = { el: 'Υπογράφοντες', en: 'Signatories', fr: 'Signataires' };
  return [{ key: 'joint_signatories', label, value }];
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

/** The case's motivated decision (issue #41) with who took it and the reply that supports it. */
async function caseDecisionOf(
  db: Kysely<DB>,
  row: {
    decision: CaseDecision['decision'] | null;
    decision_reason: string | null;
    decided_at: Date | null;
    decided_by: string | null;
    decision_document_id: string | null;
  },
): Promise<CaseDecision | null> {
  if (row.decision === null || row.decided_at === null) return null;
  const [author, document] = await Promise.all([
    row.decided_by
      ? db
          .selectFrom('users')
          .select(['id', 'firstname', 'surname', 'email', 'username'])
          .where('id', '=', row.decided_by)
          .executeTakeFirst()
      : undefined,
    row.decision_document_id
      ? db
          .selectFrom('documents')
          .select(['id', 'reference_code'])
          .where('id', '=', row.decision_document_id)
          .executeTakeFirst()
      : undefined,
  ]);
  return {
    decision: row.decision,
    reason: row.decision_reason ?? '',
    decided_at: new Date(row.decided_at).toISOString(),
    decided_by: author ? userDisplayName(author) : null,
    document: document ? { id: document.id, reference_code: document.reference_code } : null,
  };
}

/** The case's latest correction asked of the citizen (issue #41), or null. */
async function caseCorrectionOf(db: Kysely<DB>, entryId: string): Promise<CaseCorrection | null> {
  const row = await db
    .selectFrom('case_corrections')
    .innerJoin('documents', 'documents.id', 'case_corrections.document_id')
    .leftJoin('users', 'users.id', 'case_corrections.requested_by')
    .select([
      'case_corrections.id',
      'case_corrections.state',
      'case_corrections.reason',
      'case_corrections.requested_at',
      'case_corrections.corrected_at',
      'documents.reference_code',
      'users.id as user_id',
      'users.firstname',
      'users.surname',
      'users.email',
      'users.username',
    ])
    .where('case_corrections.inbox_entry_id', '=', entryId)
    .orderBy('case_corrections.requested_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    state: row.state,
    reason: row.reason,
    requested_at: new Date(row.requested_at).toISOString(),
    requested_by: row.user_id ? userDisplayName({ ...row, id: row.user_id }) : null,
    reference_code: row.reference_code,
    corrected_at: row.corrected_at ? new Date(row.corrected_at).toISOString() : null,
  };
}
