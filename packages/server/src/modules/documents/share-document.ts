import { now } from '../../clock';
import { alertCitizen, deliverCitizenMessage } from '../messages';
import { ArgumentErrors } from './action-arguments';
import { actionMessage } from './action-messages';
import { withLockedDocument, type DocumentActionInput } from './document-action';
import { insertDocumentEvent, type Queryable } from './document-queries';
import { citizenName, type IssuanceServices } from '../issuance';

/**
 * `share`: the issued document shared with a person named by name and tax number; a person
 * who has an account receives it as a `shared-document` message, with an SMS / e-mail alert,
 * and may then read it.
 */
export async function shareDocument(
  services: IssuanceServices,
  input: DocumentActionInput,
  trx?: Queryable,
) {
  const { user, args, locale } = input;
  const errors = new ArgumentErrors(locale);
  const firstname = errors.text(args, 'firstname');
  const surname = errors.text(args, 'surname');
  const afm = errors.afm(args, 'afm');
  errors.throwIfAny();
  const row = await withLockedDocument(
    services,
    input,
    'share',
    async (handle, locked) => {
      await handle
        .insertInto('document_shares')
        .values({
          document_id: locked.id,
          firstname: firstname ?? '',
          surname: surname ?? '',
          afm: afm ?? '',
          created_at: now(),
        })
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
        .where('afm', '=', afm ?? '')
        .where('id', '!=', user.id)
        .executeTakeFirst();
      if (person) {
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
      return locked;
    },
    trx,
  );
  return { row, message: actionMessage(locale, 'shared', { name: `${firstname} ${surname}` }) };
}
