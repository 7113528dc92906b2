import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';

/** A font with Cyrillic and the other scripts of our locales when the system has it; Helvetica covers Latin only. */
const UNICODE_FONTS = {
  regular: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  bold: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
};
const hasUnicodeFont = existsSync(UNICODE_FONTS.regular) && existsSync(UNICODE_FONTS.bold);

export interface PdfFonts {
  regular: string;
  bold: string;
}

/** A party of a business document: its name and address lines. */
export interface InvoiceParty {
  name: string;
  lines: string[];
}

/**
 * Two parties side by side below the current position (left at the margin, right from
 * 310 pt, 230 pt wide each), as the order invoice and the quote show seller and buyer;
 * returns the y below the taller one.
 */
export function drawParties(doc: PDFKit.PDFDocument, fonts: PdfFonts, left: [string, InvoiceParty], right: [string, InvoiceParty]): number {
  const top = doc.y + 20;
  const party = ([label, who]: [string, InvoiceParty], x: number) => {
    doc.font(fonts.bold).fontSize(10).text(label, x, top, { width: 230 });
    doc.font(fonts.regular).text(who.name, { width: 230 });
    for (const line of who.lines) doc.text(line, { width: 230 });
    return doc.y;
  };
  return Math.max(party(left, 56), party(right, 310));
}

/** An A4 document (56 pt margins) drawn by `draw`, as the bytes of the finished file. */
export function renderPdf(title: string, draw: (doc: PDFKit.PDFDocument, fonts: PdfFonts) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc, hasUnicodeFont ? UNICODE_FONTS : { regular: 'Helvetica', bold: 'Helvetica-Bold' });
    doc.end();
  });
}
