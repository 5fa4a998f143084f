import type { CaseReply } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { userDisplayName } from '../staff';
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
  const rows = await db
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
    .where('documents.reply_to_entry_id', '=', entryId)
    .where('documents.issuer_entity_id', 'is not', null)
    .orderBy('documents.created_at', 'desc')
    .orderBy('documents.id', 'desc')
    .execute();
  return Promise.all(
    rows.map(async (row) => {
      const template = await catalog.definition(row.template_refname, row.template_version, db);
      return {
        id: row.id,
        entity_id: row.issuer_entity_id ?? '',
        reference_code: row.reference_code,
        timestamp: new Date(row.issued_at ?? row.updated_at).toISOString(),
        user_display_name: userDisplayName({
          id: row.user_id,
          firstname: row.firstname,
          surname: row.surname,
          email: row.email,
          username: row.username,
        }),
        user_id: row.user_id,
        state: row.state,
        template: row.template_refname,
        template_shortname: template.shortname,
      };
    }),
  );
}
