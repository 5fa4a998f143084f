import { AppError } from '../../lib/app-error';
import { pdfDownloadUrl } from '../issuance';
import type { ScopeActionInput, ScopeActionServices } from './scope-actions/scope-action';

/**
 * `retrieve`: the document as the scope shows it; with `retrieval: 'content-uri'` an issued
 * document's answer also carries `data['document-pdf']['content-uri']`, its sealed PDF's
 * short-lived address. Any other `retrieval` is 400.
 */
export async function retrieveDocument(services: ScopeActionServices, input: ScopeActionInput) {
  const { retrieval } = input.args;
  if (retrieval !== undefined && retrieval !== 'content-uri') {
    throw new AppError(400, 'invalid_fields', {
      invalid_fields: [{ invalid_field: 'retrieval', error_info: { code: 'choice_invalid' } }],
    });
  }
  const { stored } = input;
  if (retrieval === 'content-uri' && stored?.state === 'issued') {
    return { pdfUrl: pdfDownloadUrl(services, stored.id).url };
  }
  return {};
}
