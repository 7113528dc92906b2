import { minutesAfter, type SeedContext } from './context';
import { insertRows, json } from './sql';
import type { SeededSubscription } from './subscriptions';

export const ORDER_STATUSES = ['Pending', 'In progress', 'Completed', 'Failed', 'Cancelled', 'Escalated'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_ACTIONS = ['Create', 'Modify', 'Terminate', 'Suspend'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** How many provisioning requests the demo holds. */
export const DEMO_PROVISIONING_REQUESTS = 240;

/** Completed and Cancelled need no further action (is_final_status). */
export const FINAL_STATUSES: readonly OrderStatus[] = ['Completed', 'Cancelled'];

/** Vendor-side failures: [error message, details, HTTP status of the vendor answer]. */
const FAILURES: readonly [string, string, number][] = [
  ['Vendor API timeout', 'POST /v2/orders did not answer within 30000 ms (attempt 3 of 3). The order was not confirmed by the vendor.', 504],
  ['Insufficient licences available', '{"code":"InsufficientQuantity","message":"The requested quantity exceeds the licences available on the reseller agreement."}', 409],
  ['Customer tenant not found', '{"code":"TenantNotFound","message":"No tenant is linked to this customer. Link the customer tenant and resubmit."}', 404],
  ['Invalid domain name', 'The domain name contains characters that are not allowed by the registry (IDN table mismatch).', 422],
  ['Quota exceeded in region eu-central-1', '{"code":"QuotaExceeded","message":"vCPU quota of 64 reached for the project. Request a quota increase."}', 403],
  ['Payment method declined', 'The vendor rejected the order: the billing account has no valid payment method on file.', 402],
  ['Duplicate subscription', '{"code":"Conflict","message":"A subscription for this product already exists for the customer."}', 409],
  ['Internal vendor error', 'HTTP 500 Internal Server Error from the vendor provisioning endpoint; correlation id attached in the response history.', 500],
];

const ESCALATION_REASONS = [
  'Escalated to vendor support after repeated failures',
  'Manual approval required by vendor',
  'Waiting for customer to accept vendor agreement',
];

/** Target system that receives the order, by vendor. */
const TARGETS: Record<string, string> = {
  'Adatum Software': 'Adatum Partner API',
  'Litware Security': 'Litware Provisioning API',
  Relecloud: 'Relecloud Compute API',
};

interface HistoryEntry {
  Timestamp: string;
  Status: string;
  Message: string;
  HttpStatus?: number;
}

function productStatus(status: OrderStatus, action: OrderAction): string {
  switch (status) {
    case 'Completed':
      return action === 'Terminate' ? 'Terminated' : action === 'Suspend' ? 'Suspended' : 'Active';
    case 'Failed':
      return 'Provisioning failed';
    case 'Pending':
      return 'Pending';
    case 'In progress':
      return 'Provisioning';
    case 'Cancelled':
      return 'Cancelled';
    case 'Escalated':
      return 'On hold';
  }
}

/**
 * The vendor's answers over time: submitted, accepted, then the outcome.
 * Failed requests show every retry with the vendor's error.
 */
function responseHistory(ctx: SeedContext, createdAt: string, status: OrderStatus, target: string, failure: [string, string, number] | undefined): HistoryEntry[] {
  const { random } = ctx;
  if (status === 'Pending') return [];
  let at = minutesAfter(createdAt, random.int(1, 5));
  const history: HistoryEntry[] = [{ Timestamp: at, Status: 'Submitted', Message: `Order sent to ${target}` }];
  const step = (entry: Omit<HistoryEntry, 'Timestamp'>, maxMinutes: number) => {
    at = minutesAfter(at, random.int(1, maxMinutes));
    history.push({ Timestamp: at, ...entry });
  };
  if (status === 'Failed' || status === 'Escalated') {
    const attempts = random.int(1, 3);
    for (let attempt = 1; attempt <= attempts; attempt++) {
      step({ Status: 'Error', HttpStatus: failure?.[2] ?? 500, Message: `Attempt ${attempt}: ${failure?.[0] ?? 'Vendor error'}` }, 90);
    }
    if (status === 'Escalated') step({ Status: 'Escalated', Message: random.pick(ESCALATION_REASONS) }, 600);
    return history;
  }
  step({ Status: 'Accepted', HttpStatus: 202, Message: 'Vendor accepted the order' }, 10);
  if (status === 'Completed') step({ Status: 'Completed', HttpStatus: 200, Message: 'Provisioning completed' }, 240);
  if (status === 'Cancelled') step({ Status: 'Cancelled', Message: 'Cancelled by operator' }, 600);
  return history;
}

/**
 * Provisioning requests on the product accounts: each subscription's initial
 * Create, then later modifications, suspensions and terminations in every
 * order status.
 */
export async function seedProvisioningRequests(ctx: SeedContext, subscriptions: SeededSubscription[]): Promise<void> {
  const { random } = ctx;
  const now = ctx.baseDate.getTime();
  const requests = Array.from({ length: DEMO_PROVISIONING_REQUESTS }, (_, index) => {
    // The first request of each subscription is the order that created it.
    const isInitial = index < subscriptions.length;
    const subscription = isInitial ? subscriptions[index] : random.pick(subscriptions);
    const action: OrderAction = isInitial ? 'Create' : random.weighted([['Create', 15], ['Modify', 50], ['Terminate', 15], ['Suspend', 20]]);
    const status: OrderStatus = isInitial
      ? random.weighted([['Completed', 85], ['Failed', 10], ['Escalated', 5]])
      : random.weighted([['Completed', 40], ['Pending', 12], ['In progress', 13], ['Failed', 20], ['Cancelled', 7], ['Escalated', 8]]);
    const start = new Date(subscription.account.values.StartDate as string).getTime();
    // Open requests (not final, not failed) are recent: a queue that is weeks old would not look alive.
    const isOpen = status === 'Pending' || status === 'In progress';
    const earliest = isOpen ? Math.max(start, now - 10 * 86_400_000) : start;
    const createdAt = isInitial
      ? new Date(start + random.int(0, 600) * 60_000).toISOString()
      : new Date(earliest + random.next() * (now - earliest)).toISOString();
    const target = TARGETS[subscription.service.vendor.account.displayName] ?? 'Vendor API';
    const failure = status === 'Failed' || status === 'Escalated' ? random.pick(FAILURES) : undefined;
    const history = responseHistory(ctx, createdAt, status, target, failure);
    const orderNumber = String(100_000 + index * 7 + random.int(0, 6));
    return [
      subscription.account.id,
      subscription.company.account.id,
      subscription.account.path,
      String(subscription.company.account.values.AccountIdentificator),
      subscription.subscriptionId,
      `ORD-${createdAt.slice(0, 4)}-${orderNumber}`,
      status === 'Pending' ? null : `SDP-${random.int(10_000_000, 99_999_999)}`,
      action,
      target,
      status,
      productStatus(status, action),
      FINAL_STATUSES.includes(status),
      (status === 'Cancelled' || status === 'Failed') && random.chance(0.4),
      createdAt,
      history.length > 0 ? history[history.length - 1].Timestamp : null,
      failure ? failure[0] : null,
      failure ? failure[1] : null,
      json(history),
    ] as const;
  });
  await insertRows(
    ctx.tx,
    'provisioning_requests',
    [
      'account_id', 'company_account_id', 'account_path', 'customer_id', 'subscription_id', 'order_id', 'sdp_order_id', 'order_action',
      'order_target', 'order_status', 'product_status', 'is_final_status', 'is_rollback_completed', 'created_at', 'last_sent_at',
      'error_message', 'error_details', 'response_history',
    ],
    requests,
    '',
  );
}
