/**
 * Which products a subscription may be upgraded to, and at what price.
 *
 * Rule: the other services of the same vendor and the same service group
 * (e.g. Microsoft 365 Business Standard -> Business Premium or E3), that the
 * subscription's organisation may order (its pricelist, else the visible
 * vendors: the one price query of allowed-services.ts), leaving out one-time
 * services (an upgrade is a subscription) and products that do not cost more
 * per unit (a cheaper product is a downgrade, not an upgrade). Prices are what
 * the organisation pays; the difference is per unit against the current
 * product's price, converted into the target's currency at the stored rates
 * when the two differ (a product outside the pricelist is at its list price).
 */
import { convert, NoExchangeRateError } from '../../business/online-bill-lines';
import { readRates } from '../../business/online-bill-query';
import type { Queryable } from '../../db/db';
import { fault } from '../../fault';
import { paidPrice, pricedServices, type PricedServiceRow } from '../billing/allowed-services';
import { loadStoredAccount, type StoredAccount } from '../accounts/layouts';

/** The subscription being upgraded: an active product account. */
export async function loadUpgradeSource(db: Queryable, accountId: number): Promise<StoredAccount> {
  const source = await loadStoredAccount(db, accountId);
  if (source.account_type !== 'Product' || !source.product_name || source.parent_id === null) throw fault(400, 'upgrade.notSubscription');
  if (source.state === 'Terminated') throw fault(400, 'account.terminated');
  return source;
}

export const quantityOf = (account: { views: Record<string, Record<string, unknown>> | null }) => {
  const value = Number(account.views?.Values?.Quantity ?? 0);
  return Number.isInteger(value) && value > 0 ? value : 0;
};

export interface UpgradeOffers {
  current: PricedServiceRow | undefined;
  targets: PricedServiceRow[];
  /** Per unit, in the target's currency; null when no exchange rate compares the two. */
  difference: (target: PricedServiceRow) => number | null;
}

export async function upgradeOffers(db: Queryable, source: StoredAccount): Promise<UpgradeOffers> {
  const [rows, rates] = await Promise.all([pricedServices(db, source.path), readRates(db)]);
  const current = rows.find((row) => row.display_name === source.product_name);
  const difference = (target: PricedServiceRow) => priceDifference(target, current, rates);
  if (!current) return { current, targets: [], difference };
  const targets = rows.filter(
    (row) =>
      row.allowed &&
      Number(row.id) !== Number(current.id) &&
      Number(row.vendor_account_id) === Number(current.vendor_account_id) &&
      row.service_group === current.service_group &&
      row.fee_type !== 'one-time' &&
      (difference(row) ?? 0) > 0,
  );
  return { current, targets, difference };
}

/** The active subscriptions of each product beside the source (same parent), by product name. */
export async function siblingSubscriptions(db: Queryable, source: StoredAccount): Promise<Map<string, number>> {
  const rows = await db.query<{ id: number; product_name: string }>(
    `SELECT DISTINCT ON (product_name) id, product_name FROM accounts
      WHERE parent_id = $1 AND account_type = 'Product' AND state = 'Active' AND id <> $2
      ORDER BY product_name, id`,
    [source.parent_id, source.id],
  );
  return new Map(rows.map((row) => [row.product_name, Number(row.id)]));
}

function priceDifference(target: PricedServiceRow, current: PricedServiceRow | undefined, rates: ReadonlyMap<string, number>): number | null {
  if (!current) return null;
  const to = paidPrice(target);
  const from = paidPrice(current);
  try {
    return Math.round((to.SalesPrice - convert(from.SalesPrice, from.Currency, to.Currency, rates)) * 100) / 100;
  } catch (error) {
    if (error instanceof NoExchangeRateError) return null;
    throw error;
  }
}
