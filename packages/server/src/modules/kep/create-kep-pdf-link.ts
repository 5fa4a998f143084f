import { normalizeKepCode } from '@dilosi/domain';
import { now } from '../../clock';
import { signDocumentToken } from '../../lib/document-token';
import type { IssuanceServices } from '../issuance';
import { kepDocumentNotFound } from './kep-errors';

/**
 * POST /api/entity/{e}/kep/{code}/pdf/token (issue #37): the officer prints the document she
 * confirmed, at the counter, then or later. Only a code this KEP confirmed whose document is
 * still issued and sealed qualifies; any other (unknown, pending, refused, another KEP's,
 * revoked since) is the same 404 kep_document_not_found. The address is GET /api/kep-pdf/{token},
 * valid PDF_TOKEN_TTL_SECONDS, a purpose of its own so it opens nothing else.
 */
export async function createKepPdfLink(
  services: Pick<IssuanceServices, 'config' | 'database' | 'pdfTokenKey'>,
  input: { entityId: string; code: string },
): Promise<{ url: string; documentId: string }> {
  const row = await services.database.db
    .selectFrom('kep_confirmations')
    .innerJoin('documents', 'documents.id', 'kep_confirmations.document_id')
    .innerJoin('document_pdfs', 'document_pdfs.document_id', 'documents.id')
    .select('documents.id')
    .where('kep_confirmations.code', '=', normalizeKepCode(input.code))
    .where('kep_confirmations.state', '=', 'confirmed')
    .where('kep_confirmations.entity_id', '=', input.entityId)
    .where('documents.state', '=', 'issued')
    .orderBy('kep_confirmations.decided_at', 'desc')
    .executeTakeFirst();
  if (!row) throw kepDocumentNotFound();
  const expiresAt = new Date(now().getTime() + services.config.PDF_TOKEN_TTL_SECONDS * 1000);
  const token = signDocumentToken(services.pdfTokenKey, 'kep-pdf', row.id, expiresAt);
  return { url: `/api/kep-pdf/${token}`, documentId: row.id };
}
