import type { DocumentActionInput } from './document-action';
import { type IssuanceServices, pdfDownloadUrl } from '../issuance';

/** `pdf`: a short-lived download address of the sealed PDF. */
export async function createPdfLink(services: IssuanceServices, input: DocumentActionInput) {
  return { downloadUrl: pdfDownloadUrl(services, input.stored.id).url };
}
