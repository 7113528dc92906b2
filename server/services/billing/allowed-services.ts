/**
 * What an account may order and at what price (Billing/GetCompanyAllowedServices,
 * the extension GetAccountAllowedServices; the sales price of GetServiceInfo).
 *
 * Price rule: the account itself or the nearest account above it that is a
 * customer of any pricelist (marketplace) decides. Its pricelists' services are
 * what it may order, each at the price of the pricelist with the lowest
 * price_priority holding it (spec §9), in that pricelist's currency. With no
 * pricelist anywhere on the path (the root, vendors), the services of the
 * vendors hanging off the path or below it, at their list price.
 */
import type { Static } from '@sinclair/typebox';
import type { AllowedServiceSchema } from '../../../contract/services/allowed-services-schemas';
import type { Queryable } from '../../db/db';
import { fault } from '../../fault';
import { requireCaller, type Caller } from '../context';
import { defineHandlers } from '../define-handlers';

type AllowedService = Static<typeof AllowedServiceSchema>;

/** Account types that order services for themselves (the available-services tab). */
const ORDERING_TYPES = ['Company', 'Department', 'Reseller'];

export interface PricedServiceRow {
  id: number;
  name: string;
  display_name: string;
  vendor_account_id: number;
  vendor_name: string;
  category: string;
  service_group: string;
  product_number: string;
  vendor_sku: string;
  billing_rule: string;
  fee_type: string;
  currency: string;
  base_fee: string;
  purchase_price: string;
  list_price: string;
  suggested_retail_price: string;
  tags: string[];
  is_new: boolean;
  icon: string | null;
  offer_price: string | null;
  offer_currency: string | null;
  marketplace_id: number | null;
  marketplace_name: string | null;
  pricelist_account_id: number | null;
  /** Whether the account may order it (in its pricelists, or a visible vendor's when it has none). */
  allowed: boolean;
}

// $1 = the account's path; $2 = one service id or null for all; $3 = only those it may order.
const PRICED_SERVICES_SQL = `
WITH chain AS (
  SELECT id::bigint AS id, ord FROM unnest(string_to_array($1::text, '/')) WITH ORDINALITY AS t(id, ord)
), buyer AS (
  SELECT c.id FROM chain c
   WHERE EXISTS (SELECT 1 FROM marketplace_customers mc WHERE mc.account_id = c.id)
   ORDER BY c.ord DESC LIMIT 1
), offers AS (
  SELECT DISTINCT ON (ms.service_id) ms.service_id, ms.sales_price, m.currency, m.id AS marketplace_id, m.name AS marketplace_name
    FROM marketplace_customers mc
    JOIN marketplaces m ON m.id = mc.marketplace_id
    JOIN marketplace_services ms ON ms.marketplace_id = m.id
   WHERE mc.account_id = (SELECT id FROM buyer)
   ORDER BY ms.service_id, m.price_priority, m.id
), priced AS (
SELECT s.id, s.name, s.display_name, s.vendor_account_id, v.display_name AS vendor_name, s.category, s.service_group,
       s.product_number, s.vendor_sku, s.billing_rule, s.fee_type, s.currency, s.base_fee, s.purchase_price,
       s.sales_price AS list_price, s.suggested_retail_price, s.tags, s.is_new, s.icon,
       o.sales_price AS offer_price, o.currency AS offer_currency, o.marketplace_id, o.marketplace_name,
       (SELECT id FROM buyer) AS pricelist_account_id,
       CASE WHEN EXISTS (SELECT 1 FROM buyer) THEN o.service_id IS NOT NULL
            ELSE v.parent_id IN (SELECT id FROM chain) OR v.path LIKE $1::text || '/%' END AS allowed
  FROM services s
  JOIN accounts v ON v.id = s.vendor_account_id
  LEFT JOIN offers o ON o.service_id = s.id
 WHERE ($2::bigint IS NULL OR s.id = $2::bigint)
)
SELECT * FROM priced WHERE NOT $3::boolean OR allowed ORDER BY lower(display_name), id`;

/** Every service (or one) with the price the account at `path` pays and whether it may order it. */
export function pricedServices(db: Queryable, path: string, serviceId: number | null = null): Promise<PricedServiceRow[]> {
  return db.query<PricedServiceRow>(PRICED_SERVICES_SQL, [path, serviceId, false]);
}

/**
 * The services the account at `path` may order, with the price it pays: chosen by the database, not read all
 * and filtered here (beside a pricelist of 20,000 services a customer's 110 took 160–240 ms, issue 37).
 */
export function orderableServices(db: Queryable, path: string): Promise<PricedServiceRow[]> {
  return db.query<PricedServiceRow>(PRICED_SERVICES_SQL, [path, null, true]);
}

/** The price actually paid: the pricelist's when one holds the service, else the service's list price. */
export const paidPrice = (row: PricedServiceRow) => ({
  SalesPrice: Number(row.offer_price ?? row.list_price),
  Currency: row.offer_currency ?? row.currency,
  MarketplaceId: row.marketplace_id === null ? null : Number(row.marketplace_id),
  MarketplaceName: row.marketplace_name,
});

/** What the available-services list and the service information both say of a service. */
export const serviceFacts = (row: PricedServiceRow) => ({
  Id: Number(row.id),
  Name: row.name,
  DisplayName: row.display_name,
  VendorAccountId: Number(row.vendor_account_id),
  VendorName: row.vendor_name,
  Category: row.category,
  ServiceGroup: row.service_group,
  ProductNumber: row.product_number,
  BillingRule: row.billing_rule,
  FeeType: row.fee_type,
  Tags: row.tags,
  IsNew: row.is_new,
  Icon: row.icon,
});

function allowedService(row: PricedServiceRow): AllowedService {
  return {
    ...serviceFacts(row),
    BaseFee: Number(row.base_fee),
    BaseFeeCurrency: row.currency,
    ...paidPrice(row),
  };
}

async function allowedServicesOf(db: Queryable, account: { id: number; path: string }) {
  const rows = await pricedServices(db, account.path);
  return {
    AccountId: Number(account.id),
    PricelistAccountId: rows.length && rows[0].pricelist_account_id !== null ? Number(rows[0].pricelist_account_id) : null,
    Services: rows.filter((row) => row.allowed).map(allowedService),
  };
}

/** The caller's organisation: its company (nearest Company/Reseller/Vendor above it), or where it stands when it has none. */
export async function callerOrganisation(db: Queryable, caller: Caller): Promise<{ id: number; path: string }> {
  const companyId = caller.loaded.user.CompanyAccount?.AccountId;
  const company = companyId ? await db.one<{ id: number; path: string }>('SELECT id, path FROM accounts WHERE id = $1', [companyId]) : undefined;
  return company ? { id: Number(company.id), path: company.path } : { id: Number(caller.loaded.scopePath.split('/').pop()), path: caller.loaded.scopePath };
}

export const allowedServicesHandlers = defineHandlers('Billing', {
  async GetCompanyAllowedServices(ctx) {
    return allowedServicesOf(ctx.db, await callerOrganisation(ctx.db, requireCaller(ctx)));
  },

  async GetAccountAllowedServices(ctx, { accountId }) {
    // In reach and MARKETPLACE Read: checked by the dispatcher from the declaration.
    const account = await ctx.db.one<{ id: number; path: string; account_type: string }>('SELECT id, path, account_type FROM accounts WHERE id = $1', [accountId]);
    if (!account) throw fault(404, 'notFound');
    if (!ORDERING_TYPES.includes(account.account_type)) throw fault(400, 'availableServices.wrongAccountType');
    return allowedServicesOf(ctx.db, account);
  },
});
