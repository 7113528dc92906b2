/**
 * Accepting a quote orders its products, in the transaction that marks it
 * Accepted (the quote row is locked first, so a second click finds it no
 * longer Sent and orders nothing):
 * - when the customer has a credit limit (company field CreditLimit) and the
 *   quote's commitment total exceeds it: one Pending credit-check order per
 *   line (the existing review flow: an account manager approves each, which
 *   provisions it);
 * - otherwise directly: per line a new product account carrying the line's
 *   terms (quote-terms.ts) and a Pending provisioning request, through orderProduct.
 */
import { emitEvent } from '../../webhooks/emit-event';
import { orderEvent } from '../../webhooks/domain-events';
import { findOrderedService, orderProduct } from '../../business/provision-product';
import type { Queryable } from '../../db/db';
import { fault } from '../../fault';
import { lineAmounts } from './quote-totals';
import { lineInput, type QuoteLineRow, type QuoteRow } from './quote-store';
import { termsOfLine } from './quote-terms';

export interface QuoteOrderResult {
  Path: 'Direct' | 'CreditCheck';
  CreditLimit: number | null;
  OrderValue: number;
  ProvisioningRequestIds: number[];
  ProductAccountIds: number[];
  CreditCheckOrderIds: number[];
}

async function creditLimitOf(tx: Queryable, customerId: number): Promise<number | null> {
  const row = await tx.one<{ limit: string | null }>(`SELECT views->'Values'->>'CreditLimit' AS limit FROM accounts WHERE id = $1`, [customerId]);
  const value = row?.limit === null || row?.limit === undefined || row.limit === '' ? NaN : Number(row.limit);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

export async function orderQuote(tx: Queryable, quote: QuoteRow, lines: QuoteLineRow[], userId: number): Promise<QuoteOrderResult> {
  const creditLimit = await creditLimitOf(tx, quote.customer_account_id);
  const orderValue = Number(quote.total_value);
  const result: QuoteOrderResult = { Path: 'Direct', CreditLimit: creditLimit, OrderValue: orderValue, ProvisioningRequestIds: [], ProductAccountIds: [], CreditCheckOrderIds: [] };
  if (creditLimit !== null && orderValue > creditLimit) {
    result.Path = 'CreditCheck';
    for (const line of lines) {
      const value = lineAmounts(lineInput(line)).CommitmentValue;
      const order = await tx.one<{ id: number }>(
        `INSERT INTO credit_check_orders (creator_user_id, parent_account_id, payer_account_id, seller_account_id, service_id, product_name,
                                          quantity, credit_limit, order_value, currency, approval_status, quote_id)
         VALUES ($1, $2, $2, $3, $4, $5, $6, $7, $8, $9, 'Pending', $10) RETURNING id`,
        [userId, quote.customer_account_id, quote.seller_account_id, line.service_id, line.product_name, line.quantity, creditLimit, value, quote.currency, quote.id],
      );
      if (order) result.CreditCheckOrderIds.push(Number(order.id));
      if (order) await emitEvent(tx, orderEvent('order.placed', { id: order.id, path: quote.customer_path, productName: line.product_name }, { quoteId: Number(quote.id), orderValue: value, currency: quote.currency })); // webhook
    }
    return result;
  }
  for (const line of lines) {
    const service = await findOrderedService(tx, { id: Number(line.service_id) });
    if (!service) throw fault(409, 'quotes.productGone', { name: line.product_name });
    const provisioned = await orderProduct(tx, {
      parentAccountId: Number(quote.customer_account_id),
      service,
      quantity: line.quantity,
      orderId: `Q-${quote.id}`,
      terms: termsOfLine(quote, line),
    });
    result.ProvisioningRequestIds.push(Number(provisioned.provisioningRequestId));
    result.ProductAccountIds.push(Number(provisioned.productAccountId));
  }
  return result;
}
