import { caseMachine, transition, type ApiDocument } from '@dilosi/domain';
import type { Entity } from '../../db/schema';
import type { CurrentUser } from '../auth';
import { recordCaseEvent } from '../cases';
import { declarationNotFound, type DocumentScope } from '../documents';
import { issueDocument } from '../issuance';
import { deliverIncomingDocument } from './deliver-incoming-document';
import type { ReplyServices } from './reply-services';

/** The field of an entity's issue template that names the citizen it is for. */
export const RECIPIENT_AFM_FIELD = 'recipient_afm';

/**
 * Issues an entity's document (editing → issued through the document machine, as issuance of
 * a citizen's document without the code): a new reference code, the PDF sealed with the
 * entity's name as issuer, then in the same transaction the case's `replied` history row and
 * `replied` event (an open case is finished), and the citizen's `incoming-document`.
 */
export async function issueEntityDocument(
  services: ReplyServices,
  input: { find: DocumentScope['find']; entity: Entity; user: CurrentUser; id: string },
): Promise<ApiDocument> {
  const { entity, user } = input;
  const stored = await input.find(services.database.db, input.id);
  if (!stored) throw declarationNotFound();
  const template = await services.catalog.definition(
    stored.template_refname,
    stored.template_version,
  );
  return issueDocument(services, {
    stored,
    user: user.record,
    from: 'editing',
    codeHash: null,
    isOfficial: stored.is_official,
    entity: {
      find: input.find,
      issuerName: entity.display_name.el,
      afterIssue: async (trx, issued, issuedAt) => {
        let caseId: string | null = null;
        if (issued.reply_to_entry_id) {
          const entry = await trx
            .selectFrom('inbox_entries')
            .select(['id', 'status', 'case_id'])
            .where('id', '=', issued.reply_to_entry_id)
            .forUpdate()
            .executeTakeFirst();
          if (entry) {
            caseId = entry.case_id;
            // A closed case keeps its status; the reply is still recorded.
            const moved = transition(caseMachine, entry.status, 'replied');
            if (moved.ok && moved.state !== null && moved.state !== entry.status) {
              await trx
                .updateTable('inbox_entries')
                .set({ status: moved.state, updated_at: issuedAt, dismissed_at: null })
                .where('id', '=', entry.id)
                .execute();
            }
            await recordCaseEvent(trx, {
              entryId: entry.id,
              action: 'replied',
              userId: user.id,
              details: {
                reference_code: issued.reference_code,
                reply_id: issued.id,
                ...(moved.ok && moved.state !== entry.status
                  ? { from: entry.status, to: moved.state }
                  : {}),
              },
              at: issuedAt,
            });
          }
        }
        let row = issued;
        const afm = issued.values[RECIPIENT_AFM_FIELD];
        if (!issued.reply_to_entry_id && typeof afm === 'string') {
          // A document the entity issues names its citizen by AFM: whoever has an account with it.
          const citizen = await trx
            .selectFrom('users')
            .select('id')
            .where('afm', '=', afm)
            .executeTakeFirst();
          row = await trx
            .updateTable('documents')
            .set({ recipient_afm: afm, recipient_user_id: citizen?.id ?? null })
            .where('id', '=', issued.id)
            .returningAll()
            .executeTakeFirstOrThrow();
        }
        await deliverIncomingDocument(trx, services, {
          row,
          template,
          entity,
          caseId,
          at: issuedAt,
        });
      },
    },
  });
}
