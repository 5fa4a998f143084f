import { EncryptedPDFError, PDFDocument } from 'pdf-lib';

const PDF_TYPES = new Set(['application/pdf', 'application/x-pdf']);
const MAGIC = Buffer.from('%PDF-');
const ENCRYPT = Buffer.from('/Encrypt');

export type PdfProblem = 'file_type_invalid' | 'pdf_encrypted' | 'pdf_invalid';

/**
 * Attachments are PDFs a clerk can open: the right type and magic bytes, no password, and a
 * document pdf-lib can read with at least one page.
 */
export async function checkPdf(bytes: Buffer, contentType: string): Promise<PdfProblem | null> {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!PDF_TYPES.has(type) || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) {
    return 'file_type_invalid';
  }
  // The trailer (or the cross-reference stream) names the encryption dictionary near the end.
  if (bytes.subarray(Math.max(0, bytes.length - 4096)).includes(ENCRYPT)) return 'pdf_encrypted';
  try {
    const document = await PDFDocument.load(bytes, { updateMetadata: false });
    if (document.isEncrypted) return 'pdf_encrypted';
    return document.getPageCount() > 0 ? null : 'pdf_invalid';
  } catch (error) {
    return error instanceof EncryptedPDFError ? 'pdf_encrypted' : 'pdf_invalid';
  }
}
