/**
 * Reading and writing quotes: who sees a quote (seller side: the quote's seller
 * is within the caller's reach; customer side: the quote is addressed to the
 * caller's company and was sent), its lines priced from the customer's
 * pricelist (the one price rule of allowed-services.ts), the detail answer.
 */
import { isWithin } from '../../auth/access';
import { hasCapability } from '../../auth/session-user';
import { convert, NoExchangeRateError } from '../../business/online-bill-lines';
import { readRates } from '../../business/online-bill-query';
import { isoTime, isoTimeOrNull } from '../../business/row-values';
import type { Queryable } from '../../db/db';
import { fault } from '../../fault';
import { orderableServices, paidPrice, type PricedServiceRow } from '../billing/allowed-services';
import type { Caller } from '../context';
import { commitmentMonths, lineAmounts, periodMonthsOf, quoteTotals, type QuoteLineInput } from './quote-totals';
import { confirmationResult, type StoredConfirmation } from '../../business/customer-confirmation';
import type { CommitmentPeriodName, NewQuoteInput, QuoteDetail, QuoteStatus } from './quote-types';

export type { StoredConfirmation } from '../../business/customer-confirmation';

export interface QuoteRow {
  id: number;
  seller_account_id: number;
  seller_path: string;
  seller_name: string;
  creator_user_id: number;
  customer_account_id: number;
  customer_path: string;
  customer_name: string;
  quote_group_id: number | null;
  name: string;
  currency: string;
  valid_until: string | null;
  notes: string | null;
  status: QuoteStatus;
  version: number;
  previous_quote_id: number | null;
  total_value: number;
  created_at: Date | string;
  sent_at: Date | string | null;
  decided_at: Date | string | null;
  decline_reason: string | null;
  order_result: unknown;
  customer_confirmation: StoredConfirmation | null;
}

export interface QuoteLineRow {
  position: number;
  service_id: number;
  product_name: string;
  quantity: number;
  unit_price: number;
  list_price: number;
  setup_fee: number;
  discount_percent: number;
  commitment: CommitmentPeriodName;
  commitment_months: number;
  fee_type: string;
  period_months: number;
}

export const QUOTE_SELECT = `
SELECT q.id, q.seller_account_id, q.seller_path, s.display_name AS seller_name, q.creator_user_id,
       q.customer_account_id, q.customer_path, c.display_name AS customer_name, q.quote_group_id, q.name, q.currency,
       to_char(q.valid_until, 'YYYY-MM-DD') AS valid_until, q.notes, q.status, q.version, q.previous_quote_id, q.total_value,
       q.created_at, q.sent_at, q.decided_at, q.decline_reason, q.order_result, q.customer_confirmation
  FROM quotes q JOIN accounts s ON s.id = q.seller_account_id JOIN accounts c ON c.id = q.customer_account_id`;

export type QuoteSide = 'seller' | 'customer';

/** Which side of a quote the caller stands on, if any. */
export function sideOf(caller: Caller, quote: Pick<QuoteRow, 'seller_path' | 'customer_path' | 'status'>): QuoteSide | undefined {
  const scope = caller.loaded.scopePath;
  if (isWithin(quote.seller_path, scope)) return 'seller';
  // The customer's users (its company, or a department of it) see what was sent to them.
  if (isWithin(scope, quote.customer_path) && quote.status !== 'Draft') return 'customer';
  return undefined;
}

/** A quote the caller may see, with its side; 404 otherwise (another tenant's quote is not even confirmed to exist). */
export async function visibleQuote(db: Queryable, caller: Caller, quoteId: number, lock = false): Promise<{ quote: QuoteRow; side: QuoteSide }> {
  if (lock) await db.query('SELECT id FROM quotes WHERE id = $1 FOR UPDATE', [quoteId]);
  const quote = await db.one<QuoteRow>(`${QUOTE_SELECT} WHERE q.id = $1`, [quoteId]);
  const side = quote ? sideOf(caller, quote) : undefined;
  if (!quote || !side) throw fault(404, 'quotes.notFound');
  return { quote, side };
}

export const readLines = (db: Queryable, quoteId: number) =>
  db.query<QuoteLineRow>(
    `SELECT position, service_id, product_name, quantity, unit_price, list_price, setup_fee, discount_percent, commitment, commitment_months, fee_type, period_months
       FROM quote_products WHERE quote_id = $1 ORDER BY position`,
    [quoteId],
  );

