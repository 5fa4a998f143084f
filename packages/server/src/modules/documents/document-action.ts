import {
  canRunUserAction,
  type DocumentUserAction,
  type Locale,
  type Template,
} from '@dilosi/domain';
import type { DocumentRow } from '../../db/schema';
import type { CurrentUser } from '../auth';
import { declarationNotFound, notAllowedOnState } from './document-errors';
import { findOwnedDocument, type Queryable } from './document-queries';
import type { IssuanceServices } from '../issuance';

/** What an owner's document action is given (`POST {scope}/action`, the owner's scopes). */
export type DocumentActionInput = {
  user: CurrentUser;
  /** The document as read before the action (unlocked). */
  stored: DocumentRow;
  template: Template;
  /** The request's `arguments`, checked by the action itself. */
  args: Record<string, unknown>;
  locale: Locale;
};

export type ActionOutcome = {
  /** The document after the action, when it changed. */
  row?: DocumentRow;
  message?: string;
  /** `meta.download_url`: a download follows. */
  downloadUrl?: string;
  /** `data['document-pdf']['content-uri']`: the sealed PDF's address (pdf, retrieve). */
  pdfUrl?: string;
};

/** One document action: its dependencies, its input and the caller's transaction, if any. */
export type DocumentActionUseCase = (
  services: IssuanceServices,
  input: DocumentActionInput,
  trx?: Queryable,
) => Promise<ActionOutcome>;

/**
 * Runs a change on the locked document, still in a state the action allows; in the caller's
 * transaction when given one, else in a transaction of its own.
 */
export async function withLockedDocument<T>(
  services: IssuanceServices,
  input: Pick<DocumentActionInput, 'stored' | 'user'>,
  action: DocumentUserAction,
  change: (trx: Queryable, locked: DocumentRow) => Promise<T>,
  trx?: Queryable,
): Promise<T> {
  const run = async (handle: Queryable) => {
    const locked = await findOwnedDocument(handle, input.stored.id, input.user.id, {
      forUpdate: true,
    });
    if (!locked) throw declarationNotFound();
    if (!canRunUserAction(locked.state, action)) throw notAllowedOnState();
    return change(handle, locked);
  };
  return trx ? run(trx) : services.database.db.transaction().execute(run);
}
