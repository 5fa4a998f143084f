import { AppError } from '../../lib/app-error';

/**
 * The refusals about a document, in one place. Two "not found" answers with different codes:
 * the citizen's own document (by id or reference code) and the public validation look-up.
 */

/** The citizen's document: unknown, malformed id, or another citizen's (404). */
export const declarationNotFound = () => new AppError(404, 'document_api__declaration_not_found');

/** Public validation: a reference code that names no issued or revoked document (404). */
export const validatedDocumentNotFound = () => new AppError(404, 'document_not_found');

/** Public validation: the document was deleted after its retention (410). */
export const documentDeleted = () => new AppError(410, 'document_deleted');

/** The document machine (or the user-action table) does not allow this in the document's state. */
export const notAllowedOnState = () => new AppError(409, 'action_not_allowed_on_state');