/** A stored line as the totals take it (quote-totals.ts). */
export const lineInput = (line: QuoteLineRow): QuoteLineInput => ({
  unitPrice: Number(line.unit_price),
  quantity: line.quantity,
  discountPercent: Number(line.discount_percent),
  setupFee: Number(line.setup_fee),
  feeType: line.fee_type,
  periodMonths: line.period_months,
  commitmentMonths: line.commitment_months,
});

const can = (caller: Caller, flag: 'Execute' | 'Create') => hasCapability(caller.loaded.user.Capability, 'QUOTATION_TOOL', flag);
/** Whether the caller may accept quotes for customers (the handler checks the customer's reach again). */
export const ordersOnBehalf = (caller: Caller) => hasCapability(caller.loaded.user.Capability, 'ORDER_ON_BEHALF', 'Execute');

/** Whether a Sent quote's validity has passed (the expiry job may not have run yet). */
export const isPastValidity = (quote: Pick<QuoteRow, 'valid_until'>, today = new Date().toISOString().slice(0, 10)) =>
  quote.valid_until !== null && quote.valid_until < today;

export function quoteDetail(caller: Caller, quote: QuoteRow, side: QuoteSide, lines: QuoteLineRow[]): QuoteDetail {
  const seller = side === 'seller';
  return {
    Id: Number(quote.id),
    Name: quote.name,
    CustomerAccountId: Number(quote.customer_account_id),
    CustomerName: quote.customer_name,
    SellerAccountId: Number(quote.seller_account_id),
    SellerName: quote.seller_name,
    QuoteGroupId: quote.quote_group_id === null ? null : Number(quote.quote_group_id),
    Currency: quote.currency,
    ValidUntil: quote.valid_until,
    Notes: quote.notes,
    Status: quote.status,
    Version: quote.version,
    PreviousQuoteId: quote.previous_quote_id === null ? null : Number(quote.previous_quote_id),
    CreatedAt: isoTime(quote.created_at),
    SentAt: isoTimeOrNull(quote.sent_at),
    DecidedAt: isoTimeOrNull(quote.decided_at),
    DeclineReason: quote.decline_reason,
    Products: lines.map((line) => ({
      ProductName: line.product_name,
      ServiceId: Number(line.service_id),
      Quantity: line.quantity,
      UnitPrice: Number(line.unit_price),
      ListPrice: Number(line.list_price),
      SetupFee: Number(line.setup_fee),
      DiscountPercent: Number(line.discount_percent),
      CommitmentPeriod: line.commitment,
      CommitmentMonths: line.commitment_months,
      FeeType: line.fee_type,
      PeriodMonths: line.period_months,
      ...lineAmounts(lineInput(line)),
    })),
    Totals: quoteTotals(lines.map(lineInput)),
    Order: quote.order_result ?? null,
    CustomerConfirmation: confirmationResult(quote.customer_confirmation),
    IsSeller: seller,
    CanEdit: seller && quote.status === 'Draft' && can(caller, 'Execute'),
    CanSend: seller && quote.status === 'Draft' && lines.length > 0 && can(caller, 'Execute') && !isPastValidity(quote),
    CanRevise: seller && ['Sent', 'Declined', 'Expired'].includes(quote.status) && can(caller, 'Create'),
    CanDecide: side === 'customer' && quote.status === 'Sent' && !isPastValidity(quote),
    CanAcceptOnBehalf: seller && quote.status === 'Sent' && !isPastValidity(quote) && ordersOnBehalf(caller),
  };
}

export async function loadDetail(db: Queryable, caller: Caller, quoteId: number): Promise<QuoteDetail> {
  const { quote, side } = await visibleQuote(db, caller, quoteId);
  return quoteDetail(caller, quote, side, await readLines(db, quoteId));
}

export interface CustomerAccount {
  id: number;
  path: string;
  name: string;
  currency: string | null;
}

/** A customer of the caller's organisation: a company or reseller strictly below it, within reach (404 otherwise). */
export async function customerOf(db: Queryable, caller: Caller, sellerPath: string, customerId: number): Promise<CustomerAccount> {
  const row = await db.one<{ id: number; path: string; display_name: string; account_type: string; currency: string | null }>(
    `SELECT id, path, display_name, account_type, views->'Values'->>'Currency' AS currency FROM accounts WHERE id = $1 AND state <> 'Terminated'`,
    [customerId],
  );
  if (!row || !isWithin(row.path, caller.loaded.scopePath) || !row.path.startsWith(`${sellerPath}/`)) throw fault(404, 'quotes.customerNotFound');
  if (!['Company', 'Reseller'].includes(row.account_type)) throw fault(400, 'quotes.notACustomer');
  return { id: Number(row.id), path: row.path, name: row.display_name, currency: row.currency };
}

