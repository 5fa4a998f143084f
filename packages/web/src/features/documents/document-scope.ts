import type { ApiDocument } from '@dilosi/domain';
import { paths } from '../../config/paths';

/**
 * Whose document the wizard edits (spec section 7, "Scope paths"): the citizen's own
 * (`my-declarations`), or an entity's for its staff — a reply to a case or a document the
 * entity issues (`entity/{entityId}/documents`). The same page and renderer serve both.
 */
export type WizardScope =
  | { kind: 'citizen' }
  | { kind: 'entity'; entityId: string; purpose: 'reply' | 'issue'; refname: string };

export const CITIZEN_SCOPE: WizardScope = { kind: 'citizen' };

/** The document's API address in this scope. */
export function documentUrl(scope: WizardScope, id: string): string {
  const enc = encodeURIComponent;
  return scope.kind === 'citizen'
    ? `/api/my-declarations/${enc(id)}`
    : `/api/entity/${enc(scope.entityId)}/documents/${enc(id)}`;
}

/** The cache key part of the scope: the citizen's stays as it always was. */
export function scopeKey(scope: WizardScope): string[] {
  return scope.kind === 'citizen' ? [] : ['entity', scope.entityId];
}

/** The wizard's address of a step in this scope. */
export function wizardStepHref(scope: WizardScope, id: string, step: string): string {
  if (scope.kind === 'citizen') return paths.documents.issue.getHref(id, step);
  const { entityId, refname } = scope;
  return scope.purpose === 'reply'
    ? paths.dashboard.replyStep.getHref(entityId, refname, id, step)
    : paths.dashboard.issueStep.getHref(entityId, refname, id, step);
}

/** Where an issued document of the entity leads: its case's replies, or the templates page. */
export function entityDoneHref(
  scope: Extract<WizardScope, { kind: 'entity' }>,
  document: ApiDocument,
): string {
  const inboxId = document.targets?.find((target) => target.type === 'entry')?.ref;
  if (scope.purpose === 'reply' && inboxId) {
    return paths.dashboard.caseTab.getHref(scope.entityId, inboxId, 'replies');
  }
  return paths.dashboard.templates.getHref(scope.entityId);
}
