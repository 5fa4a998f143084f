import { invalidFieldsOf, messageMachine, shareCaseFormSchema } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import { now } from '../../clock';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { alertCitizen, nextTsid } from '../messages';
import { findCase } from './case-queries';
import type { CaseServices } from './case-services';
import { recordCaseEvent } from './record-case-event';

export type ShareTarget = { firstname: string; surname: string; afm: string };

/**
 * A clerk shares the case's issued document with a person named by tax number (spec section 7,
 * action `share` with a person target). The share is kept on the document and in the case's
 * history; a person who already has an account receives it in their mailbox as a
 * `shared-document` (DESIGN section 8) with an SMS and e-mail alert, all in one transaction.
 */
export async function shareCase(
  services: Pick<CaseServices, 'notifier' | 'config'>,
  db: Kysely<DB>,
  input: { entityId: string; inboxId: string; userId: string; target: ShareTarget },
): Promise<void> {
  // The same schema the web form runs (domain): required names, a valid tax number.
  const checked = shareCaseFormSchema.safeParse(input.target);
  if (!checked.success) {
    throw new AppError(400, 'invalid_request', {
      invalid_fields: invalidFieldsOf(shareCaseFormSchema, input.target),
    });
  }
  const target = checked.data;

  await db.transaction().execute(async (trx) => {
    const entry = await findCase(trx, input.entityId, input.inboxId, { forUpdate: true });
    const document = entry.document_id
      ? await trx
          .selectFrom('documents')
          .select(['id', 'state'])
          .where('id', '=', entry.document_id)
          .executeTakeFirst()
      : undefined;
    // Only an issued document can be shared (a revoked one no longer stands).
    if (document?.state !== 'issued') throw new AppError(409, 'action_not_allowed_on_state');
    const at = now();
    await trx
      .insertInto('document_shares')
      .values({ document_id: document.id, ...target, created_at: at })
      .execute();
    await recordCaseEvent(trx, {
      entryId: entry.id,
      action: 'share',
      userId: input.userId,
      details: { firstname: target.firstname, surname: target.surname, afm: target.afm },
      at,
    });
    const [entity, person] = await Promise.all([
      trx
        .selectFrom('entities')
        .select(['display_name'])
        .where('id', '=', entry.entity_id)
        .executeTakeFirstOrThrow(),
      trx
        .selectFrom('users')
        .select(['id', 'mobile', 'mobile_certified', 'email'])
        .where('afm', '=', target.afm)
        .executeTakeFirst(),
    ]);
    if (!person) return;
    await trx
      .insertInto('citizen_messages')
      .values({
        owner_id: person.id,
        type: 'shared-document',
        status: messageMachine.initial,
        tsid: await nextTsid(trx, at),
        state_data: JSON.stringify({
          title: entry.subject,
          sender_display_name: entity.display_name,
          summary: entry.subject,
          recipient_display_name: `${target.firstname} ${target.surname}`,
          case_id: entry.case_id,
          reference_code: entry.reference_code,
        }),
        document_id: document.id,
        inbox_entry_id: entry.id,
        created_at: at,
      })
      .execute();
    await alertCitizen(services, trx, person, {
      sms: 'shared_document_sms',
      email: 'shared_document_email',
      params: {
        entity: entity.display_name,
        title: entry.subject,
        url: `${services.config.publicUrl}/my/messages`,
      },
    });
  });
}
