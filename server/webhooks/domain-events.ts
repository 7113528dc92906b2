/**
 * The events of each domain, shaped once: the hook points in the services call
 * `emitEvent(tx, quoteEvent('quote.sent', quote))` and the like inside their transaction.
 */
import type { WebhookEvent } from './emit-event';

interface QuoteFacts {
  id: number;
  name: string;
  customer_account_id: number;
  customer_path: string;
  seller_account_id: number;
  version: number;
  currency: string;
}

export function quoteEvent(type: 'quote.sent' | 'quote.accepted' | 'quote.declined', quote: QuoteFacts, extra: Record<string, unknown> = {}): WebhookEvent {
  return {
    type,
    subject: `quote:${quote.id}`,
    accountPath: quote.customer_path,
    data: {
      quoteId: Number(quote.id),
      name: quote.name,
      version: Number(quote.version),
      currency: quote.currency,
      customerAccountId: Number(quote.customer_account_id),
      sellerAccountId: Number(quote.seller_account_id),
      ...extra,
    },
  };
}

type AccountEventType = 'subscription.created' | 'subscription.changed' | 'subscription.terminated' | 'subscription.moved' | 'user.created' | 'user.removed';

/** An event about one account (a subscription is a Product account, a user a User account). */
export function accountEvent(type: AccountEventType, account: { id: number; path: string; displayName?: string | null; productName?: string | null }, extra: Record<string, unknown> = {}): WebhookEvent {
  const kind = type.startsWith('user.') ? 'user' : 'subscription';
  return {
    type,
    subject: `${kind}:${account.id}`,
    accountPath: account.path,
    data: {
      accountId: Number(account.id),
      ...(account.displayName ? { displayName: account.displayName } : {}),
      ...(account.productName ? { productName: account.productName } : {}),
      ...extra,
    },
  };
}

/** Credit-check orders: placed (waiting for approval), approved, rejected. */
export function orderEvent(type: 'order.placed' | 'order.approved' | 'order.rejected', order: { id: number; path: string; productName?: string | null }, extra: Record<string, unknown> = {}): WebhookEvent {
  return {
    type,
    subject: `order:${order.id}`,
    accountPath: order.path,
    data: { orderId: Number(order.id), ...(order.productName ? { productName: order.productName } : {}), ...extra },
  };
}

/** A provisioning request's order or product status changed. */
export function provisioningEvent(request: { id: number; path: string; accountId: number }, extra: Record<string, unknown>): WebhookEvent {
  return {
    type: 'provisioning_request.state_changed',
    subject: `provisioning_request:${request.id}`,
    accountPath: request.path,
    data: { provisioningRequestId: Number(request.id), accountId: Number(request.accountId), ...extra },
  };
}
