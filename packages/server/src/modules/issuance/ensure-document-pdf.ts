import { renderDocumentPreview, type Recipient } from '@dilosi/domain';
import { now } from '../../clock';
import type { LocalizedText } from '../../db/schema';
import { PDF_LABELS } from '../../pdf/pdf-labels';
import type { IssuanceServices } from './issuance-services';
import { renderSealedPdf } from './render-sealed-pdf';

/**
 * Whether an issued document's sealed PDF is stored, making it first when it is not. Issuance
 * stores it with the document (documents/issue-document.ts); the demo cases' documents are
 * seeded without one (seed/demo-cases.ts: 250 PDFs would slow the first start by seconds), so
 * the first request for one renders it as issuance would have: Greek, the document's own code,
 * issue time, issuer and validation address, sealed. Stored once: a request that loses the race
 * keeps the one stored first. A document not issued: false.
 */
export async function ensureDocumentPdf(
  services: Pick<IssuanceServices, 'catalog' | 'config' | 'database' | 'renderer' | 'sealer'>,
  documentId: string,
): Promise<boolean> {
  const { db } = services.database;
  const row = await db
    .selectFrom('documents')
    .innerJoin('users', 'users.id', 'documents.owner_id')
    .leftJoin('document_pdfs', 'document_pdfs.document_id', 'documents.id')
    .leftJoin('entities', 'entities.id', 'documents.issuer_entity_id')
    .select([
      'documents.state',
      'documents.values',
      'documents.recipient',
      'documents.template_refname',
      'documents.template_version',
      'documents.reference_code',
      'documents.issued_at',
      'users.anonymous_subject',
      'entities.display_name as issuer_entity',
      'document_pdfs.document_id as stored',
    ])
    .where('documents.id', '=', documentId)
    .executeTakeFirst();
  if (!row) return false;
  if (row.stored !== null) return true;
  if (row.state !== 'issued' || row.reference_code === null || row.issued_at === null) {
    return false;
  }
  const template = await services.catalog.definition(row.template_refname, row.template_version);
  const issuedAt = new Date(row.issued_at);
  const { pdf, sha256 } = await renderSealedPdf(services, {
    preview: renderDocumentPreview(
      template,
      row.values,
      (row.recipient as Recipient | null) ?? null,
    ),
    title: template.title.el,
    referenceCode: row.reference_code,
    issuedAt,
    issuer:
      row.anonymous_subject !== null
        ? PDF_LABELS.anonymousIssuer
        : ((row.issuer_entity as LocalizedText | null)?.el ?? null),
  });
  await db
    .insertInto('document_pdfs')
    .values({ document_id: documentId, bytes: pdf, sha256, size: pdf.length, created_at: now() })
    .onConflict((oc) => oc.column('document_id').doNothing())
    .execute();
  return true;
}
