/**
 * Prices of pricelists: the grid read (extension ListMarketplaceServices, one
 * pricelist or every pricelist of the caller's company), the asynchronous save
 * UpdateMarketplaceServices (add, remove, reprice) and the job's progress.
 */
import { fault } from '../../fault';
import { roundMoney } from '../../pricing/price-rules';
import { findPricelistInScope } from '../../pricing/rule-group-store';
import { pageWindow } from '../grid-query';
import { requireCaller } from '../context';
import { defineHandlers } from '../define-handlers';
import { callersPricelist, pricelistOwnerOf } from './pricelist-access';
import { converterTo, exchangeRates, priceServices, pricelistRules, SERVICE_COLUMNS, serviceItemsIn, type CatalogueService } from './pricelist-prices';
import { auditIn } from './pricelists';
import { createUpdateJob, jobResult, type JobItem, type JobRow } from './update-jobs';

/** Sorts answered from the pricelist row and the service alone (see ListMarketplaceServices). */
const NARROW_SORTS: Record<string, string | undefined> = {
  DisplayName: 'lower(s.display_name)',
  SalesPrice: 'ms.sales_price',
};

/** Sortable grid columns → SQL (the unique tie-breaker is appended). */
const SORTS: Record<string, string> = {
  DisplayName: 'lower(p.display_name)',
  VendorName: 'lower(p.vendor_name)',
  MarketplaceName: 'lower(p.marketplace_name)',
  FeeType: 'p.fee_type',
  PurchasePrice: 'p.purchase_price',
  SalesPrice: 'p.sales_price',
  SuggestedRetailPrice: 'p.suggested_retail_price',
  Margin: 'p.margin',
};

interface PriceRow {
  marketplace_id: number;
  marketplace_name: string;
  service_id: number;
  service_name: string;
  display_name: string;
  vendor_name: string;
  service_group: string;
  fee_type: string;
  service_fee_type: string;
  currency: string;
  purchase_price: number;
  sales_price: number;
  suggested_retail_price: number;
  margin: number | null;
}

// Purchase price and SRP of rows stored before they were kept per row: the service's, converted.
const PRICED_ROWS = `
  SELECT ms.marketplace_id, m.name AS marketplace_name, s.id AS service_id, s.name AS service_name, s.display_name,
         v.display_name AS vendor_name, s.service_group, coalesce(ms.fee_type, s.fee_type) AS fee_type, s.fee_type AS service_fee_type, m.currency,
         coalesce(ms.purchase_price, round(CASE WHEN s.currency = m.currency THEN s.purchase_price ELSE s.purchase_price / rf.per_eur * rt.per_eur END, 2)) AS purchase_price,
         ms.sales_price,
         coalesce(ms.suggested_retail_price, round(CASE WHEN s.currency = m.currency THEN s.suggested_retail_price ELSE s.suggested_retail_price / rf.per_eur * rt.per_eur END, 2)) AS suggested_retail_price
    FROM marketplace_services ms
    JOIN marketplaces m ON m.id = ms.marketplace_id
    JOIN services s ON s.id = ms.service_id
    JOIN accounts v ON v.id = s.vendor_account_id
    LEFT JOIN exchange_rates rf ON rf.currency = s.currency
    LEFT JOIN exchange_rates rt ON rt.currency = m.currency`;

