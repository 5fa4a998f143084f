import type { DocumentRow } from '../../db/schema';
import { findOwnedDocument, type Queryable } from './document-queries';
import type { IssuanceSteps } from './document-services';

/**
 * Whose documents a wizard call may touch (spec section 7, "Scope paths"): a citizen's own
 * (`my-declarations`), or an entity's for its staff (`entity/{e}/…`). Create, update and
 * backstep run the same code for both; only the look-up and the way to issue differ.
 */
export type DocumentScope = {
  /** The document as this caller may handle it; undefined is a 404 for them. */
  find(
    db: Queryable,
    id: string,
    options?: { forUpdate?: boolean },
  ): Promise<DocumentRow | undefined>;
  /** What the preview's `submit` and the requested state lead to; none: 409 at the preview. */
  issuance?: IssuanceSteps;
};

/** The citizen's own documents, issued with the SMS code. */
export function citizenScope(userId: string, issuance?: IssuanceSteps): DocumentScope {
  return {
    find: (db, id, options) => findOwnedDocument(db, id, userId, options),
    ...(issuance ? { issuance } : {}),
  };
}
