import { renderDocumentPdf, type DocumentPdfInput } from './document-pdf';

/**
 * One document rendered in a worker thread of the PDF renderer (render-pool.ts). The bytes go
 * back as a Uint8Array (copied by the structured clone: ~40 KB a document).
 */
export default async function renderInWorker(input: DocumentPdfInput): Promise<Uint8Array> {
  const pdf = await renderDocumentPdf(input);
  return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}
