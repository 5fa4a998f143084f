import type { DocumentActionInput } from './document-action';
import type { IssuanceServices } from './issuance-services';
import { pdfDownloadUrl } from './pdf-download-url';

/** `pdf`: a short-lived download address of the sealed PDF. */
export async function createPdfLink(services: IssuanceServices, input: DocumentActionInput) {
  return { downloadUrl: pdfDownloadUrl(services, input.stored.id).url };
}
