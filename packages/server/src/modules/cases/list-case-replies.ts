import type { CaseReply } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { listReplyRows } from '../../lib/document-replies';
import type { TemplateCatalog } from '../templates';

/**
 * The entity's replies to a case, newest first: issued ones (and revoked) with their code, the
 * unissued ones as drafts the replies tab links to `reply/EDIT/{id}`.
 */
export async function listCaseReplies(
  db: Kysely<DB>,
  catalog: TemplateCatalog,
  entryId: string,
): Promise<CaseReply[]> {
  const rows = await listReplyRows(db, { entryId });
  return Promise.all(
    rows.map(async (row) => {
      const template = await catalog.definition(row.template_refname, row.template_version, db);
      return {
        id: row.id,
        entity_id: row.entity_id,
        reference_code: row.reference_code,
        timestamp: row.timestamp,
        user_display_name: row.user_display_name,
        user_id: row.user_id,
        state: row.state,
        template: row.template_refname,
        template_shortname: template.shortname,
      };
    }),
  );
}
