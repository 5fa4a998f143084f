import { consentMachine, signatoryMachine } from '@dilosi/domain';
import { sql } from 'kysely';
import { now } from '../../clock';
import type { Queryable } from '../../db/queryable';
import { deliverCitizenMessage } from '../messages';
import { joinRequestData } from './notify-signatories';

/**
 * A person's first login (issue #35): the open joint declarations that name her as a pending
 * co-signatory reach her messages now, as `user-application`, each once.
 */
export async function deliverWaitingJointRequests(
  trx: Queryable,
  person: { userId: string; afm: string },
): Promise<number> {
  const waiting = await trx
    .selectFrom('joint_signatories')
    .innerJoin('joint_consents', 'joint_consents.id', 'joint_signatories.consent_id')
    .innerJoin('documents', 'documents.id', 'joint_consents.document_id')
    .innerJoin('users as author', 'author.id', 'joint_consents.author_id')
    .select([
      'joint_consents.id as consent_id',
      'joint_signatories.firstname',
      'joint_signatories.surname',
      'documents.template_refname',
      'author.firstname as author_firstname',
      'author.surname as author_surname',
      'documents.values',
    ])
    .where('joint_signatories.afm', '=', person.afm)
    .where('joint_signatories.state', '=', signatoryMachine.initial)
    .where('joint_consents.state', '=', consentMachine.initial)
    .execute();
  let delivered = 0;
  for (const row of waiting) {
    const already = await trx
      .selectFrom('citizen_messages')
      .select('id')
      .where('owner_id', '=', person.userId)
      .where('type', '=', 'user-application')
      .where(sql<string>`state_data->>'consent_id'`, '=', row.consent_id)
      .executeTakeFirst();
    if (already) continue;
    const template = await trx
      .selectFrom('templates')
      .select('definition')
      .where('refname', '=', row.template_refname)
      .orderBy('version', 'desc')
      .executeTakeFirst();
    const definition = (template?.definition ?? {}) as { shortname?: unknown };
    const title = (definition.shortname ?? { el: '', en: '', fr: '' }) as {
      el: string;
      en: string;
      fr: string;
    };
    await deliverCitizenMessage(trx, {
      ownerId: person.userId,
      type: 'user-application',
      stateData: joinRequestData({
        consentId: row.consent_id,
        signatory: row,
        title,
        sender: [row.author_firstname, row.author_surname].filter(Boolean).join(' '),
      }),
      at: now(),
    });
    delivered += 1;
  }
  return delivered;
}
