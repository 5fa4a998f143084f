import { recipientName, type DocumentPreview, formatAthensDateTime } from '@dilosi/domain';
import PDFDocument from 'pdfkit';
import { asPdfFont, documentFonts, shareWordLayouts } from './fonts';
import {
  PDF_LABELS,
  PDF_METADATA,
  PDF_TRANSLATION_NOTES,
  type PdfTranslationLocale,
} from './pdf-labels';
import { drawQrCode, QR_SIZE_PT } from './qr';
import { addSealPlaceholder } from './seal-placeholder';

export type DocumentPdfInput = {
  preview: DocumentPreview;
  referenceCode: string | null;
  issuedAt: Date;
  /** What the QR code holds; null draws no QR code (REFCODE_ENABLED=false). */
  validationUrl: string | null;
  /** The template's Greek title: the PDF's title in its metadata. */
  title: string;
  /** The entity a reply or an entity's document is issued by (its name; the PDF's author too). */
  issuer?: string | null;
  /** Leave room for the seal (see seal.ts); the PDF is not valid to serve until sealed. */
  sealPlaceholder: boolean;
  /** Bytes reserved for the seal's CMS when a long certificate chain needs more than the default. */
  sealContentsBytes?: number;
  /**
   * The language the document was issued from, when not Greek: its text follows the Greek, marked
   * as a translation for information (the Greek remains the authentic text).
   */
  translation?: PdfTranslationLocale | null;
};

const MARGIN = { top: 56, bottom: 64, left: 56, right: 56 };
const FOOTER_OFFSET = 40;
const CELL_PADDING = 4;
const LINE_GAP = 6;
const BORDER_COLOR = '#555555';
const LABEL_FILL = '#f0f0f0';
const TEXT_COLOR = '#000000';
const MUTED_COLOR = '#444444';
// Registered under their PostScript names, the key pdfkit caches an opened font by: any other
// name, or passing the font object, makes pdfkit open and compare the font again on every call.
const REGULAR = 'NotoSans-Regular';
const BOLD = 'NotoSans-Bold';
const SIZE = { heading: 16, subheading: 10, title: 11, text: 10.5, table: 9, footer: 8 };

type Doc = PDFKit.PDFDocument;

/**
 * The issued document as a PDF/A-2b file (DESIGN section 5, Issued PDF): the preview's Greek
 * text, the issue date in Athens time, the reference code and the QR code of the validation
 * address, a "page N of M" footer on every page, and optionally an empty seal to fill in.
 */
export function renderDocumentPdf(input: DocumentPdfInput): Promise<Buffer> {
  const fonts = documentFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    pdfVersion: '1.7',
    subset: 'PDF/A-2b',
    lang: 'el-GR',
    displayTitle: true,
    bufferPages: true,
    // The first font pdfkit opens is this one, so no standard (non-embedded) font ever appears.
    font: asPdfFont(fonts.regular) as string,
    info: {
      Title: metadataText(input.title),
      Author: input.issuer ? metadataText(input.issuer) : PDF_METADATA.author,
      Subject: metadataText(input.preview.heading.el),
      Creator: PDF_METADATA.creator,
      Producer: PDF_METADATA.creator,
      CreationDate: input.issuedAt,
    },
  });
  doc.registerFont(REGULAR, asPdfFont(fonts.regular));
  doc.registerFont(BOLD, asPdfFont(fonts.bold));
  // Words laid out by earlier documents are not laid out again (fonts.ts).
  doc.font(BOLD);
  shareWordLayouts(doc);
  doc.font(REGULAR);
  shareWordLayouts(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.fillColor(TEXT_COLOR);
  drawHeading(doc, input);
  drawRecipient(doc, input.preview);
  drawPersonRows(doc, input.preview.rows);
  drawBody(doc, input.preview.body);
  if (input.preview.table) drawTable(doc, input.preview.table);
  if (input.translation) drawTranslation(doc, input.preview, input.translation);
  drawClosing(doc, input);
  drawFooters(doc, input.referenceCode);
  if (input.sealPlaceholder) {
    addSealPlaceholder(doc, {
      signedAt: input.issuedAt,
      reason: PDF_LABELS.sealReason,
      ...(input.sealContentsBytes ? { contentsBytes: input.sealContentsBytes } : {}),
    });
  }
  doc.end();
  return done;
}

