import {
  isDocumentUserAction,
  isScopeAction,
  renamedDocumentAction,
  type DocumentCallerRole,
  type DocumentScope,
  type DocumentUserAction,
  type Locale,
  type ScopeAction,
  type Template,
} from '@dilosi/domain';
import type { DocumentRow } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import type { CurrentUser } from '../../auth';
import type { IssuanceServices } from '../../issuance';
import type { ActionOutcome } from '../document-action';

/** What every scope's action needs: the document's template, answer and download addresses. */
export type ScopeActionServices = Pick<
  IssuanceServices,
  'catalog' | 'database' | 'config' | 'pdfTokenKey'
>;

/** The document a scope's route found for the caller, and who the caller is to it. */
export type ActionTarget = {
  scope: DocumentScope;
  role: DocumentCallerRole;
  /** Null only for `anyone` (the public validation). */
  user: CurrentUser | null;
  /** Null: the scope's resource holds no document (a case without one). */
  stored: DocumentRow | null;
};

export type ScopeActionInput = ActionTarget & {
  template: Template | null;
  args: Record<string, unknown>;
  locale: Locale;
};

/** One action as a scope runs it. */
export type ScopeActionUseCase<S> = (
  services: S,
  input: ScopeActionInput,
) => Promise<ActionOutcome>;

/**
 * The use case of every action a scope offers (DOCUMENT_SCOPE_ACTIONS): a route that forgets one
 * does not compile. `checksItsOwnState`: actions on the scope's resource rather than the document
 * (a case's dismiss), whose own machine decides; the others need a document in a state
 * canRunUserAction allows.
 */
export type ScopeActionTable<S extends DocumentScope, Services> = {
  useCases: Record<ScopeAction<S>, ScopeActionUseCase<Services>>;
  checksItsOwnState?: readonly ScopeAction<S>[];
};

/**
 * The action asked for, if this scope offers it to this caller. An old name: 400
 * `action_renamed` with `data.use` (one release; docs/decisions.md). Unknown, or not offered
 * here: 400 invalid_request on `action`.
 */
export function checkScopeAction<S extends DocumentScope>(
  scope: S,
  role: DocumentCallerRole,
  action: string,
): ScopeAction<S> {
  const renamed = renamedDocumentAction(action);
  if (renamed) throw new AppError(400, 'action_renamed', { action, use: renamed });
  if (!isDocumentUserAction(action) || !isScopeAction(scope, role, action)) {
    throw new AppError(400, 'invalid_request', {
      invalid_fields: [{ invalid_field: 'action', error_info: { code: 'choice_invalid' } }],
    });
  }
  return action as DocumentUserAction as ScopeAction<S>;
}
