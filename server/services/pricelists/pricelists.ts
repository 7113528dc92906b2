/**
 * Pricelists (/pricelists): list, create, delete (refused while it has
 * customers), priorities (lower number wins when a customer's pricelists share
 * a service: the price query in ../allowed-services.ts picks the lowest), the
 * customers of a pricelist and the extension AddMarketplaceCustomers
 * (/add-to-pricelist). Every pricelist id is checked against the caller's reach.
 */
import { assertAccountsInScope, isWithin } from '../../auth/access';
import { fault } from '../../fault';
import type { Queryable } from '../../db/db';
import { requireCaller, type Caller } from '../context';
import { defineHandlers } from '../define-handlers';
import { callersPricelist, pricelistOwnerOf } from './pricelist-access';

/** Currencies a pricelist may use; a price needs a stored rate only when it converts between two of them. */
export const PRICELIST_CURRENCIES = ['EUR', 'USD', 'GBP', 'PLN', 'CHF', 'SEK', 'DKK', 'NOK', 'CZK', 'HUF', 'RON', 'BGN', 'TRY'] as const;

/** Account types that can be customers of a pricelist. */
const CUSTOMER_TYPES = ['Company', 'Department', 'Reseller'];

interface MarketplaceListRow {
  id: number;
  name: string;
  description: string;
  currency: string;
  price_priority: number;
  owner_account_id: number;
  owner_name: string;
  customers_count: number;
  services_count: number;
  created_at: Date;
}

/** Pricelists with their customer and service counts, as ListMarketplaces and GetMarketplace answer them. */
async function pricelistSummaries(db: Queryable, where: string, id: number) {
  const rows = await db.query<MarketplaceListRow>(
    `SELECT m.id, m.name, m.description, m.currency, m.price_priority, m.owner_account_id, a.display_name AS owner_name, m.created_at,
            (SELECT count(*) FROM marketplace_customers c WHERE c.marketplace_id = m.id)::int AS customers_count,
            (SELECT count(*) FROM marketplace_services s WHERE s.marketplace_id = m.id)::int AS services_count
       FROM marketplaces m JOIN accounts a ON a.id = m.owner_account_id
      WHERE ${where}
      ORDER BY m.price_priority, m.id`,
    [id],
  );
  return rows.map((row) => ({
    Id: Number(row.id),
    Name: row.name,
    Description: row.description,
    Currency: row.currency,
    PricePriority: row.price_priority,
    OwnerAccountId: Number(row.owner_account_id),
    OwnerName: row.owner_name,
    CustomersCount: row.customers_count,
    ServicesCount: row.services_count,
    CreatedAt: new Date(row.created_at).toISOString(),
  }));
}

