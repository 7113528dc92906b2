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
