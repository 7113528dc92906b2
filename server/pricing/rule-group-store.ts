import type { Queryable } from '../db/db';
import { isWithin } from '../auth/access';
import { fault } from '../fault';
import type { Caller } from '../services/context';
import { modelFromDb, type PriceRule, type PricingModel } from './price-rules';

export interface PricelistRow {
  id: number;
  name: string;
  currency: string;
  owner_account_id: number;
  owner_path: string;
}

export interface StoredRule extends PriceRule {
  id: number;
  vendorName: string | null;
  isDefault: boolean;
}

interface RuleRow {
  id: number;
  name: string;
  priority: number;
  vendor_account_id: number | null;
  vendor_name: string | null;
  service_group: string | null;
  priceable_item: string | null;
  pricing_model: string;
  value: number;
  is_default: boolean;
}

/** The pricelist, when it exists and its owner is within the caller's reach; undefined either way otherwise. */
export async function findPricelistInScope(db: Queryable, caller: Caller, marketplaceId: number): Promise<PricelistRow | undefined> {
  const row = await db.one<PricelistRow>(
    `SELECT m.id, m.name, m.currency, m.owner_account_id, a.path AS owner_path
       FROM marketplaces m JOIN accounts a ON a.id = m.owner_account_id WHERE m.id = $1`,
    [marketplaceId],
  );
  return row && isWithin(row.owner_path, caller.loaded.scopePath) ? row : undefined;
}

/** The pricelist of a call: one out of reach answers as an unknown one (404), so ids cannot be probed. */
export async function pricelistInScope(db: Queryable, caller: Caller, marketplaceId: number): Promise<PricelistRow> {
  const row = await findPricelistInScope(db, caller, marketplaceId);
  if (!row) throw fault(404, 'pricing.pricelistNotFound');
  return row;
}

/**
 * The rules of a pricelist: its own, or, until it has any, its owner's shared
 * rules (marketplace_id NULL). `own` tells which, so a save knows whether it copies.
 */
export async function loadRuleGroup(db: Queryable, pricelist: PricelistRow): Promise<{ rules: StoredRule[]; own: boolean }> {
  const select = `SELECT r.id, r.name, r.priority, r.vendor_account_id, v.display_name AS vendor_name, r.service_group,
                         r.priceable_item, r.pricing_model, r.value, r.is_default
                    FROM pricing_rules r LEFT JOIN accounts v ON v.id = r.vendor_account_id`;
  let rows = await db.query<RuleRow>(`${select} WHERE r.marketplace_id = $1 ORDER BY r.priority, r.id`, [pricelist.id]);
  const own = rows.length > 0;
  if (!own) {
    rows = await db.query<RuleRow>(`${select} WHERE r.marketplace_id IS NULL AND r.owner_account_id = $1 ORDER BY r.priority, r.id`, [
      pricelist.owner_account_id,
    ]);
  }
  return { rules: rows.map(toStoredRule), own };
}

function toStoredRule(row: RuleRow): StoredRule {
  return {
    id: row.id,
    name: row.name,
    priority: row.priority,
    vendorAccountId: row.vendor_account_id,
    vendorName: row.vendor_name,
    serviceGroup: row.service_group,
    priceableItem: row.priceable_item,
    model: modelFromDb(row.pricing_model) as PricingModel,
    value: row.value,
    isDefault: row.is_default,
  };
}

/** Case-insensitive search over name, vendor, service group and priceable item. */
export function searchRules(rules: StoredRule[], text: string): StoredRule[] {
  const needle = text.toLowerCase();
  return rules.filter((rule) =>
    [rule.name, rule.vendorName, rule.serviceGroup, rule.priceableItem].some((field) => field?.toLowerCase().includes(needle)),
  );
}
