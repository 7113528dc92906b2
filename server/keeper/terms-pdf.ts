/**
 * The terms documents as PDF (spec §7: the client GETs the terms pdf path and
 * saves the blob). Rendered from the stored text with pdfkit, so the PDF and
 * the dialog never disagree.
 */
import PDFDocument from 'pdfkit';

const TERMS_PDF_PREFIX = '/keeper/get/terms/';

/** Where a terms document's PDF is served (what GetMyConfirmedTerms returns as PathToTermsPdf). */
export const termsPdfPath = (termsId: number) => `${TERMS_PDF_PREFIX}${termsId}.pdf`;

export interface TermsDocument {
  name: string;
  text: string;
}

/** A4, the name as title, the text paragraph by paragraph. */
export function renderTermsPdf(terms: TermsDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: terms.name } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica-Bold').fontSize(18).text(terms.name, { paragraphGap: 12 });
    doc.font('Helvetica').fontSize(11);
    for (const paragraph of terms.text.split(/\n\s*\n/)) {
      doc.text(paragraph.trim(), { align: 'left', paragraphGap: 8, lineGap: 2 });
    }
    doc.end();
  });
}
