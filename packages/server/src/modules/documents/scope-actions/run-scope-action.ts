import { attachmentContentUri } from '../../../lib/attachment-download';
import {
  canRunUserAction,
  isScopeAction,
  userActionsFor,
  type DocumentScope,
  type Locale,
  type ScopedDocument,
  type Template,
} from '@dilosi/domain';
import type { DocumentRow } from '../../../db/schema';
import type { ActionOutcome } from '../document-action';
import { notAllowedOnState } from '../document-errors';
import { loadDocumentExtras } from '../document-extras';
import { listDocumentFiles } from '../document-queries';
import { toApiDocument } from '../to-api-document';
import {
  checkScopeAction,
  type ActionTarget,
  type ScopeActionServices,
  type ScopeActionTable,
} from './scope-action';

export type ScopeActionResult = { document: ScopedDocument | null; outcome: ActionOutcome };

/**
 * `POST {scope}/action` once its route has found the document and the caller's role: the
 * domain's table (DOCUMENT_SCOPE_ACTIONS) says whether the scope offers the action to the
 * caller, the document's state whether it may run now (409 action_not_allowed_on_state), then
 * the scope's use case runs and the document is answered as it now stands.
 */
export async function runScopeAction<S extends DocumentScope, Services extends ScopeActionServices>(
  services: Services,
  table: ScopeActionTable<S, Services>,
  target: ActionTarget & { scope: S },
  request: { action: string; args: Record<string, unknown>; locale: Locale },
): Promise<ScopeActionResult> {
  const action = checkScopeAction(target.scope, target.role, request.action);
  const { stored } = target;
  if (!table.checksItsOwnState?.includes(action)) {
    if (!stored || !canRunUserAction(stored.state, action)) throw notAllowedOnState();
  }
  const template = stored
    ? await services.catalog.definition(stored.template_refname, stored.template_version)
    : null;
  const outcome = await table.useCases[action](services, {
    ...target,
    template,
    args: request.args,
    locale: request.locale,
  });
  const row = outcome.row ?? stored;
  const document = row && template ? await scopedDocumentOf(services, template, row, target) : null;
  return { document, outcome };
}

/** data.document of an action's answer: toApiDocument, with the scope and what it offers there. */
export async function scopedDocumentOf(
  services: ScopeActionServices,
  template: Template,
  row: DocumentRow,
  target: Pick<ActionTarget, 'scope' | 'role'>,
): Promise<ScopedDocument> {
  const { db } = services.database;
  const [files, extras] = await Promise.all([
    listDocumentFiles(db, row.id, template),
    loadDocumentExtras(
      db,
      row,
      services.config,
      // Addresses of the files only for a caller who may download them (not the validation).
      isScopeAction(target.scope, target.role, 'download-attachment')
        ? attachmentContentUri(services)
        : null,
    ),
  ]);
  return {
    ...toApiDocument(template, row, files, extras),
    scope: target.scope,
    actions: userActionsFor(row.state, target.scope, target.role),
  };
}

/** The spec's answer: `{ data: { document, 'document-pdf'? }, message?, meta?: { download_url } }`. */
export function toActionAnswer<D>(document: D, outcome: ActionOutcome) {
  return {
    data: {
      document,
      ...(outcome.pdfUrl ? { 'document-pdf': { 'content-uri': outcome.pdfUrl } } : {}),
    },
    ...(outcome.message ? { message: outcome.message } : {}),
    ...(outcome.downloadUrl ? { meta: { download_url: outcome.downloadUrl } } : {}),
  };
}
