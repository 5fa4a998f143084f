import { userDisplayName, type DocumentState } from '@dilosi/domain';
import type { Queryable } from '../db/queryable';

/** An entity's reply document to a case, with who wrote it. */
export type ReplyRow = {
  id: string;
  entity_id: string;
  reference_code: string | null;
  state: DocumentState;
  /** Issue time of an issued reply, else its last change (ISO 8601). */
  timestamp: string;
  user_id: string;
  user_display_name: string;
  template_refname: string;
  template_version: number;
};

/**
 * Entities' reply documents, newest first: to one case (`entryId`: the case's replies tab, drafts
 * included), or to every case a document opened (`documentId`: what its owner sees, issued and
 * revoked only — a clerk's draft is not hers to see). Shared by cases and documents, so it
 * lives here rather than in either module.
 */
export async function listReplyRows(
  db: Queryable,
  filter: { entryId: string } | { documentId: string },
): Promise<ReplyRow[]> {
  let query = db
    .selectFrom('documents')
    .innerJoin('users', 'users.id', 'documents.owner_id')
    .select([
      'documents.id',
      'documents.issuer_entity_id',
      'documents.reference_code',
      'documents.state',
      'documents.issued_at',
      'documents.updated_at',
      'documents.template_refname',
      'documents.template_version',
      'users.id as user_id',
      'users.firstname',
      'users.surname',
      'users.email',
      'users.username',
    ])
    .where('documents.issuer_entity_id', 'is not', null);
  if ('entryId' in filter) {
    query = query.where('documents.reply_to_entry_id', '=', filter.entryId);
  } else {
    query = query
      .where('documents.state', 'in', ['issued', 'revoked'])
      .where('documents.reply_to_entry_id', 'in', (eb) =>
        eb
          .selectFrom('inbox_entries')
          .select('inbox_entries.id')
          .where('inbox_entries.document_id', '=', filter.documentId),
      );
  }
  const rows = await query
    .orderBy('documents.created_at', 'desc')
    .orderBy('documents.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    entity_id: row.issuer_entity_id ?? '',
    reference_code: row.reference_code,
    state: row.state as DocumentState,
    timestamp: new Date(row.issued_at ?? row.updated_at).toISOString(),
    user_id: row.user_id,
    user_display_name: userDisplayName({
      id: row.user_id,
      firstname: row.firstname,
      surname: row.surname,
      email: row.email,
      username: row.username,
    }),
    template_refname: row.template_refname,
    template_version: row.template_version,
  }));
}
