import { now } from '../../clock';
import { actionMessage } from './action-messages';
import { withLockedDocument, type DocumentActionInput } from './document-action';
import { computeDigest } from './compute-digest';
import { insertDocumentEvent, type Queryable } from './document-queries';
import { nextDocumentState } from './document-transition';
import type { IssuanceServices } from '../issuance';

/** `revoke` (issued → revoked, irreversibly); the recipient's case records it too. */
export async function revokeDocument(
  services: IssuanceServices,
  input: DocumentActionInput,
  trx?: Queryable,
) {
  const { user, locale } = input;
  const row = await withLockedDocument(
    services,
    input,
    'revoke',
    async (handle, locked) => {
      const revokedState = nextDocumentState(locked.state, 'revoke');
      const at = now();
      const revoked = await handle
        .updateTable('documents')
        .set({
          state: revokedState,
          step: 'revoked',
          digest: computeDigest({
            values: locked.values,
            recipient: locked.recipient,
            step: 'revoked',
          }),
          updated_at: at,
        })
        .where('id', '=', locked.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await insertDocumentEvent(handle, {
        documentId: locked.id,
        action: 'revoked',
        fromState: locked.state,
        toState: revokedState,
        step: 'revoked',
        userId: user.id,
      });
      const entry = await handle
        .selectFrom('inbox_entries')
        .select('id')
        .where('document_id', '=', locked.id)
        .executeTakeFirst();
      if (entry) {
        await handle
          .insertInto('case_events')
          .values({
            inbox_entry_id: entry.id,
            action: 'document_revoked',
            user_id: user.id,
            details: JSON.stringify({ reference_code: locked.reference_code }),
            at,
          })
          .execute();
      }
      return revoked;
    },
    trx,
  );
  return { row, message: actionMessage(locale, 'revoked') };
}
