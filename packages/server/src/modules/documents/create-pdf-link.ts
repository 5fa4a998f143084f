import { pdfDownloadUrl } from '../issuance';
import { actionMessage } from './action-messages';
import { declarationNotFound } from './document-errors';
import type { ScopeActionInput, ScopeActionServices } from './scope-actions/scope-action';

/** `pdf`: a short-lived download address of the sealed PDF (`document-pdf` and `meta`). */
export async function createPdfLink(services: ScopeActionServices, input: ScopeActionInput) {
  if (!input.stored) throw declarationNotFound();
  const { url } = pdfDownloadUrl(services, input.stored.id);
  return { pdfUrl: url, downloadUrl: url, message: actionMessage(input.locale, 'pdf_ready') };
}
