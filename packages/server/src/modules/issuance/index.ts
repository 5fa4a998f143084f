import type { FastifyInstance } from 'fastify';
import type { IssuanceSteps } from '../documents';
import { confirmIssuance } from './confirm-issuance';
import { createPdfTokenRoute } from './create-pdf-token';
import { downloadPdfRoute } from './download-pdf';
import { messageDocumentRoutes } from './message-document';
import { getCitizenDeclarationRoute } from './get-citizen-declaration';
import type { IssuanceServices } from './issuance-services';
import { requestIssuance } from './request-issuance';
import { runDocumentActionRoute } from './run-document-action';

export { createIssuanceServices, type IssuanceServices } from './issuance-services';
export { issueDocument, type IssueInput } from './issue-document';
export { pdfDownloadUrl } from './pdf-download-url';
export { purgeExpiredDocuments, type PurgeSummary } from './purge-expired-documents';

/** The wizard's way into issuance (POST /api/my-declarations/{id} at preview and confirm). */
export function issuanceSteps(services: IssuanceServices): IssuanceSteps {
  return {
    request: (input) => requestIssuance(services, input),
    confirm: (input) => confirmIssuance(services, input),
  };
}

/** Document actions, PDF token and look-up by reference code: inside the authenticated tree. */
export async function issuanceRoutes(authenticated: FastifyInstance, services: IssuanceServices) {
  await runDocumentActionRoute(authenticated, services);
  await createPdfTokenRoute(authenticated, services);
  await getCitizenDeclarationRoute(authenticated, services);
  await messageDocumentRoutes(authenticated, services);
}

/** GET /api/pdf/{token}: public, the token is the authorisation. */
export async function publicIssuanceRoutes(api: FastifyInstance, services: IssuanceServices) {
  await downloadPdfRoute(api, services);
}
