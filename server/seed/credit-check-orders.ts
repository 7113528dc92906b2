import { minutesAfter, randomPast, type SeedContext } from './context';
import type { SeededService } from './catalogue';
import type { CustomerCompany, DemoHierarchy } from './hierarchy';
import { insertRows, json } from './sql';
import type { DemoUsers, UserRecord } from './users-and-roles';

export const DEMO_CREDIT_CHECK_ORDERS = 30;

type ApprovalStatus = 'Pending' | 'Approved' | 'Rejected' | 'Cancelled';

/** Fixed status mix, so the review queue always has work and every state shows. */
const STATUS_MIX: readonly [ApprovalStatus, number][] = [
  ['Pending', 12],
  ['Approved', 9],
  ['Rejected', 5],
  ['Cancelled', 4],
];

const REJECTION_REASONS = [
  'Order value exceeds the approved credit limit; please pay the open invoices first.',
  'Credit rating of the payer is insufficient for this order value.',
  'Payer details do not match the credit insurance records.',
];
const CANCELLATION_REASONS = ['Ordered by mistake.', 'Customer chose a smaller plan.', 'Duplicate of an earlier order.'];

/**
 * Orders held for a credit check: created by company users (half of them by
 * company.admin for Contoso), sold by Northwind Cloud, reviewed by
 * account.manager.
 */
export async function seedCreditCheckOrders(ctx: SeedContext, hierarchy: DemoHierarchy, users: DemoUsers, services: SeededService[]): Promise<void> {
  const { random } = ctx;
  const statuses = STATUS_MIX.flatMap(([status, count]) => Array<ApprovalStatus>(count).fill(status));
  const reviewer = users.demo['account.manager'];
  const companiesWithUsers = hierarchy.companies.filter((company) => (users.byOrganisation.get(company.account.id) ?? []).length > 0);
  // Small one-off services never reach a credit limit; leave them out.
  const orderable = services.filter((service) => service.feeType !== 'one-time' || service.salesPrice > 500);

  const rows = statuses.map((status, index) => {
    // Even orders come from company.admin (Contoso) so the demo user's "My orders" has many.
    let company: CustomerCompany;
    let creator: UserRecord;
    if (index % 2 === 0) {
      company = hierarchy.contoso;
      creator = users.demo['company.admin'];
    } else {
      company = random.pick(companiesWithUsers);
      creator = random.pick(users.byOrganisation.get(company.account.id) ?? []);
    }
    const service = random.pick(orderable);
    const quantity = service.tags.includes('per-user') || service.tags.includes('per-device') ? random.int(10, 250) : random.int(1, 5);
    // A year of a recurring service, or the one-off price.
    const months = service.feeType === 'monthly' || service.feeType === 'base' ? 12 : 1;
    const orderValue = Math.round(service.salesPrice * quantity * months * 100) / 100;
    // Credit checks are triggered when the order goes beyond the limit, or close to it.
    const creditLimit = Math.max(500, Math.round((orderValue * random.amount(0.5, 1.1)) / 100) * 100);
    const createdAt = randomPast(ctx, 75, status === 'Pending' ? 0 : 5);
    const decided = status !== 'Pending';
    const reason =
      status === 'Rejected' ? random.pick(REJECTION_REASONS) : status === 'Cancelled' ? random.pick(CANCELLATION_REASONS) : status === 'Approved' && random.chance(0.4) ? 'Approved: payment history is good.' : null;
    const files = random.chance(0.4) ? [{ Name: `purchase-order-${random.int(1000, 9999)}.pdf`, Size: random.int(40_000, 900_000), ContentType: 'application/pdf' }] : [];
    return [
      creator.account.id,
      company.account.id,
      company.account.id,
      hierarchy.northwind.account.id,
      service.id,
      service.displayName,
      quantity,
      creditLimit,
      orderValue,
      company.profile.currency,
      status,
      reason,
      decided ? (status === 'Cancelled' ? creator.account.id : reviewer.account.id) : null,
      json(files),
      createdAt,
      decided ? minutesAfter(createdAt, random.int(30, 4 * 24 * 60)) : createdAt,
    ] as const;
  });
  await insertRows(
    ctx.tx,
    'credit_check_orders',
    [
      'creator_user_id', 'parent_account_id', 'payer_account_id', 'seller_account_id', 'service_id', 'product_name', 'quantity',
      'credit_limit', 'order_value', 'currency', 'approval_status', 'reason', 'updated_by', 'files', 'created_at', 'updated_at',
    ],
    rows,
    '',
  );
}
