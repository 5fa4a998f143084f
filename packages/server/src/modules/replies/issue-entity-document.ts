import type { ApiDocument, Locale, ReplyCaseStatus } from '@dilosi/domain';
import type { Entity } from '../../db/schema';
import type { CurrentUser } from '../auth';
import { replyToCase } from '../cases';
import { declarationNotFound, type DocumentScope } from '../documents';
import { issueDocument } from '../issuance';
import { deliverIncomingDocument } from './deliver-incoming-document';
import type { ReplyServices } from './reply-services';

/** The field of an entity's issue template that names the citizen it is for. */
export const RECIPIENT_AFM_FIELD = 'recipient_afm';

/**
 * Issues an entity's document (editing → issued through the document machine, as issuance of
 * a citizen's document without the code): a new reference code, the PDF sealed with the
 * entity's name as issuer, then in the same transaction the case's `replied` history row, the
 * case's new status (the clerk's `caseStatus`, else the template's `reply_case_status`, through
 * the case machine; none leaves it), and the citizen's `incoming-document`.
 */
export async function issueEntityDocument(
  services: ReplyServices,
  input: {
    find: DocumentScope['find'];
    entity: Entity;
    user: CurrentUser;
    id: string;
    caseStatus?: ReplyCaseStatus | undefined;
    /** The clerk's interface language: English or French adds a translation to the PDF. */
    locale?: Locale;
  },
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
    ...(input.locale ? { locale: input.locale } : {}),
    entity: {
      find: input.find,
      issuerName: entity.display_name.el,
      afterIssue: async (trx, issued, issuedAt) => {
        let caseId: string | null = null;
        if (issued.reply_to_entry_id) {
          caseId = await replyToCase(trx, {
            entryId: issued.reply_to_entry_id,
            userId: user.id,
            // A stored template version from before reply_case_status declares nothing.
            caseStatus:
              input.caseStatus ??
              (template.reply_case_status as ReplyCaseStatus | undefined) ??
              'none',
            referenceCode: issued.reference_code,
            replyId: issued.id,
            at: issuedAt,
          });
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
