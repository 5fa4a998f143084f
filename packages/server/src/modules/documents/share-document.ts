import { now } from '../../clock';
import { alertCitizen, deliverCitizenMessage } from '../messages';
import type { DocumentRow } from '../../db/schema';
import { ArgumentErrors, type PersonTargetInput } from './action-arguments';
import { actionMessage } from './action-messages';
import { withLockedDocument, type DocumentActionInput } from './document-action';
import { insertDocumentEvent, type Queryable } from './document-queries';
import { citizenName, type IssuanceServices } from '../issuance';

/**
 * `share`: the issued document shared with the persons of `arguments.targets` (type `person`:
 * name and tax number); a person who has an account receives it as a `shared-document`
 * message, with an SMS / e-mail alert, and may then read it. All or none, in one transaction.
 */
export async function shareDocument(
  services: IssuanceServices,
  input: DocumentActionInput,
  trx?: Queryable,
) {
  const { args, locale } = input;
  const errors = new ArgumentErrors(locale);
  const targets = errors.personTargets(args);
  errors.throwIfAny();
  const row = await withLockedDocument(
    services,
    input,
    'share',
    async (handle, locked) => {
      for (const target of targets) await shareWith(services, input, handle, locked, target);
      return locked;
    },
    trx,
  );
  const names = targets.map((target) => `${target.firstname} ${target.surname}`).join(', ');
  return { row, message: actionMessage(locale, 'shared', { name: names }) };
}

async function shareWith(
  services: IssuanceServices,
  input: DocumentActionInput,
  handle: Queryable,
  locked: DocumentRow,
  target: PersonTargetInput,
) {
  const { user } = input;
  const { firstname, surname, afm } = target;
  await handle
    .insertInto('document_shares')
    .values({ document_id: locked.id, firstname, surname, afm, created_at: now() })
    .execute();
  await insertDocumentEvent(handle, {
    documentId: locked.id,
    action: 'shared',
    fromState: locked.state,
    toState: locked.state,
    step: locked.step,
    userId: user.id,
  });
  // A person with an account finds it in their mailbox; never the owner themself.
  const person = await handle
    .selectFrom('users')
    .select(['id', 'mobile', 'mobile_certified', 'email'])
    .where('afm', '=', afm)
    .where('id', '!=', user.id)
    .executeTakeFirst();
  if (!person) return;
  const sender = citizenName(locked.values, user.record);
  await deliverCitizenMessage(handle, {
    ownerId: person.id,
    type: 'shared-document',
    stateData: {
      title: input.template.shortname,
      sender_display_name: sender,
      recipient_display_name: `${firstname} ${surname}`,
      reference_code: locked.reference_code,
    },
    documentId: locked.id,
    at: now(),
  });
  await alertCitizen(services, handle, person, {
    sms: 'citizen_shared_document_sms',
    email: 'citizen_shared_document_email',
    params: {
      sender,
      title: input.template.shortname,
      url: `${services.config.publicUrl}/my/messages`,
    },
  });
}
