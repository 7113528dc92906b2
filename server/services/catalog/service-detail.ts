/**
 * The service detail page (/service/{serviceId}/{pricelistId?}):
 * - GetCompanyMarketplaceService: the service as the caller's company sees it
 *   (the price it pays, whether it may order it; allowed-services.ts decides);
 * - GetAvailableMarketplacesForServices: the caller's pricelists, each saying
 *   whether it holds the service and at what price;
 * - GetMyMarketplaceService: the service in one pricelist of the caller's
 *   (owned by an account within reach; any other pricelist answers 404).
 */
import { isWithin } from '../../auth/access';
import type { Queryable } from '../../db/db';
import { fault } from '../../fault';
import { callerOrganisation, paidPrice, pricedServices } from '../billing/allowed-services';
import { requireCaller } from '../context';
import { defineHandlers } from '../define-handlers';
import { catalogService, languageOf, requireService, textsFor } from './service-rows';

const round2 = (value: number) => Math.round(value * 100) / 100;

async function soldInOwnPricelist(db: Queryable, serviceId: number, organisationId: number): Promise<boolean> {
  return Boolean(
    await db.one(
      'SELECT 1 FROM marketplace_services ms JOIN marketplaces m ON m.id = ms.marketplace_id WHERE ms.service_id = $1 AND m.owner_account_id = $2 LIMIT 1',
      [serviceId, organisationId],
    ),
  );
}

interface PricelistRow {
  id: number;
  name: string;
  currency: string;
  price_priority: number;
  sales_price: number | null;
  contains: boolean;
  customers: number;
}

export const serviceDetailHandlers = defineHandlers('Marketplace', {
  async GetCompanyMarketplaceService(ctx, { serviceName }) {
    const caller = requireCaller(ctx);
    const organisation = await callerOrganisation(ctx.db, caller);
    const service = await requireService(ctx.db, serviceName);
    const [priced] = await pricedServices(ctx.db, organisation.path, service.id);
    const visible =
      priced && (priced.allowed || Number(service.vendor_account_id) === organisation.id || (await soldInOwnPricelist(ctx.db, service.id, organisation.id)));
    if (!priced || !visible) throw fault(404, 'catalog.unknownService', { name: serviceName });
    const price = paidPrice(priced);
    return {
      Service: catalogService(service, await textsFor(ctx.db, service, languageOf(ctx.locale))),
      CanOrder: priced.allowed,
      SalesPrice: price.SalesPrice,
      SalesPriceCurrency: price.Currency,
      MarketplaceId: price.MarketplaceId,
      MarketplaceName: price.MarketplaceName,
    };
  },

  async GetAvailableMarketplacesForServices(ctx, { serviceName }) {
    const organisation = await callerOrganisation(ctx.db, requireCaller(ctx));
    const service = await requireService(ctx.db, serviceName);
    const rows = await ctx.db.query<PricelistRow>(
      `SELECT m.id, m.name, m.currency, m.price_priority, ms.sales_price, ms.service_id IS NOT NULL AS contains,
              (SELECT count(*)::int FROM marketplace_customers mc WHERE mc.marketplace_id = m.id) AS customers
         FROM marketplaces m
         LEFT JOIN marketplace_services ms ON ms.marketplace_id = m.id AND ms.service_id = $2
        WHERE m.owner_account_id = $1
        ORDER BY m.price_priority, lower(m.name), m.id`,
      [organisation.id, service.id],
    );
    return {
      ServiceId: Number(service.id),
      Marketplaces: rows.map((row) => ({
        MarketplaceId: Number(row.id),
        Name: row.name,
        Currency: row.currency,
        PricePriority: Number(row.price_priority),
        ContainsService: row.contains,
        SalesPrice: row.sales_price === null ? null : Number(row.sales_price),
        CustomersCount: Number(row.customers),
      })),
    };
  },

  async GetMyMarketplaceService(ctx, { marketplaceId, serviceName }) {
    const caller = requireCaller(ctx);
    const pricelist = await ctx.db.one<{ id: number; name: string; currency: string; price_priority: number; owner_path: string }>(
      'SELECT m.id, m.name, m.currency, m.price_priority, o.path AS owner_path FROM marketplaces m JOIN accounts o ON o.id = m.owner_account_id WHERE m.id = $1',
      [marketplaceId],
    );
    if (!pricelist || !isWithin(pricelist.owner_path, caller.loaded.scopePath)) throw fault(404, 'catalog.unknownPricelist', { id: marketplaceId });
    const service = await requireService(ctx.db, serviceName);
    const entry = await ctx.db.one<{ sales_price: number }>('SELECT sales_price FROM marketplace_services WHERE marketplace_id = $1 AND service_id = $2', [
      pricelist.id,
      service.id,
    ]);
    const salesPrice = entry ? Number(entry.sales_price) : null;
    const purchase = Number(service.purchase_price);
    const margin = salesPrice !== null && salesPrice > 0 && pricelist.currency === service.currency ? round2(((salesPrice - purchase) / salesPrice) * 100) : null;
    return {
      Service: catalogService(service, await textsFor(ctx.db, service, languageOf(ctx.locale))),
      Marketplace: { MarketplaceId: Number(pricelist.id), Name: pricelist.name, Currency: pricelist.currency, PricePriority: Number(pricelist.price_priority) },
      ContainsService: entry !== undefined,
      PurchasePrice: purchase,
      ListPrice: Number(service.sales_price),
      SalesPrice: salesPrice,
      MarginPercent: margin,
    };
  },
});
