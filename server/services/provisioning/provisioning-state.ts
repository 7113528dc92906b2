/**
 * The provisioning request state machine (spec §4: cancel, complete, escalate,
 * resubmit, retry). Completed and Cancelled are final: nothing follows them. A
 * resubmission sends the order again as a new request and cancels the old one.
 */
import { FINAL_STATUSES, type OrderStatus } from './provisioning-query';

export const PROVISIONING_ACTIONS = ['retry', 'resubmit', 'escalate', 'complete', 'cancel'] as const;
export type ProvisioningAction = (typeof PROVISIONING_ACTIONS)[number];

/** Where each action may start from. */
export const ALLOWED_FROM: Readonly<Record<ProvisioningAction, readonly OrderStatus[]>> = {
  retry: ['Failed', 'Escalated'],
  // Once resubmitted, the old request is Cancelled: it cannot be resubmitted twice.
  resubmit: ['Failed', 'Escalated'],
  escalate: ['Pending', 'In progress', 'Failed'],
  complete: ['Pending', 'In progress', 'Failed', 'Escalated'],
  cancel: ['Pending', 'In progress', 'Failed', 'Escalated'],
};

/** The status the request has afterwards (resubmit: the old request's; the new one starts Pending). */
export const RESULT_STATUS: Readonly<Record<ProvisioningAction, OrderStatus>> = {
  retry: 'In progress',
  resubmit: 'Cancelled',
  escalate: 'Escalated',
  complete: 'Completed',
  cancel: 'Cancelled',
};

export function canApply(action: ProvisioningAction, status: string): boolean {
  return (ALLOWED_FROM[action] as readonly string[]).includes(status);
}

export const isFinal = (status: string) => (FINAL_STATUSES as readonly string[]).includes(status);

/** Product status after a request reaches `status` (what the vendor side now shows). */
export function productStatusAfter(status: OrderStatus, orderAction: string): string {
  switch (status) {
    case 'Completed':
      return orderAction === 'Terminate' ? 'Terminated' : orderAction === 'Suspend' ? 'Suspended' : 'Active';
    case 'In progress':
      return 'Provisioning';
    case 'Escalated':
      return 'On hold';
    case 'Cancelled':
      return 'Cancelled';
    case 'Failed':
      return 'Provisioning failed';
    case 'Pending':
      return 'Pending';
  }
}

/** The entry each action appends to the request's response history. */
export function historyEntry(action: ProvisioningAction, actor: string, at: string, newRequestId?: number) {
  const messages: Record<ProvisioningAction, string> = {
    retry: `Retried by ${actor}: order sent again`,
    resubmit: `Resubmitted by ${actor} as request ${newRequestId ?? ''}`.trim(),
    escalate: `Escalated to support by ${actor}`,
    complete: `Marked as completed by ${actor}`,
    cancel: `Cancelled by ${actor}`,
  };
  const statuses: Record<ProvisioningAction, string> = { retry: 'Retried', resubmit: 'Resubmitted', escalate: 'Escalated', complete: 'Completed', cancel: 'Cancelled' };
  return { Timestamp: at, Status: statuses[action], Message: messages[action] };
}
