/**
 * The webhook event types an endpoint can subscribe to (issue 26). Shared by the server, which
 * emits them from the transaction of each change, and the client, which offers them as choices.
 * Names follow the Standard Webhooks convention `<noun>.<past-tense verb>`; never rename one.
 */
export const WEBHOOK_EVENT_TYPES = [
  'order.placed',
  'order.approved',
  'order.rejected',
  'subscription.created',
  'subscription.changed',
  'subscription.terminated',
  'subscription.moved',
  'provisioning_request.state_changed',
  'quote.sent',
  'quote.accepted',
  'quote.declined',
  'price_update.completed',
  'import.finished',
  'user.created',
  'user.removed',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
