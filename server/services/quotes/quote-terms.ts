/**
 * An accepted quote line as the terms of its subscription (provision-product.ts
 * SubscriptionTerms): what the customer accepted arrives whole in the product
 * account, the bill and the minimum-contract lock, whether the line is ordered
 * at once or after a credit check.
 */
import type { SubscriptionTerms } from '../../business/provision-product';
import type { Queryable } from '../../db/db';
import { lineInput, type QuoteLineRow } from './quote-store';
import { agreedUnitPrice } from './quote-totals';

/**
 * At the end of its commitment a quoted subscription renews (the product layout's default); the quote
 * states it beside each line's commitment, and the customer may change it on the subscription later.
 */
export const QUOTE_RENEWAL = 'Renew';

export function termsOfLine(quote: { id: number; currency: string }, line: QuoteLineRow): SubscriptionTerms {
  return {
    CommitmentPeriod: line.commitment,
    CommitmentMonths: line.commitment_months,
    AutoRenew: QUOTE_RENEWAL,
    Currency: quote.currency,
    AgreedUnitPrice: agreedUnitPrice(lineInput(line)),
    DiscountPercent: Number(line.discount_percent),
    QuoteId: Number(quote.id),
  };
}

/**
 * The terms of a credit-check order placed by accepting a quote (undefined for other orders): its line is
 * the quote's n-th line of the order's service, as the orders were inserted line by line.
 */
export async function termsOfCreditCheckOrder(tx: Queryable, orderId: number): Promise<SubscriptionTerms | undefined> {
  const row = await tx.one<QuoteLineRow & { quote_id: number; quote_currency: string }>(
    `WITH o AS (SELECT id, quote_id, service_id FROM credit_check_orders WHERE id = $1 AND quote_id IS NOT NULL),
          n AS (SELECT c.id, row_number() OVER (ORDER BY c.id) AS n FROM credit_check_orders c JOIN o ON c.quote_id = o.quote_id AND c.service_id = o.service_id)
     SELECT l.quote_id, q.currency AS quote_currency, l.position, l.service_id, l.product_name, l.quantity, l.unit_price, l.list_price, l.setup_fee,
            l.discount_percent, l.commitment, l.commitment_months, l.fee_type, l.period_months
       FROM o JOIN n ON n.id = o.id JOIN quotes q ON q.id = o.quote_id
       JOIN LATERAL (SELECT p.*, row_number() OVER (ORDER BY p.position) AS n FROM quote_products p
                      WHERE p.quote_id = o.quote_id AND p.service_id = o.service_id) l ON l.n = n.n`,
    [orderId],
  );
  return row ? termsOfLine({ id: row.quote_id, currency: row.quote_currency }, row) : undefined;
}