/** pdfkit copies Title/Author/Subject into the XMP packet unescaped: keep XML syntax out. */
function metadataText(text: string): string {
  return text.replace(/&/g, '＆').replace(/</g, '‹').replace(/>/g, '›');
}

function contentWidth(doc: Doc): number {
  return doc.page.width - MARGIN.left - MARGIN.right;
}

function drawHeading(doc: Doc, input: DocumentPdfInput): void {
  const width = contentWidth(doc);
  doc
    .font(BOLD)
    .fontSize(SIZE.heading)
    .text(input.preview.heading.el, MARGIN.left, MARGIN.top, { width, align: 'center' });
  const subheading = input.preview.subheading?.el;
  if (subheading) {
    doc
      .font(REGULAR)
      .fontSize(SIZE.subheading)
      .text(subheading, MARGIN.left, doc.y + 2, { width, align: 'center' });
  }
  if (normalise(input.title) !== normalise(input.preview.heading.el)) {
    doc
      .font(BOLD)
      .fontSize(SIZE.title)
      .text(input.title, MARGIN.left, doc.y + 6, { width, align: 'center' });
  }
  doc.y += 14;
}

function normalise(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleUpperCase('el-GR').trim();
}

function drawRecipient(doc: Doc, preview: DocumentPreview): void {
  const name = recipientName(preview.recipient, 'el');
  if (!name) return;
  doc
    .font(BOLD)
    .fontSize(SIZE.text)
    .text(`${PDF_LABELS.recipient} `, MARGIN.left, doc.y, {
      width: contentWidth(doc),
      continued: true,
    })
    .font(REGULAR)
    .text(name);
  doc.y += 8;
}

type Cell = { text: string; bold?: boolean; fill?: string };

/** Height of a bordered row whose cells wrap within their column widths. */
function rowHeight(doc: Doc, cells: Cell[], widths: number[], size: number): number {
  let tallest = 0;
  cells.forEach((cell, index) => {
    doc.font(cell.bold ? BOLD : REGULAR).fontSize(size);
    const width = (widths[index] ?? 0) - 2 * CELL_PADDING;
    tallest = Math.max(tallest, doc.heightOfString(cell.text || ' ', { width }));
  });
  return tallest + 2 * CELL_PADDING;
}

/** The room one page offers between its margins. */
function pageRoom(doc: Doc): number {
  return doc.page.maxY() - MARGIN.top;
}

/**
 * Draws one bordered row at doc.y, on a new page if it does not fit on this one. A cell taller
 * than a whole page is cut with an ellipsis rather than drawn over the footer.
 */
function drawRow(
  doc: Doc,
  cells: Cell[],
  widths: number[],
  size: number,
  onNewPage?: () => void,
): void {
  let height = rowHeight(doc, cells, widths, size);
  if (doc.y + height > doc.page.maxY()) {
    doc.addPage();
    onNewPage?.();
  }
  height = Math.min(height, pageRoom(doc));
  const top = doc.y;
  let x = MARGIN.left;
  doc.save().lineWidth(0.5).strokeColor(BORDER_COLOR);
  cells.forEach((cell, index) => {
    const width = widths[index] ?? 0;
    if (cell.fill) doc.rect(x, top, width, height).fillAndStroke(cell.fill, BORDER_COLOR);
    else doc.rect(x, top, width, height).stroke();
    x += width;
  });
  doc.restore();
  x = MARGIN.left;
  cells.forEach((cell, index) => {
    const width = widths[index] ?? 0;
    doc
      .font(cell.bold ? BOLD : REGULAR)
      .fontSize(size)
      .fillColor(TEXT_COLOR)
      .text(cell.text, x + CELL_PADDING, top + CELL_PADDING, {
        width: width - 2 * CELL_PADDING,
        height: height - 2 * CELL_PADDING,
        ellipsis: true,
      });
    x += width;
  });
  doc.x = MARGIN.left;
  doc.y = top + height;
}

