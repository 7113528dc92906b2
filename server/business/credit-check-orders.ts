import type { Queryable } from '../db/db';
import { isWithin } from '../auth/access';
import { hasCapability } from '../auth/session-user';
import { fault } from '../fault';
import type { Caller } from '../services/context';
import { confirmationResult, type StoredConfirmation } from './customer-confirmation';
import { isoTime } from './row-values';

export type ApprovalStatus = 'Pending' | 'Approved' | 'Rejected' | 'Cancelled';

export interface OrderRow {
  id: number;
  creator_user_id: number;
  creator_name: string;
  parent_account_id: number;
  parent_name: string;
  parent_path: string;
  payer_account_id: number;
  payer_name: string;
  seller_account_id: number;
  seller_name: string;
  service_id: number | null;
  product_name: string | null;
  quantity: number;
  credit_limit: number;
  order_value: number;
  currency: string;
  approval_status: ApprovalStatus;
  reason: string | null;
  updated_by: number | null;
  updated_by_name: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  files: { Id?: number; Name: string; Size: number; ContentType: string }[];
  provisioning_request_id: number | null;
  provisioning_status: string | null;
  /** The quote's customer confirmation, when its seller accepted it for the customer (issue 36). */
  customer_confirmation: StoredConfirmation | null;
}

export const ORDER_SELECT = `
SELECT o.id, o.creator_user_id, cr.display_name AS creator_name,
       o.parent_account_id, pa.display_name AS parent_name, pa.path AS parent_path,
       o.payer_account_id, py.display_name AS payer_name, o.seller_account_id, se.display_name AS seller_name,
       o.service_id, o.product_name, o.quantity, o.credit_limit, o.order_value, o.currency, o.approval_status, o.reason,
       o.updated_by, ub.display_name AS updated_by_name, o.created_at, o.updated_at, o.files,
       o.provisioning_request_id, pr.order_status AS provisioning_status, q.customer_confirmation
  FROM credit_check_orders o
  JOIN accounts cr ON cr.id = o.creator_user_id
  JOIN accounts pa ON pa.id = o.parent_account_id
  JOIN accounts py ON py.id = o.payer_account_id
  JOIN accounts se ON se.id = o.seller_account_id
  LEFT JOIN accounts ub ON ub.id = o.updated_by
  LEFT JOIN provisioning_requests pr ON pr.id = o.provisioning_request_id
  LEFT JOIN quotes q ON q.id = o.quote_id`;

/** Most orders one list returns (newest first). */
export const ORDER_LIST_LIMIT = 2000;

const isCreator = (caller: Caller, order: OrderRow) => order.creator_user_id === caller.loaded.user.UserAccountId;

export function orderResult(caller: Caller, order: OrderRow) {
  const capabilities = caller.loaded.user.Capability;
  const pending = order.approval_status === 'Pending';
  return {
    Id: order.id,
    CreatorUserId: order.creator_user_id,
    CreatorName: order.creator_name,
    ParentAccountId: order.parent_account_id,
    ParentAccountName: order.parent_name,
    PayerAccountId: order.payer_account_id,
    PayerName: order.payer_name,
    SellerAccountId: order.seller_account_id,
    SellerName: order.seller_name,
    ProductName: order.product_name,
    Quantity: order.quantity,
    CreditLimit: order.credit_limit,
    OrderValue: order.order_value,
    Currency: order.currency,
    ApprovalStatus: order.approval_status,
    Reason: order.reason,
    UpdatedByUserId: order.updated_by,
    UpdatedBy: order.updated_by_name,
    CreatedAt: isoTime(order.created_at),
    UpdatedAt: isoTime(order.updated_at),
    Files: order.files.map((file) => ({ Id: file.Id ?? null, Name: file.Name, Size: file.Size, ContentType: file.ContentType })),
    ProvisioningRequestId: order.provisioning_request_id,
    ProvisioningStatus: order.provisioning_status,
    CustomerConfirmation: confirmationResult(order.customer_confirmation),
    CanApprove: pending && !isCreator(caller, order) && hasCapability(capabilities, 'CREDIT_CHECK_ORDER_MANAGEMENT', 'Execute'),
    CanCancel: pending && isCreator(caller, order) && hasCapability(capabilities, 'CREDIT_CHECK_COMPANY_ORDERS', 'Create'),
  };
}

/**
 * One order whose account the caller reaches; `lock` holds it for the transaction. An order out of
 * reach answers as an unknown one (404), so ids cannot be probed for what exists elsewhere.
 */
export async function orderInScope(db: Queryable, caller: Caller, orderId: number, lock = false): Promise<OrderRow> {
  if (lock) await db.query('SELECT id FROM credit_check_orders WHERE id = $1 FOR UPDATE', [orderId]);
  const order = await db.one<OrderRow>(`${ORDER_SELECT} WHERE o.id = $1`, [orderId]);
  if (!order || !isWithin(order.parent_path, caller.loaded.scopePath)) throw fault(404, 'orders.notFound');
  return order;
}

/** Approve and reject are for account managers, never on their own orders; all transitions start from Pending. */
export function assertReviewable(caller: Caller, order: OrderRow): void {
  if (order.approval_status !== 'Pending') throw fault(409, 'orders.notPending');
  if (isCreator(caller, order)) throw fault(403, 'orders.ownOrder');
}

export function assertCancellable(caller: Caller, order: OrderRow): void {
  if (order.approval_status !== 'Pending') throw fault(409, 'orders.notPending');
  if (!isCreator(caller, order)) throw fault(403, 'orders.onlyCreatorCancels');
}
