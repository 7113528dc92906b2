import { drawParties, renderPdf, type InvoiceParty } from './pdf-document';

export interface OrderInvoice {
  /** Already translated labels. */
  labels: {
    title: string;
    invoiceNumber: string;
    date: string;
    seller: string;
    billTo: string;
    product: string;
    quantity: string;
    unitPrice: string;
    total: string;
    creditLimit: string;
    status: string;
  };
  number: string;
  date: string;
  seller: InvoiceParty;
  payer: InvoiceParty;
  productName: string;
  quantity: number;
  unitPrice: string;
  total: string;
  creditLimit: string;
  status: string;
}

/** An A4 invoice of one credit-check order: parties, one order line, total, credit limit and approval status. */
export function renderOrderInvoicePdf(invoice: OrderInvoice): Promise<Buffer> {
  return renderPdf(`${invoice.labels.title} ${invoice.number}`, (doc, fonts) => {
    const { regular, bold } = fonts;
    const { labels } = invoice;

    doc.font(bold).fontSize(20).text(labels.title);
    doc.moveDown(0.5).font(regular).fontSize(10);
    doc.text(`${labels.invoiceNumber}: ${invoice.number}`).text(`${labels.date}: ${invoice.date}`);

    const bottom = drawParties(doc, fonts, [labels.seller, invoice.seller], [labels.billTo, invoice.payer]);

    // Product 230 pt wide, then quantity, unit price and total 80 pt each, right-aligned, up to the right margin.
    const columns = [56, 296, 376, 456];
    const cell = (index: number) => ({ width: index === 0 ? 230 : 80, align: index === 0 ? ('left' as const) : ('right' as const) });
    const tableTop = bottom + 30;
    const headers = [labels.product, labels.quantity, labels.unitPrice, labels.total];
    doc.font(bold).fontSize(10);
    // Long labels (e.g. Russian) wrap in the narrow columns: the rule goes below the tallest one.
    const headerHeight = Math.max(...headers.map((label, index) => doc.heightOfString(label, cell(index))));
    headers.forEach((label, index) => doc.text(label, columns[index], tableTop, cell(index)));
    const ruleY = tableTop + headerHeight + 4;
    doc.moveTo(56, ruleY).lineTo(536, ruleY).stroke();
    doc.font(regular);
    const rowTop = ruleY + 8;
    const values = [invoice.productName, String(invoice.quantity), invoice.unitPrice, invoice.total];
    const rowHeight = Math.max(...values.map((value, index) => doc.heightOfString(value, cell(index))));
    values.forEach((value, index) => doc.text(value, columns[index], rowTop, cell(index)));
    doc.y = rowTop + rowHeight;
    doc.moveTo(56, doc.y + 8).lineTo(536, doc.y + 8).stroke();
    doc.font(bold).text(`${labels.total}: ${invoice.total}`, 56, doc.y + 16, { width: 480, align: 'right' });
    doc.moveDown(2).font(regular);
    doc.text(`${labels.creditLimit}: ${invoice.creditLimit}`, 56).text(`${labels.status}: ${invoice.status}`, 56);
  });
}
