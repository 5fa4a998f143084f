import {
  consentMachine,
  documentMachine,
  transition,
  type DocumentAction,
  type DocumentState,
} from '@dilosi/domain';
import { AppError } from '../../lib/app-error';
import { notAllowedOnState } from './document-errors';
import type { Queryable } from './document-queries';

/**
 * The state `event` moves a document to, as the document machine (domain) decides; 409
 * action_not_allowed_on_state when the machine does not allow it from `state`. The server
 * writes a document's state only from here.
 */
export function nextDocumentState(
  state: DocumentState,
  event: Exclude<DocumentAction, 'delete'>,
): DocumentState {
  const moved = transition(documentMachine, state, event);
  if (!moved.ok || moved.state === null) throw notAllowedOnState();
  return moved.state;
}

/** 409 action_not_allowed_on_state unless the machine lets a document in `state` be deleted. */
export function checkDocumentDeletable(state: DocumentState): void {
  if (!transition(documentMachine, state, 'delete').ok) throw notAllowedOnState();
}

/**
 * A joint declaration waiting for its co-signatories (modules/joint, issue #35) keeps the text
 * they sign: its author may not go back, ask a new code (409 consent_state_is_issued) or delete
 * it (409 consent_state_is_not_canceled) until the consent is canceled or expired.
 */
export async function refuseWhileConsentOpen(
  db: Queryable,
  documentId: string,
  action: 'backstep' | 'resend_otp' | 'delete',
): Promise<void> {
  const open = await db
    .selectFrom('joint_consents')
    .select('id')
    .where('document_id', '=', documentId)
    .where('state', '=', consentMachine.initial)
    .executeTakeFirst();
  if (!open) return;
  throw new AppError(
    409,
    action === 'delete' ? 'consent_state_is_not_canceled' : 'consent_state_is_issued',
  );
}
