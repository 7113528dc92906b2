import { emitEvent } from '../webhooks/emit-event';
import { accountEvent } from '../webhooks/domain-events';
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/db';
import { insertAccount } from './insert-account';

export interface OrderedService {
  id: number;
  displayName: string;
  productNumber: string;
  vendorName: string;
  currency: string;
  billingRule: string;
}

/**
 * What a quote agreed for one subscription, stored on the product account as
 * accepted (quotes/quote-terms.ts builds it): the minimum-contract lock reads
 * CommitmentPeriod/CommitmentMonths, the online bill AgreedUnitPrice in Currency.
 */
export interface SubscriptionTerms {
  CommitmentPeriod: string;
  CommitmentMonths: number;
  AutoRenew: 'Renew' | 'Terminate';
  Currency: string;
  /** Price per unit and billing period after the quote's discount, in Currency. */
  AgreedUnitPrice: number;
  DiscountPercent: number;
  QuoteId: number;
}

export interface ProvisionedProduct {
  productAccountId: number;
  provisioningRequestId: number;
  action: 'Create' | 'Modify';
}

interface ProductRow {
  id: number;
  path: string;
  quantity: number | null;
  subscription_id: string | null;
}

/**
 * Orders a product for an account: the product account under `parentAccountId`
 * (created when the parent has no active one of this product, otherwise its
 * quantity grows) and a Pending provisioning request that sends the order to
 * the vendor. With `terms` (an accepted quote's line) it is always a new
 * subscription: its commitment, price and currency are its own, never merged
 * into one held on other terms. Call inside the caller's transaction.
 */
export async function orderProduct(
  tx: Queryable,
  order: { parentAccountId: number; service: OrderedService; quantity: number; orderId: string; terms?: SubscriptionTerms },
): Promise<ProvisionedProduct> {
  const { service, quantity, terms } = order;
  const existing = terms ? undefined : await tx.one<ProductRow>(
    `SELECT id, path, (views->'Values'->>'Quantity')::numeric::int AS quantity, views->'Values'->>'SubscriptionId' AS subscription_id
       FROM accounts
      WHERE parent_id = $1 AND account_type = 'Product' AND product_name = $2 AND state = 'Active'
      ORDER BY id LIMIT 1 FOR UPDATE`,
    [order.parentAccountId, service.displayName],
  );
  let product: { id: number; path: string; subscriptionId: string };
  if (existing) {
    const subscriptionId = existing.subscription_id ?? randomUUID();
    await tx.query(
      `UPDATE accounts SET views = jsonb_set(views, '{Values,Quantity}', to_jsonb($2::int)), updated_at = now() WHERE id = $1`,
      [existing.id, (existing.quantity ?? 0) + quantity],
    );
    product = { id: existing.id, path: existing.path, subscriptionId };
  } else {
    const subscriptionId = randomUUID();
    const inserted = await insertAccount(tx, {
      parentId: order.parentAccountId,
      type: 'Product',
      displayName: service.displayName,
      productName: service.displayName,
      values: {
        ProductName: service.displayName,
        ProductNumber: service.productNumber,
        ServiceId: service.id,
        SubscriptionId: subscriptionId,
        Vendor: service.vendorName,
        Quantity: quantity,
        BillingCycle: service.billingRule,
        StartDate: new Date().toISOString().slice(0, 10),
        Currency: service.currency,
        ...terms,
      },
    });
    product = { id: inserted.id, path: inserted.path, subscriptionId };
  }
  const action = existing ? 'Modify' : 'Create';
  await emitEvent(tx, accountEvent(existing ? 'subscription.changed' : 'subscription.created', { id: product.id, path: product.path, productName: service.displayName }, { quantity: (existing?.quantity ?? 0) + quantity, orderId: order.orderId })); // webhook
  const requestId = await requestProvisioning(tx, { id: product.id, path: product.path, subscriptionId: product.subscriptionId }, action, order.orderId, service.vendorName);
  return { productAccountId: product.id, provisioningRequestId: requestId, action };
}

/**
 * A Pending provisioning request telling the vendor about a product account
 * (Create or Modify). The nearest company above the product is the customer
 * the vendor knows. Call inside the caller's transaction.
 */
export async function requestProvisioning(
  tx: Queryable,
  product: { id: number; path: string; subscriptionId: string | null },
  action: 'Create' | 'Modify',
  orderId: string,
  vendorName: string,
): Promise<number> {
  const company = await tx.one<{ id: number; identificator: string | null }>(
    `SELECT id, views->'Values'->>'AccountIdentificator' AS identificator FROM accounts
      WHERE id = ANY (string_to_array($1, '/')::bigint[]) AND account_type = 'Company'
      ORDER BY length(path) DESC LIMIT 1`,
    [product.path],
  );
  const request = await tx.one<{ id: number }>(
    `INSERT INTO provisioning_requests (account_id, company_account_id, account_path, customer_id, subscription_id, order_id,
                                        order_action, order_target, order_status, product_status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'Pending', 'Pending') RETURNING id`,
    [product.id, company?.id ?? null, product.path, company?.identificator ?? null, product.subscriptionId, orderId, action, `${vendorName} API`],
  );
  if (!request) throw new Error('provisioning request not inserted');
  return Number(request.id);
}

/** The service columns orderProduct needs, by id or by product number. */
export async function findOrderedService(db: Queryable, by: { id?: number; productNumber?: string }): Promise<OrderedService | undefined> {
  const row = await db.one<{ id: number; display_name: string; product_number: string; vendor_name: string; currency: string; billing_rule: string }>(
    `SELECT s.id, s.display_name, s.product_number, v.display_name AS vendor_name, s.currency, s.billing_rule
       FROM services s JOIN accounts v ON v.id = s.vendor_account_id
      WHERE ($1::bigint IS NOT NULL AND s.id = $1) OR ($2::text IS NOT NULL AND lower(s.product_number) = lower($2))
      LIMIT 1`,
    [by.id ?? null, by.productNumber ?? null],
  );
  return row
    ? { id: row.id, displayName: row.display_name, productNumber: row.product_number, vendorName: row.vendor_name, currency: row.currency, billingRule: row.billing_rule }
    : undefined;
}
