import { now } from '../../clock';
import { signDocumentToken } from '../../lib/document-token';
import type { IssuanceServices } from './issuance-services';

/** GET /api/pdf/{token} address of the document's PDF, valid PDF_TOKEN_TTL_SECONDS. */
export function pdfDownloadUrl(
  services: Pick<IssuanceServices, 'config' | 'pdfTokenKey'>,
  documentId: string,
) {
  const expiresAt = new Date(now().getTime() + services.config.PDF_TOKEN_TTL_SECONDS * 1000);
  const token = signDocumentToken(services.pdfTokenKey, 'pdf-download', documentId, expiresAt);
  return { url: `/api/pdf/${token}`, expiresAt };
}
