import {
  ANNOTATION_FLAGS,
  DEFAULT_BYTE_RANGE_PLACEHOLDER,
  SIG_FLAGS,
  SUBFILTER_ETSI_CADES_DETACHED,
} from '@signpdf/utils';

/** Room for the CMS: a signature, its attributes and a chain of a few qualified certificates. */
export const SEAL_CONTENTS_BYTES = 8192;

/**
 * Adds an empty PAdES signature (the seal) to a pdfkit document before `end()`: a /Sig
 * dictionary whose /ByteRange and /Contents @signpdf fills in later, an invisible signature
 * widget on the first page and the AcroForm listing it. The signing time goes in /M (PAdES B-B
 * keeps it out of the CMS).
 */
export function addSealPlaceholder(
  doc: PDFKit.PDFDocument,
  options: { signedAt: Date; reason: string; contentsBytes?: number },
): void {
  const placeholder = DEFAULT_BYTE_RANGE_PLACEHOLDER;
  const signature = doc.ref({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: SUBFILTER_ETSI_CADES_DETACHED,
    // @signpdf finds the /Contents that follows /ByteRange: keep this order.
    ByteRange: [0, placeholder, placeholder, placeholder],
    Contents: Buffer.alloc(options.contentsBytes ?? SEAL_CONTENTS_BYTES),
    Reason: new String(options.reason),
    M: options.signedAt,
  });
  signature.end(undefined);

  doc.switchToPage(0);
  const widget = doc.ref({
    Type: 'Annot',
    Subtype: 'Widget',
    FT: 'Sig',
    T: new String('Seal'),
    V: signature,
    // Print + Locked: PDF/A wants every annotation printable; zero size keeps it invisible.
    F: ANNOTATION_FLAGS.PRINT | 128,
    Rect: [0, 0, 0, 0],
    P: doc.page.dictionary,
  });
  widget.end(undefined);
  (doc.page.annotations as PDFKit.PDFKitReference[]).push(widget);

  // pdfkit ends its own AcroForm in end(): start one, then keep only what a signature needs
  // (NeedAppearances is not allowed in PDF/A-2).
  doc.initForm();
  const acroForm = (doc as unknown as { _root: { data: { AcroForm: PDFKit.PDFKitReference } } })
    ._root.data.AcroForm;
  const data = acroForm.data as Record<string, unknown>;
  delete data.NeedAppearances;
  delete data.DA;
  data.Fields = [widget];
  data.SigFlags = SIG_FLAGS.SIGNATURES_EXIST | SIG_FLAGS.APPEND_ONLY;
}