/**
 * The preview's text in the issuing interface's language, after the Greek: a rule, the note that
 * it is for information, the heading, the rows with their labels translated, the body, the
 * table's columns. Values are the citizen's, as entered.
 */
function drawTranslation(doc: Doc, preview: DocumentPreview, locale: PdfTranslationLocale): void {
  const width = contentWidth(doc);
  if (doc.y + 80 > doc.page.maxY()) doc.addPage();
  doc
    .save()
    .lineWidth(0.5)
    .strokeColor(BORDER_COLOR)
    .moveTo(MARGIN.left, doc.y)
    .lineTo(MARGIN.left + width, doc.y)
    .stroke()
    .restore();
  doc.y += 8;
  doc
    .font(REGULAR)
    .fontSize(SIZE.table)
    .fillColor(MUTED_COLOR)
    .text(PDF_TRANSLATION_NOTES[locale], MARGIN.left, doc.y, { width });
  doc.fillColor(TEXT_COLOR);
  doc.y += 6;
  doc
    .font(BOLD)
    .fontSize(SIZE.title)
    .text(preview.heading[locale] || preview.heading.el, MARGIN.left, doc.y, {
      width,
      align: 'center',
    });
  doc.y += 10;
  drawPersonRows(doc, preview.rows, locale);
  drawBody(doc, preview.body, locale);
  if (preview.table) drawTable(doc, preview.table, locale);
}

function drawPersonRows(
  doc: Doc,
  rows: DocumentPreview['rows'],
  locale: 'el' | PdfTranslationLocale = 'el',
): void {
  if (rows.length === 0) return;
  const width = contentWidth(doc);
  const widths = [Math.round(width * 0.36), width - Math.round(width * 0.36)];
  for (const row of rows) {
    drawRow(
      doc,
      // The value as issued, in Greek on the translation page too (docs/pdf.md).
      [{ text: row.label[locale] || row.label.el, fill: LABEL_FILL }, { text: row.value.el }],
      widths,
      SIZE.text,
    );
  }
  doc.y += 14;
}

function drawBody(
  doc: Doc,
  body: DocumentPreview['body'],
  locale: 'el' | PdfTranslationLocale = 'el',
): void {
  doc.font(REGULAR).fontSize(SIZE.text).fillColor(TEXT_COLOR);
  for (const paragraph of body) {
    const text = paragraph[locale] || paragraph.el;
    if (!text.trim()) continue;
    // pdfkit moves to a new page by itself when a paragraph reaches the bottom margin.
    doc.text(text, MARGIN.left, doc.y, {
      width: contentWidth(doc),
      align: 'justify',
      lineGap: 2,
      paragraphGap: 6,
    });
  }
  doc.y += 10;
}

function drawTable(
  doc: Doc,
  table: NonNullable<DocumentPreview['table']>,
  locale: 'el' | PdfTranslationLocale = 'el',
): void {
  const columns = table.columns.length;
  if (columns === 0) return;
  const width = contentWidth(doc);
  const widths = table.columns.map(() => width / columns);
  const header: Cell[] = table.columns.map((column) => ({
    text: column[locale] || column.el,
    bold: true,
    fill: LABEL_FILL,
  }));
  const drawHeader = () => drawRow(doc, header, widths, SIZE.table);
  // The header and the first row stay together.
  const firstRow = table.rows[0] ?? [];
  const together =
    rowHeight(doc, header, widths, SIZE.table) +
    (table.rows.length > 0
      ? rowHeight(
          doc,
          firstRow.map((cell) => ({ text: cell.el })),
          widths,
          SIZE.table,
        )
      : 0);
  if (doc.y + together > doc.page.maxY()) doc.addPage();
  drawHeader();
  for (const row of table.rows) {
    // The values as issued, in Greek on the translation page too (docs/pdf.md).
    const cells = table.columns.map((_, index) => ({ text: row[index]?.el ?? '' }));
    drawRow(doc, cells, widths, SIZE.table, drawHeader);
  }
  doc.y += 14;
}

