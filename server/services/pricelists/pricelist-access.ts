/**
 * Which pricelists a caller may touch: those whose owner is within the caller's
 * reach (`pricelistInScope`, shared with the pricing-rule service), and which
 * ones are "the caller's company's" (ListMarketplaces, the all-prices grid).
 */
import type { Queryable } from '../../db/db';
import { pricelistInScope, type PricelistRow } from '../../pricing/rule-group-store';
import { callerOrganisation } from '../billing/allowed-services';
import { requireCaller, type ServiceContext } from '../context';

export { pricelistInScope, type PricelistRow };

/** The pricelist of a call; 404 when unknown or out of the caller's reach (the same answer). */
export function callersPricelist(ctx: ServiceContext, marketplaceId: number): Promise<PricelistRow> {
  return pricelistInScope(ctx.db, requireCaller(ctx), marketplaceId);
}

/** The account whose pricelists the caller manages: its organisation (company or reseller). */
export function pricelistOwnerOf(db: Queryable, ctx: ServiceContext): Promise<{ id: number; path: string }> {
  return callerOrganisation(db, requireCaller(ctx));
}
