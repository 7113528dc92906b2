/**
 * The online bill as files: PDF (pdfkit, same fonts as the order invoice),
 * XML, JSON and an Excel sheet. Labels come translated from the caller.
 */
import { tableWorkbook, workbookBytes } from './spreadsheet';
import { escapeXml } from '../fault';
import { renderPdf } from './pdf-document';
import type { OnlineBill } from './online-bill-query';

export interface BillLabels {
  title: string;
  company: string;
  interval: string;
  currency: string;
  account: string;
  product: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  total: string;
  totalsByCurrency: string;
  empty: string;
}

export type Money = (amount: number, currency: string) => string;

/** A4 PDF: header, one table per group (group name as a heading when there are several), totals. */
export function renderBillPdf(bill: OnlineBill, labels: BillLabels, money: Money, period: string): Promise<Buffer> {
  return renderPdf(`${labels.title} ${bill.CompanyName} ${period}`, (doc, { regular, bold }) => {
    // Product 180 pt, account 120, quantity 50, unit price 65, amount 65: 480 pt between the margins.
    const columns = [
      { x: 56, width: 175, align: 'left' as const },
      { x: 236, width: 120, align: 'left' as const },
      { x: 360, width: 45, align: 'right' as const },
      { x: 408, width: 60, align: 'right' as const },
      { x: 471, width: 65, align: 'right' as const },
    ];
    const bottom = doc.page.height - 56;
    const row = (values: string[], font: string) => {
      doc.font(font).fontSize(9);
      const height = Math.max(...values.map((value, index) => doc.heightOfString(value, columns[index])));
      if (doc.y + height > bottom) doc.addPage();
      const top = doc.y;
      values.forEach((value, index) => doc.text(value, columns[index].x, top, columns[index]));
      doc.y = top + height + 4;
    };
    const rule = () => {
      doc.moveTo(56, doc.y).lineTo(536, doc.y).stroke();
      doc.y += 4;
    };

    doc.font(bold).fontSize(18).text(labels.title);
    doc.moveDown(0.5).font(regular).fontSize(10);
    doc.text(`${labels.company}: ${bill.CompanyName}`).text(`${labels.interval}: ${period}`).text(`${labels.currency}: ${bill.Currency}`);
    doc.moveDown();
    if (bill.Lines.length === 0) doc.text(labels.empty);
    for (const group of bill.Lines.length ? bill.Groups : []) {
      if (bill.Groups.length > 1) {
        if (doc.y + 60 > bottom) doc.addPage();
        doc.font(bold).fontSize(11).text(group.DisplayName, 56, doc.y);
        doc.moveDown(0.3);
      }
      row([labels.product, labels.account, labels.quantity, labels.unitPrice, labels.amount], bold);
      rule();
      for (const line of group.Lines) {
        row([line.Name, line.AccountName, String(line.Quantity), money(line.UnitPrice, line.Currency), money(line.Amount, line.Currency)], regular);
      }
      rule();
      row([labels.total, '', '', '', money(group.Total, bill.Currency)], bold);
      doc.moveDown();
    }
    if (doc.y + 60 > bottom) doc.addPage();
    doc.font(bold).fontSize(11).text(`${labels.total}: ${money(bill.Total, bill.Currency)}`, 56, doc.y, { width: 480, align: 'right' });
    if (bill.Totals.length) {
      doc.font(regular).fontSize(9).text(`${labels.totalsByCurrency}: ${bill.Totals.map((entry) => money(entry.Amount, entry.Currency)).join(', ')}`, 56, doc.y, { width: 480, align: 'right' });
    }
  });
}

// XML 1.0 forbids most control characters even escaped: drop them from user text.
// eslint-disable-next-line no-control-regex
const xmlText = (value: string | number | boolean | null) => escapeXml(String(value ?? '').replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, ''));
const attributes = (values: Record<string, string | number | boolean | null>) =>
  Object.entries(values)
    .map(([name, value]) => ` ${name}="${xmlText(value)}"`)
    .join('');

/** Well-formed XML: the bill's attributes, one Account element per group with its Line elements, totals. */
export function renderBillXml(bill: OnlineBill): Buffer {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  out.push(
    `<OnlineBill${attributes({ CompanyAccountId: bill.CompanyAccountId, CompanyName: bill.CompanyName, IntervalId: bill.Interval.Id, StartDate: bill.Interval.StartDate, EndDate: bill.Interval.EndDate, Currency: bill.Currency, HideIndirectPayments: bill.HideIndirectPayments })}>`,
  );
  for (const group of bill.Groups) {
    out.push(`  <Account${attributes({ Id: group.AccountId, Name: group.DisplayName, Total: group.Total })}>`);
    for (const line of group.Lines) {
      const { Name, ...rest } = line;
      out.push(`    <Line${attributes(rest)}>${xmlText(Name)}</Line>`);
    }
    out.push('  </Account>');
  }
  out.push('  <Totals>');
  for (const entry of bill.Totals) out.push(`    <Total${attributes({ Currency: entry.Currency })}>${entry.Amount}</Total>`);
  out.push('  </Totals>');
  out.push(`  <Total${attributes({ Currency: bill.Currency })}>${bill.Total}</Total>`);
  out.push('</OnlineBill>');
  return Buffer.from(`${out.join('\n')}\n`, 'utf8');
}

export const renderBillJson = (bill: OnlineBill): Buffer => Buffer.from(JSON.stringify(bill, null, 2), 'utf8');

/** One sheet, one row per line (a charge named "=HYPERLINK(…)" stays text: see tableWorkbook). */
export async function renderBillXlsx(bill: OnlineBill, labels: BillLabels & { customer: string; sheet: string }): Promise<Buffer> {
  const { workbook, sheet } = tableWorkbook(labels.sheet, [
    { header: labels.customer, key: 'CustomerName', width: 28 },
    { header: labels.account, key: 'AccountName', width: 28 },
    { header: labels.product, key: 'Name', width: 40 },
    { header: labels.quantity, key: 'Quantity', width: 10 },
    { header: labels.unitPrice, key: 'UnitPrice', width: 14 },
    { header: labels.amount, key: 'Amount', width: 14 },
    { header: labels.currency, key: 'Currency', width: 10 },
  ]);
  for (const line of bill.Lines) sheet.addRow(line);
  const total = sheet.addRow({ CustomerName: labels.total, Amount: bill.Total, Currency: bill.Currency });
  total.font = { bold: true };
  for (const key of ['UnitPrice', 'Amount']) sheet.getColumn(key).numFmt = '#,##0.00';
  return workbookBytes(workbook);
}
