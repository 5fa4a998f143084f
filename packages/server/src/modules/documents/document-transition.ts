import {
  documentMachine,
  transition,
  type DocumentAction,
  type DocumentState,
} from '@dilosi/domain';
import { notAllowedOnState } from './document-errors';

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
