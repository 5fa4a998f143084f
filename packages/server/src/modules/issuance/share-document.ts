import { now } from '../../clock';
import { insertDocumentEvent, type Queryable } from '../documents';
import { ArgumentErrors } from './action-arguments';
import { actionMessage } from './action-messages';
import { withLockedDocument, type DocumentActionInput } from './document-action';
import type { IssuanceServices } from './issuance-services';

/** `share`: the issued document shared with a person named by name and tax number. */
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
      return locked;
    },
    trx,
  );
  return { row, message: actionMessage(locale, 'shared', { name: `${firstname} ${surname}` }) };
}
