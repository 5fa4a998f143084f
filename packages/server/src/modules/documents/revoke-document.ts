import { now } from '../../clock';
import type { DocumentRow } from '../../db/schema';
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
    (handle, locked) => writeRevocation(handle, locked, user.id),
    trx,
  );
  return { row, message: actionMessage(locale, 'revoked') };
}

/**
 * A locked, issued document revoked (issued → revoked, irreversibly): its state through the
 * document machine, its history, and the recipient's case history. The citizen's `revoke`, and
 * a correction issued with "revoke the previous one" (deliver-correction.ts).
 */
export async function writeRevocation(
  handle: Queryable,
  locked: DocumentRow,
  userId: string,
): Promise<DocumentRow> {
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
    userId,
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
        user_id: userId,
        details: JSON.stringify({ reference_code: locked.reference_code }),
        at,
      })
      .execute();
  }
  return revoked;
}