/** One product as a customer would buy it, priced in `currency` (pricelist price converted through stored rates). */
export interface PricedProduct {
  service: PricedServiceRow;
  listPrice: number;
  setupFee: number;
  periodMonths: number;
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

export async function pricedCatalogue(db: Queryable, customerPath: string, currency: string): Promise<{ byName: Map<string, PricedProduct>; all: PricedProduct[] }> {
  const [rows, rates] = await Promise.all([orderableServices(db, customerPath), readRates(db)]);
  const all: PricedProduct[] = [];
  const byName = new Map<string, PricedProduct>();
  try {
    for (const row of rows) {
      const price = paidPrice(row);
      const product: PricedProduct = {
        service: row,
        listPrice: round4(convert(price.SalesPrice, price.Currency, currency, rates)),
        setupFee: row.fee_type === 'base' ? round4(convert(Number(row.base_fee), row.currency, currency, rates)) : 0,
        periodMonths: periodMonthsOf(row.fee_type, row.billing_rule),
      };
      all.push(product);
      byName.set(row.name.toLowerCase(), product);
      byName.set(row.display_name.toLowerCase(), product);
    }
  } catch (error) {
    if (error instanceof NoExchangeRateError) throw fault(400, 'quotes.noExchangeRate', { from: error.from, to: error.to });
    throw error;
  }
  return { byName, all };
}

export function productFacts(product: PricedProduct, currency: string) {
  const row = product.service;
  return {
    ServiceId: Number(row.id),
    Name: row.name,
    ProductName: row.display_name,
    VendorName: row.vendor_name,
    Category: row.category,
    FeeType: row.fee_type,
    BillingRule: row.billing_rule,
    PeriodMonths: product.periodMonths,
    UnitPrice: product.listPrice,
    SetupFee: product.setupFee,
    Currency: currency,
  };
}

/** Replaces a quote's lines with the given products, priced for the customer; returns the commitment total. */
export async function writeLines(
  tx: Queryable,
  quoteId: number,
  customerPath: string,
  currency: string,
  products: NewQuoteInput['Products'],
): Promise<number> {
  const { byName } = await pricedCatalogue(tx, customerPath, currency);
  await tx.query('DELETE FROM quote_products WHERE quote_id = $1', [quoteId]);
  const inputs: QuoteLineInput[] = [];
  for (const [position, product] of products.entries()) {
    const priced = byName.get(product.ProductName.toLowerCase());
    if (!priced) throw fault(400, 'quotes.productNotAvailable', { name: product.ProductName });
    const period: CommitmentPeriodName = product.CommitmentPeriod ?? '1-month';
    if (period === 'other' && !product.CommitmentMonths) throw fault(400, 'quotes.commitmentMonthsRequired');
    const line: QuoteLineInput = {
      unitPrice: round4(product.UnitPrice ?? priced.listPrice),
      quantity: product.Quantity,
      discountPercent: Math.round((product.DiscountPercent ?? 0) * 100) / 100,
      setupFee: priced.setupFee,
      feeType: priced.service.fee_type,
      periodMonths: priced.periodMonths,
      commitmentMonths: commitmentMonths(period, product.CommitmentMonths),
    };
    inputs.push(line);
    await tx.query(
      `INSERT INTO quote_products (quote_id, position, service_id, product_name, quantity, unit_price, list_price, setup_fee, discount_percent,
                                   commitment, commitment_months, fee_type, period_months)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [quoteId, position, priced.service.id, priced.service.display_name, line.quantity, line.unitPrice, priced.listPrice, line.setupFee,
        line.discountPercent, period, line.commitmentMonths, line.feeType, line.periodMonths],
    );
  }
  const totals = quoteTotals(inputs);
  await tx.query('UPDATE quotes SET totals = $2::jsonb, total_value = $3, updated_at = now() WHERE id = $1', [quoteId, JSON.stringify(totals), totals.CommitmentTotal]);
  return totals.CommitmentTotal;
}
