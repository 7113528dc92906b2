/** A quote as an A4 PDF, laid out like the order invoice (order-invoice-pdf.ts): title, parties, a lines table, totals. */
import { drawParties, renderPdf, type InvoiceParty } from '../../business/pdf-document';

export interface QuotePdf {
  labels: {
    title: string;
    number: string;
    date: string;
    validUntil: string;
    seller: string;
    customer: string;
    product: string;
    quantity: string;
    unitPrice: string;
    commitment: string;
    total: string;
    status: string;
    notes: string;
  };
  number: string;
  date: string;
  validUntil: string;
  status: string;
  seller: InvoiceParty;
  customer: InvoiceParty;
  lines: { product: string; quantity: string; unitPrice: string; commitment: string; total: string }[];
  totals: { label: string; value: string }[];
  notes: string;
}

export function renderQuotePdf(quote: QuotePdf): Promise<Buffer> {
  return renderPdf(`${quote.labels.title} ${quote.number}`, (doc, fonts) => {
    const { regular, bold } = fonts;
    const { labels } = quote;
    doc.font(bold).fontSize(20).text(labels.title);
    doc.moveDown(0.5).font(regular).fontSize(10);
    doc.text(`${labels.number}: ${quote.number}`).text(`${labels.date}: ${quote.date}`);
    if (quote.validUntil) doc.text(`${labels.validUntil}: ${quote.validUntil}`);
    doc.text(`${labels.status}: ${quote.status}`);

    const bottom = drawParties(doc, fonts, [labels.seller, quote.seller], [labels.customer, quote.customer]);

    // Product 170 pt, then quantity 50, unit price 80, commitment 80, total 90 (right-aligned), up to the right margin.
    const columns = [56, 226, 276, 356, 446];
    const widths = [165, 50, 80, 85, 90];
    const cell = (index: number) => ({ width: widths[index], align: index === 0 ? ('left' as const) : ('right' as const) });
    const headers = [labels.product, labels.quantity, labels.unitPrice, labels.commitment, labels.total];
    const tableTop = bottom + 30;
    doc.font(bold).fontSize(10);
    const headerHeight = Math.max(...headers.map((label, index) => doc.heightOfString(label, cell(index))));
    headers.forEach((label, index) => doc.text(label, columns[index], tableTop, cell(index)));
    let y = tableTop + headerHeight + 4;
    doc.moveTo(56, y).lineTo(536, y).stroke();
    y += 8;
    doc.font(regular);
    for (const line of quote.lines) {
      const values = [line.product, line.quantity, line.unitPrice, line.commitment, line.total];
      const height = Math.max(...values.map((value, index) => doc.heightOfString(value, cell(index))));
      if (y + height > doc.page.height - 80) {
        doc.addPage();
        y = 56;
      }
      values.forEach((value, index) => doc.text(value, columns[index], y, cell(index)));
      y += height + 6;
    }
    doc.moveTo(56, y + 2).lineTo(536, y + 2).stroke();
    doc.y = y + 10;
    for (const total of quote.totals) doc.font(bold).text(`${total.label}: ${total.value}`, 56, doc.y + 4, { width: 480, align: 'right' });
    if (quote.notes) {
      doc.moveDown(2).font(bold).text(labels.notes, 56).font(regular).text(quote.notes, 56, doc.y, { width: 480 });
    }
  });
}