/** Issue date, reference code and QR code, together at the bottom of the last page. */
function drawClosing(doc: Doc, input: DocumentPdfInput): void {
  const width = contentWidth(doc);
  const qrGap = 16;
  const hasQr = input.validationUrl !== null;
  const textWidth = hasQr ? width - QR_SIZE_PT - qrGap : width;
  // Label and value on one line ("Ημερομηνία έκδοσης: 01/07/2025 13:11:12") unless marked apart.
  const lines: { label: string; value: string; size: number; apart?: boolean }[] = [];
  if (input.issuer) lines.push({ label: PDF_LABELS.issuer, value: input.issuer, size: SIZE.text });
  lines.push({
    label: PDF_LABELS.issuedAt,
    value: formatAthensDateTime(input.issuedAt),
    size: SIZE.text,
  });
  if (input.referenceCode) {
    lines.push({ label: PDF_LABELS.referenceCode, value: input.referenceCode, size: SIZE.text });
  }
  if (input.validationUrl) {
    lines.push({
      label: PDF_LABELS.validationHint,
      value: input.validationUrl,
      size: SIZE.table,
      apart: true,
    });
  }
  const measure = (line: (typeof lines)[number]) => {
    doc.font(REGULAR).fontSize(line.size);
    const text = line.apart ? `${line.label}\n${line.value}` : `${line.label} ${line.value}`;
    return doc.heightOfString(text, { width: textWidth }) + LINE_GAP;
  };
  const textHeight = lines.reduce((total, line) => total + measure(line), 0) - LINE_GAP;
  const blockHeight = Math.max(textHeight, hasQr ? QR_SIZE_PT : 0);
  if (doc.y + blockHeight > doc.page.maxY()) doc.addPage();
  const top = doc.page.maxY() - blockHeight;

  doc.y = top + (blockHeight - textHeight) / 2;
  for (const line of lines) {
    doc
      .font(BOLD)
      .fontSize(line.size)
      .fillColor(MUTED_COLOR)
      .text(line.apart ? line.label : `${line.label} `, MARGIN.left, doc.y, {
        width: textWidth,
        continued: !line.apart,
      });
    doc
      .font(REGULAR)
      .fillColor(TEXT_COLOR)
      .text(line.value, MARGIN.left, doc.y, { width: textWidth });
    doc.y += LINE_GAP;
  }
  if (input.validationUrl) {
    drawQrCode(doc, input.validationUrl, { x: MARGIN.left + width - QR_SIZE_PT, y: top });
  }
}

function drawFooters(doc: Doc, referenceCode: string | null): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    const page = doc.page;
    const width = contentWidth(doc);
    const y = page.height - FOOTER_OFFSET;
    // Writing below the bottom margin would make pdfkit open a new page.
    const bottom = page.margins.bottom;
    page.margins.bottom = 0;
    doc
      .save()
      .lineWidth(0.5)
      .strokeColor(BORDER_COLOR)
      .moveTo(MARGIN.left, y - 6)
      .lineTo(MARGIN.left + width, y - 6)
      .stroke()
      .restore();
    doc.font(REGULAR).fontSize(SIZE.footer).fillColor(MUTED_COLOR);
    if (referenceCode) {
      doc.text(`${PDF_LABELS.referenceCode} ${referenceCode}`, MARGIN.left, y, {
        width,
        align: 'left',
        lineBreak: false,
      });
    }
    doc.text(PDF_LABELS.page(index - start + 1, count), MARGIN.left, y, {
      width,
      align: 'right',
      lineBreak: false,
    });
    page.margins.bottom = bottom;
  }
  doc.fillColor(TEXT_COLOR);
}
