/**
 * Billing: the company's billing intervals and its online bill as data and as
 * files (spec §7 "Billing and other"). Read-only. BILLING Read and the
 * company's place in the caller's reach are enforced by the dispatcher from
 * the catalogue's declaration; here: company type, interval, currency.
 * Arithmetic and rules: business/online-bill-lines.ts and online-bill-query.ts.
 */
import { renderBillJson, renderBillPdf, renderBillXlsx, renderBillXml, type BillLabels } from '../../business/online-bill-files';
import { buildOnlineBill, companyIntervals, loadBillCompany, type OnlineBill, type OnlineBillRequest } from '../../business/online-bill-query';
import { XLSX_CONTENT_TYPE } from '../../business/stored-files';
import { downloadFileName } from '../../files/download-name';
import type { ServiceContext } from '../context';
import { defineHandlers } from '../define-handlers';
import { formatMoney, formatMonth } from '../../../contract/formatting';

interface ReportBody {
  companyAccountId: number;
  billingInterval: number;
  hideIndirectPayments?: boolean | null;
  groupByCustomers?: boolean | null;
  currency?: string | null;
}

const request = (body: ReportBody, byAccount = false): OnlineBillRequest => ({
  companyAccountId: body.companyAccountId,
  intervalId: body.billingInterval,
  currency: body.currency,
  hideIndirectPayments: body.hideIndirectPayments,
  groupByCustomers: body.groupByCustomers,
  byAccount,
});

function labels(ctx: ServiceContext): BillLabels {
  return {
    title: ctx.t('billing.file.title'),
    company: ctx.t('billing.file.company'),
    interval: ctx.t('billing.file.interval'),
    currency: ctx.t('billing.file.currency'),
    account: ctx.t('billing.file.account'),
    product: ctx.t('billing.file.product'),
    quantity: ctx.t('billing.file.quantity'),
    unitPrice: ctx.t('billing.file.unitPrice'),
    amount: ctx.t('billing.file.amount'),
    total: ctx.t('billing.file.total'),
    totalsByCurrency: ctx.t('billing.file.totalsByCurrency'),
    empty: ctx.t('billing.file.empty'),
  };
}

const money = (ctx: ServiceContext) => (amount: number, currency: string) => formatMoney(amount, currency, { locale: ctx.locale });
/** "May 2026" in the caller's language. */
const period = (ctx: ServiceContext, bill: OnlineBill) => formatMonth(bill.Interval.StartDate, { locale: ctx.locale, timeZone: 'UTC' });
const fileName = (bill: OnlineBill, kind: string, extension: string) => downloadFileName(`online-bill-${kind}-${bill.CompanyName}-${bill.Interval.Id}`, extension);
const file = (FileName: string, ContentType: string, content: Buffer) => ({ FileName, ContentType, Content: content.toString('base64') });

async function pdf(ctx: ServiceContext, body: ReportBody, byAccount: boolean) {
  const bill = await buildOnlineBill(ctx.db, request(body, byAccount));
  const content = await renderBillPdf(bill, labels(ctx), money(ctx), period(ctx, bill));
  return file(fileName(bill, byAccount ? 'hierarchy' : 'products', 'pdf'), 'application/pdf', content);
}

export const billingHandlers = defineHandlers('Billing', {
  async GetIntervalsForCompany(ctx, { companyAccountId }) {
    return companyIntervals(await loadBillCompany(ctx.db, companyAccountId));
  },

  async Onlinebill_GenerateCompanyProductReport(ctx, body) {
    return buildOnlineBill(ctx.db, request(body));
  },

  Onlinebill_GenerateCompanyProductPDF: (ctx, body) => pdf(ctx, body, false),

  Onlinebill_GenerateCompanyHierarchyProductPDF: (ctx, body) => pdf(ctx, body, true),

  async Onlinebill_GenerateCompanyHierarchyProductJSON(ctx, body) {
    const bill = await buildOnlineBill(ctx.db, request(body, true));
    return file(fileName(bill, 'hierarchy', 'json'), 'application/json', renderBillJson(bill));
  },

  async Onlinebill_GenerateCompanyHierarchyProductXML(ctx, body) {
    const bill = await buildOnlineBill(ctx.db, request(body, true));
    return file(fileName(bill, 'hierarchy', 'xml'), 'application/xml', renderBillXml(bill));
  },

  async OnlinebillExport(ctx, { companyAccountId, intervalId, currency }) {
    const bill = await buildOnlineBill(ctx.db, { companyAccountId, intervalId, currency });
    const content = await renderBillXlsx(bill, { ...labels(ctx), customer: ctx.t('billing.file.customer'), sheet: ctx.t('billing.file.sheet') });
    return file(fileName(bill, 'export', 'xlsx'), XLSX_CONTENT_TYPE, content);
  },
});
