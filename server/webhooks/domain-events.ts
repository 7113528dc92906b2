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
