import { zipSync, strToU8, type Zippable } from 'fflate';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { now } from '../../clock';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { signDocumentToken, verifyDocumentToken } from '../../lib/document-token';
import { findCase } from './case-queries';
import type { CaseServices } from './case-services';

type ZipServices = Pick<CaseServices, 'config' | 'pdfTokenKey' | 'ensurePdf'>;

/**
 * POST …/inbox/{i}/zip/token (issue #41): a short-lived address of the whole case as one ZIP: its
 * sealed PDF, its attachments and a manifest. Answers the document (for the owner's access log).
 */
export async function caseZipUrl(
  services: ZipServices,
  db: Kysely<DB>,
  input: { entityId: string; inboxId: string },
): Promise<{ url: string; documentId: string | null }> {
  const entry = await findCase(db, input.entityId, input.inboxId);
  // The ZIP holds the sealed PDF: made now if the document was stored without it.
  if (entry.document_id) await services.ensurePdf(entry.document_id);
  const expires = new Date(now().getTime() + services.config.PDF_TOKEN_TTL_SECONDS * 1000);
  const token = signDocumentToken(services.pdfTokenKey, 'case-zip', entry.id, expires);
  return { url: `/api/case-zips/${token}`, documentId: entry.document_id };
}

/** A name safe in a ZIP on every system: no path, no control or reserved characters. */
export function zipSafeName(name: string): string {
  const cleaned = [...name.normalize('NFC')]
    .map((char) =>
      char.charCodeAt(0) < 32 || char === '\u007f' || '/\\:*?"<>|'.includes(char) ? '_' : char,
    )
    .join('')
    .replace(/^\.+/, '_')
    .trim();
  return (cleaned || 'file').slice(0, 120);
}

/**
 * GET /api/case-zips/{token}: the case as one ZIP, built when asked (the token is the
 * authorisation). PDFs are stored, not deflated: they are compressed already.
 */
export async function replyWithCaseZip(
  reply: FastifyReply,
  services: Pick<CaseServices, 'pdfTokenKey' | 'database'>,
  token: string,
) {
  const check = verifyDocumentToken(services.pdfTokenKey, 'case-zip', token, now());
  if (!check.ok) {
    throw check.reason === 'expired'
      ? new AppError(410, 'pdf_token_expired')
      : new AppError(404, 'not_found');
  }
  const { db } = services.database;
  const entry = await db
    .selectFrom('inbox_entries')
    .select([
      'id',
      'case_id',
      'document_id',
      'reference_code',
      'template_refname',
      'subject',
      'citizen_name',
      'status',
      'received_at',
    ])
    .where('id', '=', check.documentId)
    .executeTakeFirst();
  if (!entry) throw new AppError(404, 'not_found');
  const [pdf, files] = entry.document_id
    ? await Promise.all([
        db
          .selectFrom('document_pdfs')
          .select(['bytes', 'sha256', 'size'])
          .where('document_id', '=', entry.document_id)
          .executeTakeFirst(),
        db
          .selectFrom('document_files')
          .select(['attachment_index', 'filename', 'bytes', 'sha256', 'size', 'content_type'])
          .where('document_id', '=', entry.document_id)
          .orderBy('attachment_index')
          .execute(),
      ])
    : [undefined, []];
  const zip: Zippable = {};
  const listed: { name: string; sha256: string; size: number; content_type: string }[] = [];
  if (pdf) {
    const name = `${zipSafeName(entry.reference_code)}.pdf`;
    zip[name] = [new Uint8Array(pdf.bytes), { level: 0 }];
    listed.push({ name, sha256: pdf.sha256, size: pdf.size, content_type: 'application/pdf' });
  }
  for (const file of files) {
    const name = `attachments/${file.attachment_index + 1}-${zipSafeName(file.filename)}`;
    zip[name] = [new Uint8Array(file.bytes), { level: 0 }];
    listed.push({ name, sha256: file.sha256, size: file.size, content_type: file.content_type });
  }
  const manifest = {
    case_id: entry.case_id,
    reference_code: entry.reference_code,
    template: entry.template_refname,
    subject: entry.subject,
    citizen_name: entry.citizen_name,
    status: entry.status,
    received_at: new Date(entry.received_at).toISOString(),
    exported_at: now().toISOString(),
    files: listed,
  };
  zip['manifest.json'] = strToU8(`${JSON.stringify(manifest, null, 2)}\n`);
  const bytes = zipSync(zip, { level: 6, mtime: now() });
  const filename = `case-${entry.case_id.replace(/[^A-Za-z0-9-]/g, '-')}.zip`;
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(Buffer.from(bytes));
}
