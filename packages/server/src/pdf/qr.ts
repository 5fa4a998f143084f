import QRCode from 'qrcode';

/** Spec section 9: QR size 180 (CSS px, i.e. 135 pt on paper), error correction level M. */
export const QR_SIZE_PT = 135;
export const QR_QUIET_ZONE_MODULES = 4;

/**
 * Draws a QR code as filled vector rectangles (no image: sharp at any zoom, no colour-space
 * questions for PDF/A). `size` includes the white quiet zone of four modules on each side.
 */
export function drawQrCode(
  doc: PDFKit.PDFDocument,
  text: string,
  at: { x: number; y: number; size?: number },
): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = modules.size;
  const size = at.size ?? QR_SIZE_PT;
  const moduleSize = size / (count + 2 * QR_QUIET_ZONE_MODULES);
  const origin = {
    x: at.x + QR_QUIET_ZONE_MODULES * moduleSize,
    y: at.y + QR_QUIET_ZONE_MODULES * moduleSize,
  };
  doc.save();
  doc.rect(at.x, at.y, size, size).fill('#ffffff');
  // One rectangle per horizontal run of dark modules: fewer operators, no seams inside a run.
  for (let row = 0; row < count; row += 1) {
    let column = 0;
    while (column < count) {
      if (!modules.get(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < count && modules.get(row, column)) column += 1;
      doc.rect(
        origin.x + start * moduleSize,
        origin.y + row * moduleSize,
        (column - start) * moduleSize,
        moduleSize,
      );
    }
  }
  doc.fill('#000000');
  doc.restore();
}