export const pricelistHandlers = defineHandlers('Marketplace', {
  async GetAvailableCurrencyList() {
    return [...PRICELIST_CURRENCIES];
  },

  async ListMarketplaces(ctx) {
    const owner = await pricelistOwnerOf(ctx.db, ctx);
    return pricelistSummaries(ctx.db, 'm.owner_account_id = $1', owner.id);
  },

  /** One pricelist within reach (the rule of the prices grid and every other per-pricelist call), also one of a company below. */
  async GetMarketplace(ctx, { marketplaceId }) {
    const pricelist = await callersPricelist(ctx, marketplaceId);
    return (await pricelistSummaries(ctx.db, 'm.id = $1', pricelist.id))[0];
  },

  async CreateMarketplace(ctx, { marketplaceOffer }) {
    const caller = requireCaller(ctx);
    const owner = await pricelistOwnerOf(ctx.db, ctx);
    if (!(PRICELIST_CURRENCIES as readonly string[]).includes(marketplaceOffer.Currency)) {
      throw fault(400, 'marketplace.currencyNotAvailable', { currency: marketplaceOffer.Currency });
    }
    const customers = marketplaceOffer.CustomerAccountIds ?? [];
    await assertAccountsInScope(ctx.db, caller, customers);
    const name = marketplaceOffer.Name.trim();
    if (!name) throw fault(400, 'marketplace.nameRequired');
    const created = await ctx.db.transaction(async (tx) => {
      await tx.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [owner.id]);
      if (await tx.one('SELECT 1 FROM marketplaces WHERE owner_account_id = $1 AND lower(name) = lower($2)', [owner.id, name])) {
        throw fault(409, 'marketplace.nameTaken', { name });
      }
      const priority =
        marketplaceOffer.PricePriority ??
        Number((await tx.one<{ next: number }>('SELECT coalesce(max(price_priority), 0) + 10 AS next FROM marketplaces WHERE owner_account_id = $1', [owner.id]))!.next);
      const row = await tx.one<{ id: number }>(
        `INSERT INTO marketplaces (owner_account_id, name, description, currency, price_priority, properties)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [owner.id, name, marketplaceOffer.Description?.trim() ?? '', marketplaceOffer.Currency, priority, JSON.stringify({ Status: 'Published' })],
      );
      const id = Number(row!.id);
      if (customers.length) await addCustomers(tx, { id, ownerPath: owner.path }, customers);
      await auditIn(tx, caller, 'PricelistCreated', owner.id, { marketplaceId: id, name, currency: marketplaceOffer.Currency, customers: customers.length });
      return { id, priority };
    });
    return { Id: created.id, Name: name, Currency: marketplaceOffer.Currency, PricePriority: created.priority };
  },

  async DeleteMarketplace(ctx, { marketplaceId }) {
    const caller = requireCaller(ctx);
    const pricelist = await callersPricelist(ctx, marketplaceId);
    await ctx.db.transaction(async (tx) => {
      await tx.query('SELECT id FROM marketplaces WHERE id = $1 FOR UPDATE', [pricelist.id]);
      const customers = await tx.one<{ n: number }>('SELECT count(*)::int AS n FROM marketplace_customers WHERE marketplace_id = $1', [pricelist.id]);
      if (customers!.n > 0) throw fault(409, 'marketplace.hasCustomers', { name: pricelist.name, count: customers!.n });
      const open = await tx.one('SELECT 1 FROM marketplace_update_jobs WHERE marketplace_id = $1 AND status IN ($2, $3)', [pricelist.id, 'Pending', 'In progress']);
      if (open) throw fault(409, 'marketplace.saveInProgress', { name: pricelist.name });
      await tx.query('DELETE FROM marketplaces WHERE id = $1', [pricelist.id]);
      await auditIn(tx, caller, 'PricelistDeleted', pricelist.owner_account_id, { marketplaceId: pricelist.id, name: pricelist.name });
    });
    return { Id: pricelist.id, Deleted: true };
  },

  async SaveMarketplacePriority(ctx, { marketplacePriorityList }) {
    const caller = requireCaller(ctx);
    const ids = marketplacePriorityList.map((entry) => entry.MarketplaceId);
    if (new Set(ids).size !== ids.length) throw fault(400, 'marketplace.duplicatePricelist');
    for (const id of ids) await callersPricelist(ctx, id);
    await ctx.db.transaction(async (tx) => {
      for (const entry of marketplacePriorityList) {
        await tx.query('UPDATE marketplaces SET price_priority = $2 WHERE id = $1', [entry.MarketplaceId, entry.Priority]);
      }
      await auditIn(tx, caller, 'PricelistPrioritiesSaved', null, { priorities: marketplacePriorityList });
    });
    return marketplacePriorityList.map((entry) => ({ MarketplaceId: entry.MarketplaceId, Priority: entry.Priority }));
  },

  async ListCustomersForMarketplace(ctx, { marketplaceId, filterName }) {
    const pricelist = await callersPricelist(ctx, marketplaceId);
    const filter = filterName?.trim() ? `%${filterName.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const rows = await ctx.db.query<{ id: number; display_name: string; account_type: string; state: string; path: string; identificator: string | null }>(
      `SELECT a.id, a.display_name, a.account_type, a.state, a.path, a.views -> 'Values' ->> 'AccountIdentificator' AS identificator
         FROM marketplace_customers c JOIN accounts a ON a.id = c.account_id
        WHERE c.marketplace_id = $1 AND ($2::text IS NULL OR lower(a.display_name) LIKE $2)
        ORDER BY lower(a.display_name), a.id`,
      [pricelist.id, filter],
    );
    return rows.map((row) => ({
      AccountId: Number(row.id),
      DisplayName: row.display_name,
      AccountType: row.account_type,
      AccountState: row.state,
      AccountIdentificator: row.identificator,
    }));
  },

  async AddMarketplaceCustomers(ctx, { marketplaceId, customerAccountIds }) {
    const caller = requireCaller(ctx);
    const pricelist = await callersPricelist(ctx, marketplaceId);
    const added = await ctx.db.transaction(async (tx) => {
      const count = await addCustomers(tx, { id: pricelist.id, ownerPath: pricelist.owner_path }, customerAccountIds);
      await auditIn(tx, caller, 'PricelistCustomersAdded', pricelist.owner_account_id, { marketplaceId: pricelist.id, accountIds: customerAccountIds });
      return count;
    });
    return { MarketplaceId: pricelist.id, Added: added };
  },
});

type Tx = Queryable;

/** Customers must be companies, departments or resellers strictly below the pricelist's owner. */
async function addCustomers(tx: Tx, pricelist: { id: number; ownerPath: string }, accountIds: readonly number[]): Promise<number> {
  const accounts = await tx.query<{ id: number; display_name: string; account_type: string; path: string }>(
    'SELECT id, display_name, account_type, path FROM accounts WHERE id = ANY($1::bigint[])',
    [accountIds],
  );
  for (const account of accounts) {
    if (!CUSTOMER_TYPES.includes(account.account_type) || account.path === pricelist.ownerPath || !isWithin(account.path, pricelist.ownerPath)) {
      throw fault(400, 'marketplace.notACustomer', { name: account.display_name });
    }
  }
  const inserted = await tx.query(
    `INSERT INTO marketplace_customers (marketplace_id, account_id) SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING RETURNING account_id`,
    [pricelist.id, accountIds],
  );
  return inserted.length;
}

/** An audit row written inside the transaction of the change. */
export async function auditIn(tx: Queryable, caller: Caller, action: string, accountId: number | null, details: Record<string, unknown>, ip?: string) {
  await tx.query('INSERT INTO audit_log (account_id, actor_user_id, impersonator_user_id, action, details, ip) VALUES ($1, $2, $3, $4, $5, $6)', [
    accountId,
    caller.loaded.user.UserAccountId,
    caller.impersonatorId,
    action,
    JSON.stringify(details),
    ip ?? null,
  ]);
}
