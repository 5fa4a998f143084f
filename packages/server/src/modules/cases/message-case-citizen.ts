import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { alertCitizen, deliverCitizenMessage } from '../messages';
import type { CaseServices } from './case-services';
import { findCaseCitizen } from './send-case-message';

/** What a case's message to its citizen needs of the case. */
export type CaseForMessage = {
  id: string;
  entity_id: string;
  document_id: string | null;
  citizen_afm: string | null;
  case_id: string;
  reference_code: string | null;
};

/**
 * The entity writes to the citizen of a case, in the caller's transaction: a `message` in her
 * mailbox signed by the entity (DESIGN section 8) and its SMS and e-mail alert (capped by
 * alertCitizen), linking to `path` (her messages unless told). A case without a citizen we know
 * (an AFM with no account yet) gets nothing; the answer says whether she was written to.
 * One place for the clerk's message, the decision and the correction request.
 */
export async function messageCaseCitizen(
  services: Pick<CaseServices, 'notifier' | 'config'>,
  trx: Kysely<DB>,
  entry: CaseForMessage,
  message: {
    summary: string;
    at: Date;
    /** More of the message's state data (a decision, a correction link…). */
    details?: Record<string, unknown>;
    /** The document the message is about, when not the case's own (a decision's document). */
    documentId?: string | null;
    /** Where the alert leads; `/my/messages` unless told. */
    path?: string;
  },
): Promise<boolean> {
  const [entity, citizen] = await Promise.all([
    trx
      .selectFrom('entities')
      .select('display_name')
      .where('id', '=', entry.entity_id)
      .executeTakeFirstOrThrow(),
    findCaseCitizen(trx, entry.document_id, entry.citizen_afm),
  ]);
  if (!citizen) return false;
  await deliverCitizenMessage(trx, {
    ownerId: citizen.id,
    type: 'message',
    stateData: {
      title: entity.display_name,
      sender_display_name: entity.display_name,
      summary: message.summary,
      case_id: entry.case_id,
      reference_code: entry.reference_code,
      ...message.details,
    },
    documentId: message.documentId ?? entry.document_id,
    inboxEntryId: entry.id,
    at: message.at,
  });
  await alertCitizen(services, trx, citizen, {
    sms: 'case_message_sms',
    email: 'case_message_email',
    params: {
      entity: entity.display_name,
      case_id: entry.case_id,
      url: `${services.config.publicUrl}${message.path ?? '/my/messages'}`,
    },
  });
  return true;
}