function textFilter(query: { searchText?: string | null; filterModel?: Record<string, unknown> | null }): string | null {
  const model = query.filterModel?.DisplayName as { filter?: unknown } | undefined;
  const text = (typeof model?.filter === 'string' ? model.filter : query.searchText)?.trim();
  return text ? `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
}

export const priceUpdateHandlers = defineHandlers('Marketplace', {
  async ListMarketplaceServices(ctx, { marketplaceId, query }) {
    const sort = query.sortModel?.[0];
    if (sort && !Object.hasOwn(SORTS, sort.colId)) throw fault(400, 'grids.unsupportedSort', { field: sort.colId });
    const direction = sort?.sort === 'desc' ? 'DESC' : 'ASC';
    const { limit } = pageWindow(query);
    const filter = textFilter(query);
    const scopeSql = marketplaceId ? 'ms.marketplace_id = $1' : 'm.owner_account_id = $1';
    const where = `${scopeSql} AND ($2::text IS NULL OR lower(s.display_name) LIKE $2)`;
    const joinPricelists = marketplaceId ? '' : 'JOIN marketplaces m ON m.id = ms.marketplace_id';
    const narrowKey = NARROW_SORTS[sort?.colId ?? 'DisplayName'];
    // A filtered page counts its rows in the same statement (the filter's scan is the costly part);
    // an unfiltered one counts the pricelist's rows from its index, beside the page.
    const total = filter === null ? 'NULL::int' : 'count(*) OVER ()::int';
    const countAll = `SELECT count(*)::int AS n FROM marketplace_services ms ${joinPricelists} WHERE ${scopeSql} AND $2::text IS NULL`;
    const readPage = async (scopeId: number): Promise<{ rows: PriceRow[]; total: number }> => {
      const [rows, counted] = await Promise.all([
        ctx.db.query<PriceRow & { total: number | null }>(
          narrowKey
            ? // Sorts on the pricelist row or the service itself: the page is picked on two narrow tables
              // (indexes services(lower(display_name), id) and marketplace_services(marketplace_id, sales_price)),
              // then only its rows are joined and priced, in the same statement.
              `WITH page AS MATERIALIZED (
                 SELECT k.*, row_number() OVER () AS ord FROM (
                   SELECT ms.marketplace_id, ms.service_id, ${total} AS total FROM marketplace_services ms JOIN services s ON s.id = ms.service_id ${joinPricelists}
                    WHERE ${where}
                    ORDER BY ${narrowKey} ${direction}, ms.service_id ${direction}, ms.marketplace_id
                    LIMIT ${limit} OFFSET $3) k)
               SELECT q.*, CASE WHEN q.sales_price > 0 THEN round((q.sales_price - q.purchase_price) / q.sales_price * 100, 2) END AS margin, page.total
                 FROM page JOIN (${PRICED_ROWS} WHERE (ms.marketplace_id, ms.service_id) IN (SELECT marketplace_id, service_id FROM page)) q
                   ON q.marketplace_id = page.marketplace_id AND q.service_id = page.service_id
                ORDER BY page.ord`
            : `SELECT p.* FROM (
                 SELECT q.*, CASE WHEN q.sales_price > 0 THEN round((q.sales_price - q.purchase_price) / q.sales_price * 100, 2) END AS margin, ${total} AS total
                   FROM (${PRICED_ROWS} WHERE ${where}) q) p
                ORDER BY ${SORTS[sort!.colId]} ${direction} NULLS LAST, p.service_id ${direction}, p.marketplace_id
                LIMIT ${limit} OFFSET $3`,
          [scopeId, filter, query.startRow],
        ),
        filter === null ? ctx.db.one<{ n: number }>(countAll, [scopeId, null]) : undefined,
      ]);
      // A page past the end carries no total: counted apart.
      const n = counted?.n ?? rows[0]?.total ?? (await ctx.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM marketplace_services ms JOIN services s ON s.id = ms.service_id ${joinPricelists} WHERE ${where}`, [scopeId, filter]))!.n;
      return { rows, total: Number(n) };
    };
    let page: { rows: PriceRow[]; total: number };
    if (marketplaceId) {
      // The page is read while the pricelist's reach is checked; a refusal discards it.
      const [, read] = await Promise.all([callersPricelist(ctx, marketplaceId), readPage(marketplaceId)]);
      page = read;
    } else {
      page = await readPage((await pricelistOwnerOf(ctx.db, ctx)).id);
    }
    const rows = page.rows;
    return {
      TotalCount: page.total,
      Rows: rows.map((row) => ({
        Id: `${row.marketplace_id}-${row.service_id}`,
        MarketplaceId: Number(row.marketplace_id),
        MarketplaceName: row.marketplace_name,
        ServiceId: Number(row.service_id),
        ServiceName: row.service_name,
        DisplayName: row.display_name,
        VendorName: row.vendor_name,
        ServiceGroup: row.service_group,
        PriceableItem: row.service_fee_type === 'one-time' ? 'One-time fee' : 'Recurring fee',
        FeeType: row.fee_type,
        Currency: row.currency,
        PurchasePrice: Number(row.purchase_price),
        SalesPrice: Number(row.sales_price),
        SuggestedRetailPrice: Number(row.suggested_retail_price),
        Margin: row.margin === null ? null : Number(row.margin),
      })),
    };
  },

  async UpdateMarketplaceServices(ctx, { marketplaceOfferId, marketplaceServiceList, updateCharges }) {
    const caller = requireCaller(ctx);
    const pricelist = await callersPricelist(ctx, marketplaceOfferId);
    // The last entry of a service wins, as if the entries were applied in order.
    const entries = new Map(marketplaceServiceList.map((entry) => [entry.ServiceName, entry]));
    const services = await ctx.db.query<CatalogueService>(`SELECT ${SERVICE_COLUMNS} FROM services s WHERE s.name = ANY($1::text[])`, [[...entries.keys()]]);
    const byName = new Map(services.map((service) => [service.name, service]));
    const unknown = [...entries.keys()].find((name) => !byName.has(name));
    if (unknown !== undefined) throw fault(400, 'marketplace.unknownService', { name: unknown });

    const included = [...entries.values()].filter((entry) => entry.IsIncluded !== false).map((entry) => byName.get(entry.ServiceName)!);
    const rates = await exchangeRates(ctx.db);
    // Refused before anything is stored when a currency has no rate.
    const convert = converterTo(pricelist.currency, rates, included.map((service) => service.currency));
    const ruled = new Map(priceServices(included, await pricelistRules(ctx.db, pricelist), pricelist.currency, rates).map((price) => [price.serviceId, price]));

    const items: JobItem[] = [...entries.values()].map((entry) => {
      const service = byName.get(entry.ServiceName)!;
      const serviceId = Number(service.id);
      if (entry.IsIncluded === false) return { serviceId, action: 'Remove' };
      const mainItem = serviceItemsIn(service, convert)[0].priceableItem;
      const foreign = entry.Prices?.find((price) => price.PriceableItem.toLowerCase() !== mainItem.toLowerCase());
      if (foreign) throw fault(400, 'marketplace.unknownPriceableItem', { item: foreign.PriceableItem, name: service.name });
      const given = entry.Prices?.[0];
      const rule = ruled.get(serviceId)!;
      return {
        serviceId,
        action: 'Set',
        salesPrice: given ? roundMoney(given.SalesPrice) : rule.salesPrice,
        purchasePrice: roundMoney(convert(Number(service.purchase_price), service.currency)),
        suggestedRetailPrice: given?.SuggestedRetailPrice != null ? roundMoney(given.SuggestedRetailPrice) : rule.suggestedRetailPrice,
        feeType: given?.FeeType ?? service.fee_type,
      };
    });

    const job = await ctx.db.transaction(async (tx) => {
      const jobId = await createUpdateJob(
        tx,
        { marketplaceId: pricelist.id, kind: 'Update', updateCharges: updateCharges === true, creatorUserId: caller.loaded.user.UserAccountId },
        items,
      );
      await auditIn(
        tx,
        caller,
        'PricelistUpdateRequested',
        pricelist.owner_account_id,
        { marketplaceId: pricelist.id, jobId, services: items.length, removed: items.filter((item) => item.action === 'Remove').length },
        ctx.request.ip,
      );
      return tx.one<JobRow>('SELECT * FROM marketplace_update_jobs WHERE id = $1', [jobId]);
    });
    return jobResult(job!);
  },

  async GetMarketplaceUpdateJob(ctx, { jobId }) {
    const job = await ctx.db.one<JobRow>('SELECT * FROM marketplace_update_jobs WHERE id = $1', [jobId]);
    // A job of a pricelist out of reach answers as an unknown job: ids cannot be probed.
    if (!job || !(await findPricelistInScope(ctx.db, requireCaller(ctx), Number(job.marketplace_id)))) throw fault(404, 'marketplace.jobNotFound');
    return jobResult(job);
  },
});
