import { now } from '../../clock';
import { actionMessage } from './action-messages';
import { withLockedDocument, type DocumentActionInput } from './document-action';
import { insertDocumentEvent, type Queryable } from './document-queries';
import type { IssuanceServices } from '../issuance';

/** `dismiss`: an issued or revoked document leaves the citizen's list. */
export async function dismissDocument(
  services: IssuanceServices,
  input: DocumentActionInput,
  trx?: Queryable,
) {
  const { user, locale } = input;
  const row = await withLockedDocument(
    services,
    input,
    'dismiss',
    async (handle, locked) => {
      const dismissed = await handle
        .updateTable('documents')
        .set({ dismissed_at: now() })
        .where('id', '=', locked.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await insertDocumentEvent(handle, {
        documentId: locked.id,
        action: 'dismissed',
        fromState: locked.state,
        toState: locked.state,
        step: locked.step,
        userId: user.id,
      });
      return dismissed;
    },
    trx,
  );
  return { row, message: actionMessage(locale, 'dismissed') };
}
