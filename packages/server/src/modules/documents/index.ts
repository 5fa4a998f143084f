import type { FastifyInstance } from 'fastify';
import type { IssuanceServices } from '../issuance';
import { backstepDocumentRoute } from './backstep-document';
import { createAttachmentTokenRoute } from './create-attachment-token';
import { createPdfTokenRoute } from './create-pdf-token';
import { downloadPdfRoute } from './download-pdf';
import { getCitizenDeclarationRoute } from './get-citizen-declaration';
import { runDocumentActionRoute } from './run-document-action';
import { createDocumentRoute } from './create-document';
import { deleteDocumentRoute } from './delete-document';
import type { DocumentServices } from './document-services';
import { getDocumentRoute } from './get-document';
import { listCitizenDocumentsRoute } from './list-citizen-documents';
import { documentHistoryRoute } from './list-document-history';
import { acceptMultipartUploads } from '../../lib/uploads/read-multipart-body';
import { updateDocumentRoute } from './update-document';

export type { DocumentServices, IssuanceInput } from './document-services';
export { buildStepInfo } from './build-step-info';
export { issueDocument, type IssueInput } from './issue-document';
export { computeDigest } from './compute-digest';
export { nextEditingStep, previewStep, requestedStep, stepOf } from './document-content';
export { loadDocumentExtras, maskMobile, noExtras, type DocumentExtras } from './document-extras';
export {
  findOwnedDocument,
  findReceivedDocument,
  insertDocumentEvent,
  insertDocumentEvents,
  updateDocumentRecorded,
  writeDocumentRecorded,
  cachedDocumentWrite,
  listDocumentFiles,
  type Queryable,
} from './document-queries';
export { checkDocumentDeletable, nextDocumentState } from './document-transition';
export {
  citizenIssuer,
  findAsIssuer,
  issuerKindOf,
  type Issuer,
  type IssuerKind,
} from './document-issuer';
export { createDraft, type CreateDraftInput } from './create-document';
export { saveDocumentStep } from './update-document';
export { backstepDocument } from './backstep-document';
export { getDocument } from './get-document';
export { documentBodySchema, documentResponseSchema, documentWriteResponseSchema } from './schemas';
export { refuseTargets, templateRequired, writeAnswer } from './write-options';
export {
  declarationNotFound,
  documentDeleted,
  notAllowedOnState,
  validatedDocumentNotFound,
} from './document-errors';
export { contentOf, pdfFilename, toApiDocument } from './to-api-document';
export { readActions, readScopeActions } from './document-actions';
export { ArgumentErrors } from './action-arguments';
export { actionMessage } from './action-messages';
export {
  checkScopeAction,
  type ActionTarget,
  type ScopeActionServices,
  type ScopeActionTable,
  type ScopeActionUseCase,
} from './scope-actions/scope-action';
export { runScopeAction, scopedDocumentOf, toActionAnswer } from './scope-actions/run-scope-action';
export { documentParamsSchema } from './schemas';
export { checkFileUploads } from '../../lib/uploads/check-uploads';
export {
  acceptMultipartUploads,
  uploadsOf,
  type UploadedFile,
} from '../../lib/uploads/read-multipart-body';

/** The citizen's documents; registered inside the authenticated route tree. */
export async function documentRoutes(authenticated: FastifyInstance, services: DocumentServices) {
  // Create and update also take multipart: files up to the largest per-field limit of the
  // catalogue (or FILE_MAX_SIZE) each; the JSON body limit of the app does not apply to them.
  const maxFileSize = services.catalog.maxFileSize(services.config.FILE_MAX_SIZE);
  await authenticated.register(async (writes) => {
    // A multipart body's `json` part becomes the body the route schema checks.
    await acceptMultipartUploads(writes, {
      maxFileSize,
      pdfInspector: services.pdfInspector,
      files: 20,
    });
    await createDocumentRoute(writes, services);
    await updateDocumentRoute(writes, services);
  });
  await getDocumentRoute(authenticated, services);
  await backstepDocumentRoute(authenticated, services);
  await deleteDocumentRoute(authenticated, services);
  await listCitizenDocumentsRoute(authenticated, services);
  await documentHistoryRoute(authenticated, services);
}

/** Document actions, PDF token and look-up by reference code: inside the authenticated tree. */
export async function documentActionRoutes(
  authenticated: FastifyInstance,
  services: IssuanceServices,
) {
  await runDocumentActionRoute(authenticated, services);
  await createPdfTokenRoute(authenticated, services);
  await createAttachmentTokenRoute(authenticated, services);
  await getCitizenDeclarationRoute(authenticated, services);
}

/** GET /api/pdf/{token}: public, the token is the authorisation. */
export async function publicDocumentRoutes(api: FastifyInstance, services: IssuanceServices) {
  await downloadPdfRoute(api, services);
}
